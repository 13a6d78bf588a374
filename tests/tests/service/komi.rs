//! One komi rule (issue 20): a pairing's komi comes from one function of the core
//! (`arbitre_core::KomiPolicy::komi`), given the tournament's policy and the handicap,
//! whichever way the pairing came: imported from an OpenGotha file, drafted by the
//! engine, entered by hand, edited, replaced with its round, or changed by a ruling. A
//! fixed komi from an OpenGotha file is the even games'; handicap games get the rules'
//! n − ½, as OpenGotha's pairing gives them.
//!
//! The file is ours, written in OpenGotha's format; its players are invented.

use crate::opengotha_import::players_by_surname;
use crate::send;
use arbitre_api::routes::pairings::{Pairing, PairingList, PairingPage};
use arbitre_api::services::drafts::Draft;
use arbitre_api::services::opengotha::Imported;
use arbitre_tests::api::{read, SentRuling};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};

/// Komi 6.5, handicap on ranks without correction: Petit (5K) takes three stones from
/// Grand (2K), Moyen and Autre (3K) play even. Round 1 played, round 2 to pair.
const FILE: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<Tournament dataVersion="201" gothaMinorVersion="2" gothaVersion="352" saveDT="20261121183000">
<Players>
<Player agaId="" club="75Pa" country="FR" egfPin="" ffgLicence="" firstName="Paul" name="Petit" participating="11111111111111111111" rank="5K" rating="1600" registeringStatus="FIN" smmsCorrection="0"/>
<Player agaId="" club="75Pa" country="FR" egfPin="" ffgLicence="" firstName="Gilles" name="Grand" participating="11111111111111111111" rank="2K" rating="1900" registeringStatus="FIN" smmsCorrection="0"/>
<Player agaId="" club="75Pa" country="FR" egfPin="" ffgLicence="" firstName="Marc" name="Moyen" participating="11111111111111111111" rank="3K" rating="1800" registeringStatus="FIN" smmsCorrection="0"/>
<Player agaId="" club="69Ly" country="FR" egfPin="" ffgLicence="" firstName="Anne" name="Autre" participating="11111111111111111111" rank="3K" rating="1800" registeringStatus="FIN" smmsCorrection="0"/>
</Players>
<Games>
<Game blackPlayer="PETITPAUL" handicap="3" knownColor="true" result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1" whitePlayer="GRANDGILLES"/>
<Game blackPlayer="MOYENMARC" handicap="0" knownColor="true" result="RESULT_BLACKWINS" roundNumber="1" tableNumber="2" whitePlayer="AUTREANNE"/>
</Games>
<TournamentParameterSet>
<GeneralParameterSet basicTime="40" beginDate="2026-11-21" bInternetGame="false" canByoYomiTime="300" complementaryTimeSystem="CANBYOYOMI" endDate="2026-11-22" genMMBar="4D" genMMFloor="20K" genMMZero="30K" komi="6.5" location="Paris" name="Tournoi du komi" nbMovesCanTime="15" numberOfRounds="2" shortName="Komi" size="19">
</GeneralParameterSet>
<HandicapParameterSet hdBasedOnMMS="false" hdCeiling="9" hdCorrection="0" hdNoHdRankThreshold="1D"/>
<PlacementParameterSet>
<PlacementCriteria>
<PlacementCriterion name="MMS" number="1"/>
<PlacementCriterion name="SOSM" number="2"/>
</PlacementCriteria>
</PlacementParameterSet>
</TournamentParameterSet>
</Tournament>
"#;

/// The komi each path gives the handicap pairing and the even one.
const HANDICAP_KOMI: f64 = 2.5;
const EVEN_KOMI: f64 = 6.5;

/// The komi of the one game of `handicap` stones among `games` (handicap, komi).
fn komi_of(games: &[(u32, f64)], handicap: u32) -> f64 {
    let found: Vec<f64> = games
        .iter()
        .filter(|(stones, _)| *stones == handicap)
        .map(|(_, komi)| *komi)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one pairing of {handicap} stones: {games:?}"
    );
    found[0]
}

/// The handicap and komi of each pairing.
fn terms(pairings: &[Pairing]) -> Vec<(u32, f64)> {
    pairings
        .iter()
        .map(|pairing| (u32::try_from(pairing.handicap).unwrap(), pairing.komi))
        .collect()
}

#[tokio::test]
async fn one_pairing_gets_one_komi_on_every_path() {
    let service = TestService::start().await;
    let admin = service.admin_token.clone();
    let imported: Imported = read(
        service
            .post("/tournaments/import", Some(&admin))
            .header("content-type", "application/xml")
            .body(FILE)
            .send()
            .await
            .unwrap(),
        201,
    )
    .await;
    let id = imported.tournament_id.to_string();
    let round = |number: i32| format!("/tournaments/{id}/rounds/{number}/pairings");

    // Imported: the file's komi for the even game, n − ½ for three stones.
    let round_1: PairingPage = service.api().anonymous().get(&round(1)).await;
    let round_1 = terms(&round_1.items);
    assert_eq!(komi_of(&round_1, 3), HANDICAP_KOMI);
    assert_eq!(komi_of(&round_1, 0), EVEN_KOMI);

    let players = players_by_surname(&service, &id).await;
    let [petit, grand, moyen, autre] =
        ["Petit", "Grand", "Moyen", "Autre"].map(|name| &players[name]);

    // Drafted: the same pair again (fixed), the same terms.
    let draft: Draft = read(
        send(
            &service,
            Method::POST,
            &format!("{}/draft", round(2)),
            &admin,
            Some(&json!({"fixed": [[petit, grand], [moyen, autre]]})),
        )
        .await,
        200,
    )
    .await;
    let drafted: Vec<(u32, f64)> = draft
        .tables
        .iter()
        .map(|table| (table.handicap, table.komi))
        .collect();
    assert_eq!(komi_of(&drafted, 3), HANDICAP_KOMI, "{draft:#?}");
    assert_eq!(komi_of(&drafted, 0), EVEN_KOMI, "{draft:#?}");

    // Entered by hand without a komi.
    let handicap = json!({"table": 1, "black_id": petit, "white_id": grand, "handicap": 3});
    let even = json!({"table": 2, "black_id": moyen, "white_id": autre});
    let created: Pairing = read(
        send(&service, Method::POST, &round(2), &admin, Some(&handicap)).await,
        201,
    )
    .await;
    assert_eq!(created.komi, HANDICAP_KOMI);
    let created_even: Pairing = read(
        send(&service, Method::POST, &round(2), &admin, Some(&even)).await,
        201,
    )
    .await;
    assert_eq!(created_even.komi, EVEN_KOMI);

    // Edited: made even, then given its stones back.
    let pairing = format!("{}/{}", round(2), created.id);
    let made_even = json!({"table": 1, "black_id": petit, "white_id": grand, "handicap": 0});
    let edited: Pairing = read(
        send(&service, Method::PUT, &pairing, &admin, Some(&made_even)).await,
        200,
    )
    .await;
    assert_eq!(edited.komi, EVEN_KOMI);
    let edited: Pairing = read(
        send(&service, Method::PUT, &pairing, &admin, Some(&handicap)).await,
        200,
    )
    .await;
    assert_eq!(edited.komi, HANDICAP_KOMI);

    // The whole round replaced.
    let replaced: PairingList = read(
        send(
            &service,
            Method::PUT,
            &round(2),
            &admin,
            Some(&json!({"pairings": [handicap, even]})),
        )
        .await,
        200,
    )
    .await;
    assert_eq!(komi_of(&terms(&replaced.items), 3), HANDICAP_KOMI);
    assert_eq!(komi_of(&terms(&replaced.items), 0), EVEN_KOMI);

    // A referee's ruling that changes the handicap without a komi.
    let started = service.api().start_round(&id, 2).await;
    assert_eq!(started.number, 2);
    let handicap_pairing = replaced
        .items
        .iter()
        .find(|pairing| pairing.handicap == 3)
        .unwrap()
        .id;
    let rulings = format!("{}/{handicap_pairing}/rulings", round(2));
    let rule = async |body: Value| {
        let ruling: SentRuling = read(
            send(&service, Method::POST, &rulings, &admin, Some(&body)).await,
            201,
        )
        .await;
        ruling.terms.komi
    };
    let even = rule(json!({"reason": "even after all", "handicap": 0})).await;
    assert_eq!(even, EVEN_KOMI);
    let stones = rule(json!({"reason": "three stones again", "handicap": 3})).await;
    assert_eq!(stones, HANDICAP_KOMI);
    // A ruling that moves the table keeps the komi.
    let moved = rule(json!({"reason": "table 5 is free", "table": 5})).await;
    assert_eq!(moved, HANDICAP_KOMI);
}
