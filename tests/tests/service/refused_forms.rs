//! Every kind of refused form speaks its reader's language (issue 41): a director
//! reading French who sends a bad form reads its problems in French, each field by its
//! label, never a field's identifier nor the API's English. One test per kind of form:
//! the settings, the staff's credentials, the draft (its hand edits and a draft made
//! stale), the referee's rulings, a result, a rating list's file and an OpenGotha file.

use crate::forms::{no_redirects, organizer};
use crate::games::{play, setup, start_game};
use arbitre_tests::TestService;
use reqwest::header::{ACCEPT_LANGUAGE, CONTENT_TYPE, COOKIE, ORIGIN};

/// Words of the API's English a refusal said before issue 41, none of them French.
const ENGLISH: &[&str] = &[
    "must", "choose", "the", "is", "not", "be", "field", "give", "only", "needs", "line", "column",
    "file", "draft", "round", "player", "result", "number", "whole", "between", "empty", "well",
    "formed", "binary", "changed", "since",
];

/// The problems a refused page shows, as text (entities read).
fn shown_problems(page: &str) -> String {
    // A form shown again lists them in a `<div>`; the error page says them in a `<p>`.
    let (start, close) = ["div", "p"]
        .iter()
        .find_map(|tag| {
            let start = page.find(&format!("<{tag} class=\"problem\""))?;
            Some((start, format!("</{tag}>")))
        })
        .unwrap_or_else(|| panic!("no problem shown: {page}"));
    let end = start + page[start..].find(&close).unwrap();
    let mut text = String::new();
    let mut in_tag = false;
    for character in page[start..end].chars() {
        match character {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            _ if !in_tag => text.push(character),
            _ => {}
        }
    }
    text.replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// `shown` is French: no English word of the API's, no identifier in snake case, no
/// backtick, no JSON, and it says each of `says`.
fn speaks_french(shown: &str, says: &[&str]) {
    for said in says {
        assert!(shown.contains(said), "«{said}» not in: {shown}");
    }
    for word in shown.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        assert!(
            !ENGLISH.contains(&word.to_lowercase().as_str()),
            "an English word, {word}, in: {shown}"
        );
        assert!(
            !(word.contains('_') && word.chars().any(char::is_alphabetic)),
            "an identifier, {word}, in: {shown}"
        );
    }
    assert!(
        !shown.contains('`') && !shown.contains("{\""),
        "raw text in: {shown}"
    );
}

/// `form` posted to `path` as `secret`'s holder reading French: the status and the page.
async fn post_french(
    service: &TestService,
    secret: &str,
    path: &str,
    form: &[(&str, &str)],
) -> (u16, String) {
    let response = no_redirects()
        .post(format!("{}{path}", service.base_url))
        .header(COOKIE, service.session_cookie(secret).await)
        .header(ORIGIN, &service.base_url)
        .header(ACCEPT_LANGUAGE, "fr-FR,fr;q=0.9")
        .form(form)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// A file sent with its form's `fields` (`multipart/form-data`, as a browser sends
/// it) as `secret`'s holder reading French: the status and the page.
async fn upload_french(
    service: &TestService,
    secret: &str,
    path: &str,
    fields: &[(&str, &str)],
    file: &[u8],
) -> (u16, String) {
    let boundary = "arbitre-refused-form";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; \
             filename=\"sent\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let response = no_redirects()
        .post(format!("{}{path}", service.base_url))
        .header(COOKIE, service.session_cookie(secret).await)
        .header(ORIGIN, &service.base_url)
        .header(ACCEPT_LANGUAGE, "fr")
        .header(
            CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(body)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// The settings form as a browser sends it, `changes` typed over it.
fn settings_form<'a>(changes: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut form = vec![
        ("name", "Tournoi de Paris"),
        ("place", "Paris"),
        ("country", "FR"),
        ("start_date", "2026-12-05"),
        ("end_date", "2026-12-06"),
        ("number_of_rounds", "5"),
        ("board_size", "19"),
        ("ruleset", "french"),
        ("time_system", "keep"),
        ("main_minutes", "60"),
        ("periods", "5"),
        ("period_seconds", "30"),
        ("mcmahon_bar", "1d"),
        ("mcmahon_floor", "20k"),
        ("handicap_ceiling", "9"),
        ("handicap_reduction", "1"),
        ("no_handicap_from", "1d"),
    ];
    for (name, value) in changes {
        form.retain(|(field, _)| field != name);
        form.push((name, value));
    }
    form
}

#[tokio::test]
async fn a_refused_settings_form_speaks_french() {
    let service = TestService::start().await;
    let (id, secret) = organizer(&service).await;
    let path = format!("/dashboard/t/{id}/settings");
    // The form's own reading of its boxes.
    let typed = settings_form(&[
        ("number_of_rounds", "cinq"),
        ("komi_kind", "fixed"),
        ("komi", "six"),
    ]);
    let (status, page) = post_french(&service, &secret, &path, &typed).await;
    assert_eq!(status, 422, "{page}");
    assert!(page.contains("<html lang=\"fr\">"));
    speaks_french(
        &shown_problems(&page),
        &[
            "Nombre de rondes : doit être un nombre entier",
            "Komi : doit être un nombre",
        ],
    );
    // The API's checks of the settings read.
    let checked = settings_form(&[
        ("end_date", "2026-12-01"),
        ("board_size", "40"),
        ("mcmahon_bar", "3 dan"),
        ("name", ""),
        ("number_of_rounds", "500"),
        ("time_system", "byo-yomi"),
        ("periods", "0"),
    ]);
    let (status, page) = post_french(&service, &secret, &path, &checked).await;
    assert_eq!(status, 422, "{page}");
    speaks_french(
        &shown_problems(&page),
        &[
            "Dernier jour : ne doit pas précéder le premier jour",
            "Taille du goban (19 : 19×19) : doit être entre 2 et 25",
            "Barre McMahon : « 3 dan » n'est pas un niveau",
            "Nom : ne doit pas être vide",
            "Nombre de rondes : doit être au plus 100",
            "Temps de réflexion : demande au moins une période (ou une pierre par période)",
        ],
    );
}

#[tokio::test]
async fn a_refused_credential_speaks_french() {
    let service = TestService::start().await;
    let (id, secret) = organizer(&service).await;
    let (status, page) = post_french(
        &service,
        &secret,
        &format!("/dashboard/t/{id}/staff"),
        &[
            ("role", "table"),
            ("label", ""),
            ("table", "0"),
            ("handover", "link"),
        ],
    )
    .await;
    assert_eq!(status, 422, "{page}");
    speaks_french(
        &shown_problems(&page),
        &[
            "Qui le détient : ne doit pas être vide",
            "Table : doit être entre 1 et 10000",
        ],
    );
}

/// The hidden `name`'s value in a page's form.
fn hidden(page: &str, name: &str) -> String {
    let marker = format!("name=\"{name}\" value=\"");
    let start = page.find(&marker).expect(name) + marker.len();
    page[start..start + page[start..].find('"').unwrap()]
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[tokio::test]
async fn a_refused_change_of_a_draft_speaks_french() {
    let service = TestService::start().await;
    let id = service
        .api()
        .create_tournament(serde_json::json!({}))
        .await
        .id
        .to_string();
    for (surname, rank) in [
        ("Dupont", "3k"),
        ("Martin", "2k"),
        ("Bernard", "1k"),
        ("Petit", "1d"),
    ] {
        service.create_player(&id, surname, rank).await;
    }
    service.create_round(&id, 1).await;
    let path = format!("/dashboard/t/{id}/rounds/1/draft");
    let admin = service.admin_token.clone();
    let (status, drafted) = post_french(&service, &admin, &path, &[("action", "draft")]).await;
    assert_eq!(status, 200, "{drafted}");
    let state = hidden(&drafted, "state");
    let kept = |action: &'static str| {
        vec![
            ("action", action),
            ("fixed", "[]"),
            ("excluded", "[]"),
            ("edits", ""),
        ]
    };
    let mut one_player = kept("exchange");
    one_player.push(("state", state.as_str()));
    let (_, page) = post_french(&service, &admin, &path, &one_player).await;
    speaks_french(
        &shown_problems(&page),
        &["Joueur : choisissez deux joueurs"],
    );
    let mut no_table = kept("swap-99");
    no_table.push(("state", state.as_str()));
    let (_, page) = post_french(&service, &admin, &path, &no_table).await;
    speaks_french(
        &shown_problems(&page),
        &["Le brouillon n'a pas de table 99."],
    );
    // A draft of another state of the round: a conflict, and a fresh draft.
    let mut stale = kept("publish");
    stale.push(("state", "0"));
    let (_, page) = post_french(&service, &admin, &path, &stale).await;
    speaks_french(
        &shown_problems(&page),
        &["La ronde a changé depuis ce brouillon"],
    );
}

#[tokio::test]
async fn a_refused_ruling_speaks_french() {
    let service = TestService::start().await;
    let setup = setup(&service, serde_json::json!({}), 1).await;
    let game = start_game(&service, &setup, 0, serde_json::json!({})).await;
    let path = format!(
        "/dashboard/t/{}/hall/games/{game}/rulings",
        setup.tournament_id
    );
    let ruling = |kind: &'static str, color: &'static str, seconds: &'static str| {
        vec![
            ("kind", kind),
            ("reason", ""),
            ("color", color),
            ("delta_seconds", seconds),
            ("result", ""),
            ("dead", ""),
            ("height", "9"),
        ]
    };
    let (status, page) = post_french(
        &service,
        &setup.referee,
        &path,
        &ruling("time_adjustment", "", "trente"),
    )
    .await;
    assert_eq!(status, 422, "{page}");
    speaks_french(
        &shown_problems(&page),
        &["Secondes ajoutées (négatif : retirées) : doit être un nombre"],
    );
    let (_, page) = post_french(
        &service,
        &setup.referee,
        &path,
        &ruling("time_adjustment", "", "30"),
    )
    .await;
    speaks_french(
        &shown_problems(&page),
        &[
            "Motif (obligatoire) : ne doit pas être vide",
            "Joueur concerné (pénalité, temps, forfait, avertissement) : cette décision l'exige",
        ],
    );
    let mut dead = ruling("dead_stones", "", "");
    dead[1] = ("reason", "les joueurs ne s'accordent pas");
    dead[5] = ("dead", "Z99");
    let (_, page) = post_french(&service, &setup.referee, &path, &dead).await;
    speaks_french(
        &shown_problems(&page),
        &["« Z99 » n'est pas un point du goban"],
    );
    // The game's own refusal: the clocks run, nothing to resume.
    let mut resume = ruling("resume", "", "");
    resume[1] = ("reason", "la pendule est repartie");
    let (_, page) = post_french(&service, &setup.referee, &path, &resume).await;
    speaks_french(&shown_problems(&page), &["La partie n'est pas en pause."]);
    // Two passes: the count (rule 5 bis). The table's refusal of a dead stone names its
    // point as players write it, never in SGF's `ee`.
    for (turn, point) in [(1, "cc"), (2, "pass"), (3, "pass")] {
        play(&service, &setup.tables[0], &game, turn, point).await;
    }
    dead[5] = ("dead", "E5");
    let (status, page) = post_french(&service, &setup.referee, &path, &dead).await;
    assert_eq!(status, 422, "{page}");
    speaks_french(
        &shown_problems(&page),
        &["Le point E5 est vide : seules des pierres peuvent être mortes."],
    );
}

#[tokio::test]
async fn a_refused_result_speaks_french() {
    let service = TestService::start().await;
    let setup = setup(&service, serde_json::json!({}), 1).await;
    let path = format!(
        "/dashboard/t/{}/rounds/1/pairings/{}",
        setup.tournament_id, setup.pairings[0]
    );
    let (status, page) = post_french(
        &service,
        &setup.referee,
        &path,
        &[("result", "noir"), ("reason", "")],
    )
    .await;
    assert_eq!(status, 422, "{page}");
    speaks_french(
        &shown_problems(&page),
        &["Résultat : n'est pas un résultat (B+R, W+2.5, 0, Void)"],
    );
}

#[tokio::test]
async fn a_refused_rating_list_speaks_french() {
    let service = TestService::start().await;
    let (id, _) = organizer(&service).await;
    let admin = service.admin_token.clone();
    let path = format!("/dashboard/t/{id}/rating-lists/import");
    let (status, page) = upload_french(&service, &admin, &path, &[("source", "egd")], b"").await;
    assert_eq!(status, 422, "{page}");
    speaks_french(
        &shown_problems(&page),
        &["Choisissez d'abord un fichier à envoyer."],
    );
    let (status, page) = upload_french(
        &service,
        &admin,
        &path,
        &[("source", "egd")],
        b"\x00\x01\x02 not a list",
    )
    .await;
    assert_eq!(status, 422, "{page}");
    speaks_french(
        &shown_problems(&page),
        &["Ligne 1, colonne 1 : c'est un fichier binaire, pas une liste de classement."],
    );
}

#[tokio::test]
async fn a_refused_opengotha_file_speaks_french() {
    let service = TestService::start().await;
    let admin = service.admin_token.clone();
    let (status, page) = upload_french(
        &service,
        &admin,
        "/dashboard/import",
        &[],
        b"<?xml version=\"1.0\"?>\n<Tournament>\n  <Players><Player name=\"Dupont\" </Players>\n",
    )
    .await;
    assert_eq!(status, 422, "{page}");
    let shown = shown_problems(&page);
    speaks_french(
        &shown,
        &[
            "Ligne 3, colonne",
            "le fichier n'est pas un XML bien formé.",
        ],
    );
}

/// A form the page answers with its error page (a table's terms typed on the round's
/// page) says its fields' problems there in French too.
#[tokio::test]
async fn a_refused_change_of_a_tables_terms_speaks_french() {
    let service = TestService::start().await;
    let setup = setup(&service, serde_json::json!({}), 1).await;
    let path = format!(
        "/dashboard/t/{}/rounds/1/pairings/{}/terms",
        setup.tournament_id, setup.pairings[0]
    );
    let admin = service.admin_token.clone();
    let (status, page) = post_french(
        &service,
        &admin,
        &path,
        &[("handicap", "deux"), ("komi", "")],
    )
    .await;
    assert_eq!(status, 422, "{page}");
    speaks_french(
        &shown_problems(&page),
        &["Handicap : doit être entre 0 et 9"],
    );
}

#[tokio::test]
async fn a_refused_search_of_the_rating_lists_speaks_french() {
    let service = TestService::start().await;
    let (id, secret) = organizer(&service).await;
    let long = "a".repeat(101);
    let page = service
        .get(&format!("/dashboard/t/{id}/rating-list?q={long}"))
        .header(COOKIE, service.session_cookie(&secret).await)
        .header(ACCEPT_LANGUAGE, "fr")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    speaks_french(
        &shown_problems(&page),
        &["Nom, PIN ou licence : doit compter de 1 à 100 caractères"],
    );
}

#[tokio::test]
async fn a_refused_count_of_tablets_speaks_french() {
    let service = TestService::start().await;
    let (id, secret) = organizer(&service).await;
    let (status, page) = post_french(
        &service,
        &secret,
        &format!("/dashboard/t/{id}/tablets/links"),
        &[("tables", "5000")],
    )
    .await;
    assert_eq!(status, 422, "{page}");
    speaks_french(
        &shown_problems(&page),
        &["Tables : doit être entre 1 et 1000"],
    );
}
