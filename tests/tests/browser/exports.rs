//! Exports that explain themselves (issue 40, item 5; issue 38, the `.h9` choices): before
//! any download the standings page lists what stops each format, every unknown result by
//! table with a link to record it and every missing AGA id by player with a link to the
//! player; it offers the rounds complete so far with the reason; the EGD file's choices
//! (rank after the round shown or the declared rounds, games by default `0+`/`0-` or `0=`)
//! download; players sharing an OpenGotha key are listed each with a link to the player;
//! and a download that something stopped answers a page saying what, in the
//! reader's language, never a silent failure.

use super::dashboard::pictured;
use super::dashboard::sign_in;
use super::{hall, Hall};
use arbitre_tests::browser::{Browser, LAPTOP};
use arbitre_tests::TestService;
use fantoccini::Locator;
use reqwest::Method;
use serde_json::{json, Value};

/// The texts of the elements `css` matches.
async fn texts(browser: &Browser, css: &str) -> Vec<String> {
    let mut texts = Vec::new();
    for element in browser.client.find_all(Locator::Css(css)).await.unwrap() {
        texts.push(element.text().await.unwrap());
    }
    texts
}

/// `fetch(url)` from the page: its status, `Content-Disposition` and body.
async fn fetched(browser: &Browser, url: &str) -> Value {
    browser
        .client
        .execute_async(
            "const done = arguments[1];
             fetch(arguments[0]).then(async r => done([r.status,
                 r.headers.get('content-disposition'), await r.text()]));",
            vec![json!(url)],
        )
        .await
        .unwrap()
}

/// The browser logged the refused downloads' 422 and nothing else.
async fn only_refusals(browser: &Browser) {
    let logged = browser.console().await;
    assert!(
        logged.iter().all(|(_, message)| message.contains("422")),
        "{logged:?}"
    );
}

async fn api(service: &TestService, method: Method, path: &str, body: Value) {
    let response = service
        .request(method, path, Some(&service.admin_token))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status(),
        200,
        "{path}: {}",
        response.text().await.unwrap()
    );
}

async fn start_round(service: &TestService, hall: &Hall, number: i32) {
    let path = format!("/tournaments/{}/rounds/{number}/start", hall.tournament_id);
    api(service, Method::POST, &path, json!({})).await;
}

async fn record(service: &TestService, hall: &Hall, round: i32, pairing: &str, result: &str) {
    let path = format!(
        "/tournaments/{}/rounds/{round}/pairings/{pairing}/result",
        hall.tournament_id
    );
    api(service, Method::PUT, &path, json!({"result": result})).await;
}

#[tokio::test]
async fn the_export_page_lists_what_stops_each_file_and_offers_the_directors_choices() {
    let service = TestService::start().await;
    let hall = hall(&service).await;
    start_round(&service, &hall, 1).await;
    let browser = Browser::open(&service.base_url, LAPTOP).await;
    sign_in(&browser, &hall.organizer).await;
    let standings = format!("/dashboard/t/{}/standings", hall.tournament_id);
    browser.visit(&standings).await;
    // No result of round 1 is known: the EGD, FFG and AGA files list its three tables,
    // each with a link to its result; nothing is complete yet, so nothing else is offered.
    for format in ["egd", "ffg", "aga"] {
        let listed = texts(
            &browser,
            &format!("li[data-format='{format}'] .blockers li"),
        )
        .await;
        assert_eq!(listed.len(), 3, "{format}: {listed:?}");
        assert!(
            listed[0].starts_with("Round 1, table 1: the result of Martin Anne (black) against Lefèvre Émile (white) is not known."),
            "{listed:?}"
        );
    }
    let fix = browser
        .client
        .find(Locator::Css("li[data-format='egd'] .blockers a"))
        .await
        .unwrap();
    let href = fix.attr("href").await.unwrap().unwrap();
    assert!(
        href.ends_with(&format!("/rounds/1/pairings/{}", hall.pairings[0])),
        "{href}"
    );
    assert!(texts(&browser, "[data-complete]").await.is_empty());
    assert!(texts(&browser, "#egd-choices").await.is_empty());
    browser.check("exports blocked").await;

    // Round 1 finished, round 2 paired and under way: the rounds complete so far are
    // offered, with the reason; the AGA file names every player without an AGA id.
    let round_one = service
        .get(&format!(
            "/tournaments/{}/rounds/1/pairings",
            hall.tournament_id
        ))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    let black = |table: usize| {
        round_one["items"][table]["black_id"]
            .as_str()
            .unwrap()
            .to_string()
    };
    for (pairing, result) in hall.pairings.iter().zip(["B+R", "W+R", "B+2.5"]) {
        record(&service, &hall, 1, pairing, result).await;
    }
    service.create_round(&hall.tournament_id, 2).await;
    let two = service
        .create_pairing(&hall.tournament_id, 2, 1, &black(0), &black(1))
        .await;
    start_round(&service, &hall, 2).await;
    browser.visit(&standings).await;
    let offer = "li[data-format='egd'] .complete";
    assert_eq!(
        browser.text(offer).await,
        "Download the rounds complete so far (after round 1): round 2 has a result not known \
         yet, and this format cannot hold an unknown result."
    );
    let complete = browser
        .client
        .find(Locator::Css(&format!("{offer} a")))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap()
        .unwrap();
    let answer = fetched(&browser, &complete).await;
    assert_eq!(answer[0], json!(200), "{answer}");
    assert!(
        answer[1].as_str().unwrap().starts_with("attachment"),
        "{answer}"
    );
    // The tournament reduces handicaps by one: the EGD names its file `.h1`, and so does
    // the page, below.
    assert!(answer[1].as_str().unwrap().contains(".h1\""), "{answer}");
    assert!(answer[2]
        .as_str()
        .unwrap()
        .contains("; Generated by arbitre"));
    let aga = texts(&browser, "li[data-format='aga'] .blockers li").await;
    assert!(
        aga.iter()
            .any(|line| line.starts_with("Martin Anne has no AGA id")
                && line.ends_with("Edit the player")),
        "{aga:?}"
    );
    pictured(&browser, "dashboard-exports").await;

    // A download something stops answers a page saying what, not a bare error.
    let egd = format!(
        "/dashboard/t/{}/exports/egd?after_round=2",
        hall.tournament_id
    );
    let refused = fetched(&browser, &egd).await;
    assert_eq!(refused[0], json!(422), "{refused}");
    browser.visit(&egd).await;
    assert_eq!(
        browser.text("h1").await,
        "EGD results (.h1): cannot be written after round 2"
    );
    let listed = texts(&browser, "#refused .blockers li").await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert!(listed[0].starts_with("Round 2, table 1:"), "{listed:?}");
    assert!(!texts(&browser, "#refused [data-complete]").await.is_empty());
    only_refusals(&browser).await;
    browser.check("export refused").await;
    browser.switch_language("fr").await;
    assert_eq!(
        browser.text("h1").await,
        "Résultats EGD (.h1) : ne peut pas être écrit après la ronde 2"
    );
    browser.check_french("export refusé").await;
    browser.switch_language("en").await;
    only_refusals(&browser).await;

    // Round 2 finished, of 4 declared: the EGD file's choices, the declared rounds and `0=`.
    record(&service, &hall, 2, two["id"].as_str().unwrap(), "W+R").await;
    let settings = format!("/tournaments/{}", hall.tournament_id);
    api(
        &service,
        Method::PATCH,
        &settings,
        json!({"number_of_rounds": 4}),
    )
    .await;
    browser.visit(&standings).await;
    let rounds: Vec<String> = {
        let mut values = Vec::new();
        for input in browser
            .client
            .find_all(Locator::Css("#egd-choices input[name='after_round']"))
            .await
            .unwrap()
        {
            values.push(input.attr("value").await.unwrap().unwrap());
        }
        values
    };
    let declared = service
        .get(&format!("/tournaments/{}", hall.tournament_id))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap()["number_of_rounds"]
        .to_string();
    assert_eq!(rounds, ["2".to_string(), declared.clone()]);
    browser
        .click(&format!("#egd-choices input[value='{declared}']"))
        .await;
    browser.click("#egd-choices input[value='equals']").await;
    let chosen = browser
        .client
        .execute(
            "const form = document.querySelector('#egd-choices');
             return form.action + '?' + new URLSearchParams(new FormData(form));",
            vec![],
        )
        .await
        .unwrap();
    let chosen = chosen.as_str().unwrap();
    assert!(
        chosen.ends_with(&format!(
            "/exports/egd?after_round={declared}&by_default=equals"
        )),
        "{chosen}"
    );
    let file = fetched(&browser, chosen).await;
    assert_eq!(file[0], json!(200), "{file}");
    // The API's file of the same choices, by name.
    let api_file = service
        .get(&format!(
            "/tournaments/{}/exports/egd?rounds=declared&by_default=equals",
            hall.tournament_id
        ))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    // Both read as UTF-8 (the file is ISO-8859-15): the same replacement characters.
    assert_eq!(
        file[2].as_str().unwrap(),
        String::from_utf8_lossy(&api_file)
    );
    browser.check("export choices").await;

    // Two players OpenGotha would merge (one key, `LEGALLTEST`): the OpenGotha file lists
    // each, naming the other, with a link to that player.
    let le_gall = service
        .create_player(&hall.tournament_id, "Le Gall", "5k")
        .await;
    let legall = service
        .create_player(&hall.tournament_id, "LeGall", "5k")
        .await;
    browser.visit(&standings).await;
    let listed = texts(&browser, "li[data-format='opengotha'] .blockers li").await;
    assert_eq!(
        listed,
        [
            "Le Gall Test has the OpenGotha key “LEGALLTEST” of LeGall Test: OpenGotha finds \
             players by key and would merge them. Edit the player",
            "LeGall Test has the OpenGotha key “LEGALLTEST” of Le Gall Test: OpenGotha finds \
             players by key and would merge them. Edit the player",
        ]
    );
    let mut links = Vec::new();
    for link in browser
        .client
        .find_all(Locator::Css("li[data-format='opengotha'] .blockers a"))
        .await
        .unwrap()
    {
        links.push(link.attr("href").await.unwrap().unwrap());
    }
    let player_page = |id: &str| format!("/dashboard/t/{}/players/{id}", hall.tournament_id);
    assert_eq!(links, [player_page(&le_gall), player_page(&legall)]);
}
