//! The pages' language (issue 41): the reader's choice (a cookie), else the browser's
//! `Accept-Language`, else English for a page without a tournament.

use arbitre_api::access::Role;
use arbitre_api::i18n::{Language, TimeZone};
use arbitre_tests::api::{fields, problem, problem_and_body};
use arbitre_tests::TestService;
use reqwest::header::{ACCEPT_LANGUAGE, COOKIE, LOCATION, ORIGIN, REFERER, SET_COOKIE};
use reqwest::StatusCode;

async fn page(
    service: &TestService,
    path: &str,
    headers: &[(reqwest::header::HeaderName, &str)],
) -> (StatusCode, String) {
    let mut request = service.get(path);
    for (name, value) in headers {
        request = request.header(name, *value);
    }
    let response = request.send().await.unwrap();
    (response.status(), response.text().await.unwrap())
}

#[tokio::test]
async fn a_page_follows_the_browsers_languages_then_english() {
    let service = TestService::start().await;
    let (_, french) = page(
        &service,
        "/",
        &[(ACCEPT_LANGUAGE, "fr-FR,fr;q=0.9,en;q=0.8")],
    )
    .await;
    assert!(french.contains("<html lang=\"fr\">"), "{french}");
    assert!(french.contains("<h1>Tournois</h1>"), "{french}");
    let (_, german) = page(&service, "/", &[(ACCEPT_LANGUAGE, "ko, de;q=0.5")]).await;
    assert!(german.contains("<html lang=\"de\">"), "{german}");
    let (_, nothing_said) = page(&service, "/", &[]).await;
    assert!(
        nothing_said.contains("<html lang=\"en\">"),
        "{nothing_said}"
    );
    assert!(nothing_said.contains("<h1>Tournaments</h1>"));
    let (_, none_spoken) = page(&service, "/", &[(ACCEPT_LANGUAGE, "ko, ja")]).await;
    assert!(none_spoken.contains("<html lang=\"en\">"));
}

#[tokio::test]
async fn the_readers_choice_outweighs_the_browsers_languages() {
    let service = TestService::start().await;
    let (_, italian) = page(
        &service,
        "/",
        &[(ACCEPT_LANGUAGE, "fr"), (COOKIE, "arbitre_language=it")],
    )
    .await;
    assert!(italian.contains("<html lang=\"it\">"), "{italian}");
    assert!(italian.contains("<h1>Tornei</h1>"));
}

#[tokio::test]
async fn the_switch_keeps_the_choice_and_shows_the_same_page_again() {
    let service = TestService::start().await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let url = format!("{}/language", service.base_url);
    let response = client
        .post(&url)
        .header(ORIGIN, &service.base_url)
        .header(
            REFERER,
            format!("{}/sign-in?next=%2Fdashboard", service.base_url),
        )
        .form(&[("language", "de")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()[LOCATION], "/sign-in?next=%2Fdashboard");
    let cookie = response.headers()[SET_COOKIE].to_str().unwrap();
    assert!(cookie.starts_with("arbitre_language=de;"), "{cookie}");
    // Another site's page is not shown again, nor may another site switch.
    let elsewhere = client
        .post(&url)
        .header(ORIGIN, &service.base_url)
        .header(REFERER, "http://example.invalid/page")
        .form(&[("language", "fr")])
        .send()
        .await
        .unwrap();
    assert_eq!(elsewhere.headers()[LOCATION], "/");
    let forged = client
        .post(&url)
        .header(ORIGIN, "http://example.invalid")
        .form(&[("language", "fr")])
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    assert!(forged.headers().get(SET_COOKIE).is_none());
}

#[tokio::test]
async fn an_error_page_is_written_in_the_readers_language() {
    let service = TestService::start().await;
    let path = "/t/00000000-0000-7000-8000-000000000000";
    let (status, french) = page(&service, path, &[(ACCEPT_LANGUAGE, "fr")]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(french.contains("<html lang=\"fr\">"), "{french}");
    assert!(french.contains("<h1>Introuvable</h1>"), "{french}");
    assert!(french.contains("Aucun tournoi"), "{french}");
    let (_, english) = page(&service, path, &[]).await;
    assert!(english.contains("<h1>Not found</h1>"), "{english}");
}

#[tokio::test]
async fn a_kept_public_page_is_kept_once_per_language() {
    let service = TestService::start().await;
    let tournament = service.api().create_tournament(serde_json::json!({})).await;
    let path = format!("/t/{}", tournament.id);
    let (_, english) = page(&service, &path, &[]).await;
    assert!(english.contains("Find your board"), "{english}");
    let (_, french) = page(&service, &path, &[(ACCEPT_LANGUAGE, "fr")]).await;
    assert!(french.contains("Trouver sa table"), "{french}");
    let (_, english_again) = page(&service, &path, &[]).await;
    assert_eq!(english_again, english);
}

/// The public pairings page of a tournament, as a browser asking for `headers` reads it.
async fn public_page(service: &TestService, id: &str, accept: Option<&str>) -> String {
    let headers: Vec<_> = accept
        .map(|value| (ACCEPT_LANGUAGE, value))
        .into_iter()
        .collect();
    let (status, body) = page(service, &format!("/t/{id}"), &headers).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test]
async fn a_tournaments_page_speaks_its_language_when_the_reader_asks_for_none() {
    let service = TestService::start().await;
    let tournament = service
        .api()
        .create_tournament(serde_json::json!({"language": "it"}))
        .await;
    assert_eq!(tournament.language.code(), "it");
    let id = &tournament.id.to_string();
    assert!(public_page(&service, id, None)
        .await
        .contains("<html lang=\"it\">"));
    // The browser's language comes first, and one the pages do not speak decides nothing.
    let french = public_page(&service, id, Some("fr")).await;
    assert!(french.contains("<html lang=\"fr\">"), "{french}");
    let korean = public_page(&service, id, Some("ko")).await;
    assert!(korean.contains("<html lang=\"it\">"), "{korean}");
    // The director changes it: the kept page follows.
    let changed = service
        .request(
            reqwest::Method::PATCH,
            &format!("/tournaments/{id}"),
            Some(&service.admin_token),
        )
        .json(&serde_json::json!({"language": "de"}))
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), StatusCode::OK);
    assert!(public_page(&service, id, None)
        .await
        .contains("<html lang=\"de\">"));
    // A page without a tournament keeps English.
    let (_, home) = page(&service, "/", &[]).await;
    assert!(home.contains("<html lang=\"en\">"));
}

#[tokio::test]
async fn a_tournament_refuses_a_language_or_a_zone_it_cannot_show() {
    let service = TestService::start().await;
    let created = service.api().create_tournament(serde_json::json!({})).await;
    assert_eq!(created.language, Language::of_code("en").unwrap());
    assert!(!created.time_zone.name().is_empty());
    for (field, value) in [("language", "ko"), ("time_zone", "Mars/Olympus")] {
        let refused = service
            .post_tournament(serde_json::json!({ field: value }))
            .await;
        let refused = problem(refused, 422, "body.invalid").await;
        assert!(
            refused
                .errors
                .iter()
                .any(|error| error.field == field && error.message.contains(value)),
            "{refused:?}"
        );
    }
}

#[tokio::test]
async fn a_moment_is_shown_on_the_tournaments_clock_in_the_readers_language() {
    let service = TestService::start().await;
    let tournament = service
        .api()
        .create_tournament(serde_json::json!({"time_zone": "America/New_York"}))
        .await;
    assert_eq!(tournament.time_zone.name(), "America/New_York");
    let id = tournament.id;
    let issued = service.api().issue_token(id, Role::Referee, "Marie").await;
    let at = issued.token.created_at;
    let staff = service
        .get(&format!("/dashboard/t/{id}/staff"))
        .bearer_auth(&service.admin_token)
        .header(ACCEPT_LANGUAGE, "fr")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let french = Language::of_code("fr").unwrap();
    let new_york = TimeZone::of_name("America/New_York").unwrap();
    let utc = TimeZone::of_name("UTC").unwrap();
    let shown = french.moment(at, new_york);
    assert!(shown.contains(" à "), "{shown}");
    assert!(staff.contains(&shown), "{shown} in {staff}");
    assert!(!staff.contains(&french.moment(at, utc)), "{staff}");
    assert!(!staff.contains("UTC"), "{staff}");
}

/// Issue 41: the referee names the dead stones as players do (`G3`, on the board's
/// edges), not in SGF coordinates, and the table's log names them so, in French too.
#[tokio::test]
async fn the_referee_names_the_dead_stones_as_on_the_board() {
    use crate::forms::{page as signed_page, post_form};
    use crate::games::{game_state, play, setup, start_game};
    let service = TestService::start().await;
    let setup = setup(&service, serde_json::json!({}), 1).await;
    let table = &setup.tables[0];
    let game = start_game(&service, &setup, 0, serde_json::json!({})).await;
    for (index, point) in ["cc", "gg", "cg", "gc", "pass", "pass"].iter().enumerate() {
        play(&service, table, &game, index as u32 + 1, point).await;
    }
    assert_eq!(game_state(&service, &game).await.phase, "counting");
    let path = format!("/dashboard/t/{}/hall/games/{game}", setup.tournament_id);
    let (status, shown) = signed_page(&service, &setup.referee, &path).await;
    assert_eq!(status, 200);
    assert!(shown.contains("like D4 Q16"), "{shown}");
    let ruled = post_form(
        &service,
        &setup.referee,
        &format!("{path}/rulings"),
        &[
            ("kind", "dead_stones"),
            ("reason", "the players disagree on the count"),
            ("color", ""),
            ("delta_seconds", ""),
            ("result", ""),
            ("dead", "G3"),
            ("height", "9"),
        ],
    )
    .await;
    assert_eq!(ruled.status(), 303, "{}", ruled.text().await.unwrap());
    let counted = game_state(&service, &game).await;
    assert_eq!(counted.phase, "finished", "{counted:?}");
    let dead: Vec<String> = counted
        .count
        .iter()
        .flat_map(|count| count.dead.points())
        .map(|point| point.to_sgf())
        .collect();
    assert_eq!(dead, ["gg"], "{counted:?}");
    let (_, shown) = signed_page(&service, &setup.referee, &path).await;
    assert!(
        shown.contains("ruling: dead stones G3 — the players disagree"),
        "{shown}"
    );
    let french = service
        .get(&path)
        .header(COOKIE, service.session_cookie(&setup.referee).await)
        .header(ACCEPT_LANGUAGE, "fr")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(french.contains("pierres mortes G3"), "{french}");
}

/// Issue 41: a problem of the JSON API keeps its English `code` and `title` (a machine
/// contract); its `detail` follows `Accept-Language` where the catalog has its words.
#[tokio::test]
async fn a_problems_detail_follows_the_readers_language_its_code_and_title_stay() {
    let service = TestService::start().await;
    let missing = format!("/tournaments/{}", uuid::Uuid::now_v7());
    let answer = |language: Option<&'static str>| {
        let mut request = service.get(&missing);
        if let Some(language) = language {
            request = request.header(ACCEPT_LANGUAGE, language);
        }
        async move {
            let response = request.send().await.unwrap();
            problem_and_body(response, 404, "not_found.tournament").await
        }
    };
    let (english, english_body) = answer(None).await;
    let (french, _) = answer(Some("fr-FR,fr;q=0.9")).await;
    assert_eq!(french.detail, "Aucun tournoi ne correspond.");
    assert_eq!(french.code, english.code);
    assert_eq!(french.title, english.title);
    assert_eq!(french.problem_type, english.problem_type);
    assert_ne!(english.detail, french.detail);
    // Asked for in English: the very answer sent without a language.
    assert_eq!(answer(Some("en")).await.1, english_body);
}

/// The refused player form's problems, in the reader's language: the field by its
/// label, the value refused in the language's quotes, no field id or backtick (issue
/// 41); the API keeps its code and its English message.
#[tokio::test]
async fn a_refused_forms_problems_are_written_in_the_readers_language() {
    let service = TestService::start().await;
    let (id, secret) = crate::forms::organizer(&service).await;
    let form = [
        ("surname", "Dupont"),
        ("first_name", "Luc"),
        ("rank", "3 dan"),
    ];
    let refused = crate::forms::no_redirects()
        .post(format!("{}/dashboard/t/{id}/players", service.base_url))
        .header(COOKIE, service.session_cookie(&secret).await)
        .header(ORIGIN, &service.base_url)
        .header(ACCEPT_LANGUAGE, "fr-FR,fr;q=0.9")
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = refused.text().await.unwrap();
    let start = body.find("<div class=\"problem\"").expect("the problems");
    let shown = &body[start..start + body[start..].find("</div>").unwrap()];
    assert!(
        shown.contains("Niveau (12k, 3d) : « 3 dan » n&#39;est pas un niveau"),
        "{shown}"
    );
    assert!(!shown.contains("rank") && !shown.contains('`'), "{shown}");

    let response = service
        .post(&format!("/tournaments/{id}/players"), Some(&secret))
        .header(ACCEPT_LANGUAGE, "fr")
        .json(&serde_json::json!({"surname": "Dupont", "first_name": "Luc", "rank": "3 dan"}))
        .send()
        .await
        .unwrap();
    let refused = problem(response, 422, "validation.failed").await;
    assert_eq!(fields(&refused)[0], "rank");
    assert!(
        refused.errors[0].message.contains("is not a rank"),
        "{refused:?}"
    );
}
