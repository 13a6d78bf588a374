//! Every page in French (issue 41): the pages' route table walked whole, so that a page
//! added to it is walked too (or the walk fails until it is). Each page passes
//! [`Browser::check_french`] (`lang="fr"`, no identifier in snake case, no JSON, none of
//! the English stop-list) and [`Browser::check`], says a few words of its own in French,
//! and is pictured beside its English screenshots (`…-laptop-fr.png`, `…-phone-fr.png`).

use super::dashboard::sign_in;
use super::{egd_list, hall, start_game};
use arbitre_tests::browser::{Browser, LAPTOP, PHONE};
use arbitre_tests::TestService;
use serde_json::Value;

/// The routes of the page table that are no page a person reads, and why.
const NOT_PAGES: [(&str, &str); 5] = [
    ("/assets/{name}", "the pages' scripts, styles and icon"),
    (
        "/t/{tournament_id}/rows",
        "a table's line, fetched by the pairings page's script (its words are the page's)",
    ),
    ("/table/state", "the tablet's state, as JSON for its script"),
    (
        "/dashboard/time-class",
        "the settings form's EGF class, as JSON for its script",
    ),
    (
        "/dashboard/t/{tournament_id}/exports/{format}",
        "a file to download (its refusal page is walked by the exports' journey)",
    ),
];

/// A page of the walk: its route, the path visited, words it must say in French, and
/// its screenshot's name (none where another French journey pictures it).
struct Stop {
    route: String,
    path: String,
    says: &'static str,
    picture: Option<&'static str>,
}

/// The ids the routes' parameters take.
struct Ids {
    tournament: String,
    player: String,
    pairing: String,
    game: String,
    /// A one-time sign-in link's code.
    code: String,
}

/// The path of `route` with the walk's ids, and what its page says.
fn stop(route: &str, ids: &Ids) -> Option<Stop> {
    let (says, picture) = match route {
        "/" => ("Tournois", Some("home")),
        "/sign-in" => ("Connexion", Some("sign-in")),
        "/sign-in/link/{code}" => ("Se connecter en tant que Marie", Some("sign-in-link")),
        "/t/{tournament_id}" => ("Trouver sa table", Some("public-pairings")),
        "/t/{tournament_id}/standings" => ("Classement après la ronde 1", None),
        "/table" => ("Le goban", Some("tablet-before")),
        "/dashboard" => ("Importer un fichier OpenGotha", Some("dashboard")),
        "/dashboard/t/{tournament_id}" => ("Réglages", Some("dashboard-tournament")),
        "/dashboard/t/{tournament_id}/tablets" => ("Les tablettes des tables", Some("tablets")),
        "/dashboard/t/{tournament_id}/rating-lists" => {
            ("Importer une liste", Some("dashboard-rating-lists"))
        }
        "/dashboard/t/{tournament_id}/rating-lists/refresh" => (
            "Mise à jour depuis la liste",
            Some("dashboard-rating-refresh"),
        ),
        "/dashboard/t/{tournament_id}/wall-chart" => {
            ("Tableau mural", Some("dashboard-wall-chart"))
        }
        "/dashboard/t/{tournament_id}/staff" => ("Équipe et accès", Some("dashboard-staff")),
        "/dashboard/t/{tournament_id}/settings" => ("Réglages", Some("dashboard-settings")),
        "/dashboard/t/{tournament_id}/standings" => ("Classement", Some("dashboard-standings")),
        "/dashboard/t/{tournament_id}/rating-list" => (
            "Inscrire depuis une liste de classement",
            Some("dashboard-rating-list"),
        ),
        "/dashboard/t/{tournament_id}/players/{player_id}" => ("Retrait", Some("dashboard-player")),
        "/dashboard/t/{tournament_id}/hall" => ("La salle", None),
        "/dashboard/t/{tournament_id}/hall/games/{game_id}" => ("Le journal", None),
        "/dashboard/t/{tournament_id}/rounds/{number}" => {
            ("Parties de la ronde 1", Some("dashboard-round"))
        }
        "/dashboard/t/{tournament_id}/rounds/{number}/print" => {
            ("Par table", Some("dashboard-print"))
        }
        "/dashboard/t/{tournament_id}/rounds/{number}/sheets" => {
            ("Entourez le gagnant", Some("dashboard-sheets"))
        }
        "/dashboard/t/{tournament_id}/rounds/{number}/results" => {
            ("Résultats de la ronde 1", Some("dashboard-results-grid"))
        }
        "/dashboard/t/{tournament_id}/rounds/{number}/pairings/{pairing_id}" => {
            ("Table 1, ronde 1", Some("dashboard-result"))
        }
        _ => return None,
    };
    let query = match route {
        "/dashboard/t/{tournament_id}/rating-lists/refresh" => "?source=egd",
        "/dashboard/t/{tournament_id}/rating-list" => "?q=vannier",
        _ => "",
    };
    let path = route
        .replace("{tournament_id}", &ids.tournament)
        .replace("{player_id}", &ids.player)
        .replace("{pairing_id}", &ids.pairing)
        .replace("{game_id}", &ids.game)
        .replace("{number}", "1")
        .replace("{code}", &ids.code);
    Some(Stop {
        route: route.to_string(),
        path: format!("{path}{query}"),
        says,
        picture,
    })
}

/// The page shown in `browser` passes the French checks, says `says`, and is pictured.
async fn french(browser: &Browser, name: &str, says: &str, picture: Option<&str>) {
    browser.check_french(name).await;
    browser.check(name).await;
    let text = browser
        .client
        .execute(
            "return document.title + ' ' + document.body.innerText + ' ' + \
             [...document.querySelectorAll('[aria-label]')]\
             .map(e => e.getAttribute('aria-label')).join(' ');",
            vec![],
        )
        .await
        .unwrap();
    let text = text.as_str().unwrap();
    assert!(text.contains(says), "{name}: «{says}» not in {text}");
    if let Some(picture) = picture {
        browser.screenshot(&format!("{picture}-laptop-fr")).await;
        browser.resize(PHONE).await;
        browser.check(&format!("{name}, phone")).await;
        browser.screenshot(&format!("{picture}-phone-fr")).await;
        browser.resize(LAPTOP).await;
    }
}

#[tokio::test]
async fn every_page_speaks_french() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    let uploaded = service
        .post("/rating-lists?source=egd", Some(&service.admin_token))
        .header("content-type", "text/plain")
        .body(egd_list(&[
            " 10234567  Vannier Remi                          FR  35Re    2d   --   2157    40  T251101A",
        ]))
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), 201, "{}", uploaded.text().await.unwrap());
    let (game, tablet_token) = start_game(&service, &hall, 0).await;
    let players: Value = service
        .get(&format!("/tournaments/{}/players", hall.tournament_id))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &service.admin_token).await;
    browser.switch_language("fr").await;
    // A credential made from the staff page: its one-time link is walked below.
    browser
        .visit(&format!("/dashboard/t/{}/staff", hall.tournament_id))
        .await;
    browser.fill("label", "Marie").await;
    browser.click("#make-credential").await;
    browser
        .wait_until("document.getElementById('credential-link') !== null", 10)
        .await;
    french(
        &browser,
        "a credential made",
        "L'accès de Marie (arbitre)",
        Some("dashboard-staff-made"),
    )
    .await;
    let link = browser.text("#credential-link").await;
    let ids = Ids {
        tournament: hall.tournament_id.clone(),
        player: players["items"][0]["id"].as_str().unwrap().to_string(),
        pairing: hall.pairings[0].clone(),
        game,
        code: link.rsplit('/').next().unwrap().to_string(),
    };

    let stops: Vec<Stop> = arbitre_api::web::table()
        .into_iter()
        .filter(|route| route.method.as_str() == "GET")
        .map(|route| route.path)
        .filter(|route| !NOT_PAGES.iter().any(|(path, _)| *path == route.as_str()))
        .map(|route| {
            stop(&route, &ids).unwrap_or_else(|| {
                panic!("{route}: a page the French walk does not know; add it to `stop`")
            })
        })
        .collect();
    assert!(stops.len() >= 24, "{} pages", stops.len());

    let tablet = Browser::open(&service.base_url, LAPTOP).await;
    tablet.visit("/sign-in").await;
    tablet.switch_language("fr").await;
    tablet.fill("token", &tablet_token).await;
    tablet.click("main form button").await;
    tablet
        .wait_until("location.pathname === '/table'", 10)
        .await;
    for stop in &stops {
        let walker = if stop.route == "/table" {
            &tablet
        } else {
            &browser
        };
        walker.visit(&stop.path).await;
        french(walker, &stop.route, stop.says, stop.picture).await;
    }

    // The page that answers the draft's form, for the next round.
    service.create_round(&hall.tournament_id, 2).await;
    browser
        .visit(&format!("/dashboard/t/{}/rounds/2", hall.tournament_id))
        .await;
    browser.click("button[value='draft']").await;
    browser
        .wait_until("document.querySelector('table.draft') !== null", 30)
        .await;
    french(
        &browser,
        "the draft",
        "Brouillon : rien n'est enregistré",
        Some("dashboard-draft"),
    )
    .await;
    // The questions a destructive form asks first.
    browser
        .visit(&format!("/dashboard/t/{}/staff", hall.tournament_id))
        .await;
    browser.click("#credential-list form.inline button").await;
    browser
        .wait_until("document.title.startsWith('Révoquer')", 10)
        .await;
    french(
        &browser,
        "a revocation asked",
        "Révoquer l'accès de",
        Some("dashboard-confirm"),
    )
    .await;
    browser
        .visit(&format!(
            "/dashboard/t/{}/players/{}",
            hall.tournament_id, ids.player
        ))
        .await;
    browser.click("form[action$='/withdraw'] button").await;
    browser
        .wait_until("document.title.startsWith('Retirer')", 10)
        .await;
    french(&browser, "a withdrawal asked", "du tournoi ?", None).await;
}
