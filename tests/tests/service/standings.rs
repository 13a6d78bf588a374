//! Results, standings and rating exports: a small tournament played through the API
//! (a bye, an absence, a jigo and a forfeit), its standings as JSON and as the EGD and FFG
//! files by content negotiation and as downloads, and `arbitre export` on its database
//! giving the same bytes.

use arbitre_api::access::Role;
use arbitre_api::routes::pairings::{Pairing, PairingList};
use arbitre_api::routes::standings::{GameOutcome, PairingResult, RoundRecord, Standings};
use arbitre_api::services::players::Player;
use arbitre_api::services::rounds::{Registration, Round};
use arbitre_api::services::tournaments::Tournament;
use arbitre_core::standings::{Basis, Criterion};
use arbitre_core::Color;
use arbitre_tests::api::{fields, problem, read, SentRulings};
use arbitre_tests::{arbitre_binary, TestService};
use reqwest::Method;
use serde_json::{json, Value};

/// A player: surname, first name, rank, country, club, EGD PIN, FFG licence.
type Entrant = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
);

/// A round: its number, its games (black, white, result) and its byes and absences.
type RoundPlay = (
    i32,
    &'static [(usize, usize, &'static str)],
    &'static [(usize, &'static str)],
);

const PLAYERS: [Entrant; 6] = [
    (
        "Dupont",
        "Marie",
        "2d",
        "FR",
        "75Pa",
        Some("12345678"),
        Some("1234567"),
    ),
    ("Martin", "Paul", "1d", "FR", "69Ly", None, Some("7654321")),
    (
        "Le Berre",
        "Bruno",
        "1k",
        "FR",
        "29Br",
        None,
        Some("9034000"),
    ),
    ("Schmidt", "Hans", "2k", "DE", "Berlin", None, None),
    ("Nowak", "Anna", "3k", "PL", "Wars", None, None),
    ("Petit", "Léa", "5k", "FR", "75Pa", None, Some("1112223")),
];
const DUPONT: usize = 0;
const MARTIN: usize = 1;
const LE_BERRE: usize = 2;
const SCHMIDT: usize = 3;
const NOWAK: usize = 4;
const PETIT: usize = 5;

struct Played {
    service: TestService,
    tournament: String,
    players: Vec<String>,
    referee: String,
}

/// Creates the tournament (komi 7, no handicap: `HA[h9]`), registers the players and
/// plays three rounds, results recorded by a referee (whole margins: the komi is whole):
///
/// | round | black    | white    | result |                                  |
/// |-------|----------|----------|--------|----------------------------------|
/// | 1     | Dupont   | Martin   | W+R    |                                  |
/// | 1     | Le Berre | Schmidt  | 0      | jigo                             |
/// | 1     | Nowak    | Petit    | B+12   |                                  |
/// | 2     | Martin   | Le Berre | B+F    | forfeit: Le Berre did not come   |
/// | 2     | Dupont   | Nowak    | W+3    | Schmidt has a bye, Petit is absent |
/// | 3     | Dupont   | Le Berre | B+R    |                                  |
/// | 3     | Nowak    | Martin   | W+T    |                                  |
/// | 3     | Schmidt  | Petit    | W+1    |                                  |
async fn play() -> Played {
    let service = TestService::start().await;
    let tournament = service
        .api()
        .create_tournament(json!({
            "komi_policy": {"kind": "fixed", "komi": 7},
            "handicap_policy": {"reduction": 0, "ceiling": 0, "based_on_mms": true, "no_handicap_from": "1d"},
        }))
        .await
        .id
        .to_string();
    let admin = service.admin_token.clone();
    let mut players = Vec::new();
    for (surname, first_name, rank, country, club, egd_pin, ffg_licence) in PLAYERS {
        let body = json!({
            "surname": surname, "first_name": first_name, "rank": rank, "country": country, "club": club,
            "egd_pin": egd_pin, "ffg_licence": ffg_licence,
        });
        let response = service
            .post(&format!("/tournaments/{tournament}/players"), Some(&admin))
            .json(&body)
            .send()
            .await
            .unwrap();
        let player: Player = read(response, 201).await;
        players.push(player.id.to_string());
    }
    let referee = service
        .token(Role::Referee, Some(tournament.parse().unwrap()), None)
        .await;
    let rounds: [RoundPlay; 3] = [
        (
            1,
            &[
                (DUPONT, MARTIN, "W+R"),
                (LE_BERRE, SCHMIDT, "0"),
                (NOWAK, PETIT, "B+12"),
            ],
            &[],
        ),
        (
            2,
            &[(MARTIN, LE_BERRE, "B+F"), (DUPONT, NOWAK, "W+3")],
            &[(SCHMIDT, "bye"), (PETIT, "absent")],
        ),
        (
            3,
            &[
                (DUPONT, LE_BERRE, "B+R"),
                (NOWAK, MARTIN, "W+T"),
                (SCHMIDT, PETIT, "W+1"),
            ],
            &[],
        ),
    ];
    for (number, games, registrations) in rounds {
        service.create_round(&tournament, number).await;
        let round = format!("/tournaments/{tournament}/rounds/{number}");
        for (player, status) in registrations {
            let path = format!("{round}/registrations/{}", players[*player]);
            let response = service
                .request(Method::PUT, &path, Some(&referee))
                .json(&json!({"status": status}))
                .send()
                .await
                .unwrap();
            let _: Registration = read(response, 200).await;
        }
        let pairings: Vec<Value> = games
            .iter()
            .enumerate()
            .map(|(table, (black, white, _))| json!({"table": table + 1, "black_id": players[*black], "white_id": players[*white]}))
            .collect();
        let response = service
            .request(Method::PUT, &format!("{round}/pairings"), Some(&admin))
            .json(&json!({"pairings": pairings}))
            .send()
            .await
            .unwrap();
        let recorded: PairingList = read(response, 200).await;
        let _: Round = read(
            service
                .post(&format!("{round}/start"), Some(&referee))
                .send()
                .await
                .unwrap(),
            200,
        )
        .await;
        for (pairing, (_, _, result)) in recorded.items.iter().zip(games) {
            let path = format!("{round}/pairings/{}/result", pairing.id);
            let response = service
                .request(Method::PUT, &path, Some(&referee))
                .json(&json!({"result": result}))
                .send()
                .await
                .unwrap();
            let recorded: PairingResult = read(response, 200).await;
            assert_eq!(recorded.result.as_deref(), Some(*result));
        }
    }
    Played {
        service,
        tournament,
        players,
        referee,
    }
}

/// The bytes of a file written in ISO-8859-15 (every character here is one byte).
fn latin9(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect()
}

/// The EGD table, worked out by hand. Start scores count grades from 30k (bar 4d, floor
/// 20k): Dupont 31, Martin 30, Le Berre 29, Schmidt 28, Nowak 27, Petit 25. A win is a
/// point, the jigo half; Martin's forfeit win counts for the score and is written `0+`
/// (not rated), Le Berre's loss `0-`; Schmidt's bye is worth a point (`0+`); Petit's
/// absence half a point, rounded down to none, shown `0=`. MMS: Martin 33, Dupont 32,
/// Le Berre and Schmidt 29½, Nowak 29, Petit 26. SOS sums the opponents' final MMS, a round
/// without an opponent the player's own start score: Le Berre 33+32+29½ = 94½ against
/// Schmidt's 29½+28+26 = 83½. SOSOS sums the opponents' SOS (own start × 3 rounds for the
/// bye or absence): Martin 91½+94½+91 = 277.
const H9: &str = "\
; CL[A]
; EV[Tournoi de Paris]
; PC[,Paris]
; DT[2026-05-01,2026-05-03]
; HA[h9]
; KM[7]
; TM[82]
; CM[Standard byo-yomi]
; Generated by arbitre
;
; Pl Name                            Rk Co Club  MMS  SOSSOSOS
   1 Martin Paul                     1d FR 69Ly   33 90.5  277 0    2+/w0    0+       5+/w0
   2 Dupont Marie                    2d FR 75Pa   32 91.5  276 0    1-/b0    5-/b0    3+/b0 |12345678
   3 Le_Berre Bruno                  1k FR 29Br 29.5 94.5 265.5 0    4=/b0    0-       2-/w0
   4 Schmidt Hans                    2k DE Berl 29.5 83.5  262 0    3=/w0    0+       6-/b0
   5 Nowak Anna                      3k PL Wars   29   91 265.5 0    6+/b0    2+/w0    1-/b0
   6 Petit Léa                       5k FR 75Pa   26 83.5 249.5 0    5-/w0    0=       4+/w0
";

/// The FFG file: rows of the same order, `0=` for every round without a rated game (the
/// forfeit, the bye, the absence), players without a licence `-------` with their country
/// as club. 60 minutes and 30 s byo-yomi: `;time=60+b`, adjusted time 60 + 45 × ½ = 82.
const TOU: &str = "\
;name=Tournoi-de-Paris
;date=01/05/2026
;vill=Paris
;comm=Tournoi de Paris
;prog=arbitre
;size=19
;time=60+b
;ta=82
;komi=7
;
;Num Nom Prénom               Niv Licence Club
   1 MARTIN Paul               1D 7654321 69Ly    2+w0    0=      5+w0
   2 DUPONT Marie              2D 1234567 75Pa    1-b0    5-b0    3+b0
   3 LE_BERRE Bruno            1K 9034000 29Br    4=b0    0=      2-w0
   4 SCHMIDT Hans              2K ------- DE      3=w0    0=      6-b0
   5 NOWAK Anna                3K ------- PL      6+b0    2+w0    1-b0
   6 PETIT Léa                 5K 1112223 75Pa    5-w0    0=      4+w0
";

async fn fetch(
    service: &TestService,
    path: &str,
    accept: Option<&str>,
) -> (reqwest::StatusCode, reqwest::header::HeaderMap, Vec<u8>) {
    let mut request = service.get(path);
    if let Some(accept) = accept {
        request = request.header("accept", accept);
    }
    let response = request.send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn a_tournament_played_through_the_api_exports_to_h9_and_tou() {
    let Played {
        service,
        tournament,
        players,
        ..
    } = play().await;
    let standings = format!("/tournaments/{tournament}/standings");

    let (status, headers, h9) = fetch(&service, &standings, Some("application/egf")).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&h9));
    assert_eq!(
        headers["content-type"],
        "application/egf; charset=iso-8859-15"
    );
    // The format follows `Accept`; a conditional read also varies on what a page's
    // language and a session follow (`http::conditional`).
    assert_eq!(
        headers["vary"],
        "Accept, Accept-Encoding, Accept-Language, Cookie"
    );
    assert_eq!(
        String::from_utf8_lossy(&h9),
        String::from_utf8_lossy(&latin9(H9))
    );
    assert_eq!(h9, latin9(H9), "Léa is one byte, 0xE9");

    let (status, headers, tou) = fetch(&service, &standings, Some("application/ffg")).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&tou));
    assert_eq!(
        headers["content-type"],
        "application/ffg; charset=iso-8859-15"
    );
    assert_eq!(
        String::from_utf8_lossy(&tou),
        String::from_utf8_lossy(&latin9(TOU))
    );
    assert_eq!(tou, latin9(TOU));

    for (format, file_name, expected) in [
        ("egd", "Tournoi-de-Paris.h9", &h9),
        ("ffg", "Tournoi-de-Paris.tou", &tou),
    ] {
        let (status, headers, body) = fetch(
            &service,
            &format!("/tournaments/{tournament}/exports/{format}"),
            None,
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(
            headers["content-disposition"],
            format!("attachment; filename=\"{file_name}\"").as_str()
        );
        assert_eq!(&body, expected, "the download is the negotiated file");
    }

    // The JSON standings carry the same numbers, with the players' ids.
    let json = service.api().anonymous().standings(&tournament, "").await;
    assert_eq!(json.after_round, 3);
    assert_eq!(
        json.criteria,
        [
            Criterion::Mms,
            Criterion::Sos(Basis::Mms),
            Criterion::Sosos(Basis::Mms)
        ]
    );
    let order: Vec<&str> = json
        .items
        .iter()
        .map(|line| line.surname.as_str())
        .collect();
    assert_eq!(
        order,
        ["Martin", "Dupont", "Le Berre", "Schmidt", "Nowak", "Petit"]
    );
    let le_berre = &json.items[2];
    assert_eq!(le_berre.player_id.to_string(), players[LE_BERRE]);
    assert_eq!((le_berre.mms, le_berre.wins), (29.5, 0.5));
    assert_eq!(le_berre.criteria, [29.5, 94.5, 265.5]);
    assert_eq!(
        le_berre.rounds[1],
        RoundRecord::Game {
            opponent_id: players[MARTIN].parse().unwrap(),
            color: Color::White,
            handicap: 0,
            outcome: GameOutcome::Loss,
            by_default: true
        }
    );
    assert_eq!(json.items[3].rounds[1], RoundRecord::Bye {});
    assert_eq!(json.items[5].rounds[1], RoundRecord::Absent {});

    // After round 1 only: Dupont and Martin share 31 points (Dupont lost, from one grade higher).
    let first: Standings = service
        .api()
        .anonymous()
        .get(&format!("{standings}?after_round=1"))
        .await;
    assert_eq!(first.items[0].rounds.len(), 1);
    assert_eq!((first.items[0].mms, first.items[1].mms), (31.0, 31.0));

    // `arbitre export` on the same database writes the same bytes.
    let database_url = service.database_url.clone();
    for (format, expected) in [("egd", h9), ("ffg", tou)] {
        let output = std::process::Command::new(arbitre_binary())
            .env("DATABASE_URL", &database_url)
            .args(["export", "--format", format, &tournament])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "arbitre export: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(output.stdout, expected, "arbitre export --format {format}");
    }
    let unknown = uuid::Uuid::now_v7().to_string();
    let output = std::process::Command::new(arbitre_binary())
        .env("DATABASE_URL", &database_url)
        .args(["export", "--format", "egd", &unknown])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains(&format!("no tournament {unknown}")));
}

/// The same tournament with the director's own McMahon bar (1d) and floor (3k) and an
/// absence worth a whole point. Start scores, from 30k: Dupont 2d is held at the bar's 30,
/// Martin 30, Le Berre 29, Schmidt 28, Nowak 27, and Petit 5k is raised to the floor's 27.
/// MMS after three rounds: Martin 30+3 = 33, Dupont 30+1 = 31, Le Berre 29+½, Schmidt
/// 28+½+1 (bye), Nowak 27+2, Petit 27+1 (absence)+1.
#[tokio::test]
async fn the_standings_count_with_the_tournaments_own_mcmahon_bar_floor_and_credits() {
    let Played {
        service,
        tournament,
        ..
    } = play().await;
    let path = format!("/tournaments/{tournament}");
    let defaults = service.api().anonymous().tournament(&tournament).await;
    assert_eq!(
        serde_json::to_value(&defaults.standings).unwrap(),
        json!({
            "mcmahon_bar": "4d", "mcmahon_floor": "20k",
            "bye": {"mms_half_points": 2, "nbw_half_points": 2},
            "absence": {"mms_half_points": 1, "nbw_half_points": 0},
            "round_down": true, "unplayed_as_half_point_in_sos": false,
        }),
        "OpenGotha's defaults"
    );
    assert_eq!(defaults.country, "");
    let admin = service.admin_token.clone();
    let patch = |body: Value| {
        service
            .request(Method::PATCH, &path, Some(&admin))
            .json(&body)
            .send()
    };

    // Refused whole: a floor above the bar, a credit above a win, an unknown knob.
    let refused = problem(
        patch(json!({"country": "France", "standings": {"mcmahon_bar": "3k", "mcmahon_floor": "1d", "bye": {"mms_half_points": 3, "nbw_half_points": 2}}}))
            .await
            .unwrap(),
        422,
        "validation.failed",
    )
    .await;
    assert_eq!(
        fields(&refused),
        [
            "country",
            "standings.mcmahon_floor",
            "standings.bye.mms_half_points"
        ],
        "{refused:?}"
    );
    problem(
        patch(json!({"standings": {"mcmahon_bar": "1d", "bar": "1d"}}))
            .await
            .unwrap(),
        422,
        "body.invalid",
    )
    .await;
    let refused = problem(
        patch(json!({"standings": {"mcmahon_floor": "35k"}}))
            .await
            .unwrap(),
        422,
        "validation.failed",
    )
    .await;
    assert_eq!(fields(&refused)[0], "standings.mcmahon_floor");
    assert_eq!(
        service.api().anonymous().tournament(&tournament).await,
        defaults,
        "nothing written"
    );

    let changed: Tournament = read(
        patch(json!({"country": "fr", "standings": {"mcmahon_bar": "1D", "mcmahon_floor": "3k", "absence": {"mms_half_points": 2, "nbw_half_points": 0}}}))
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(changed.country, "FR");
    assert_eq!(changed.standings.mcmahon_bar.to_string(), "1d");
    assert_eq!(
        serde_json::to_value(changed.standings.bye).unwrap(),
        json!({"mms_half_points": 2, "nbw_half_points": 2}),
        "left out: the default"
    );

    let standings = service.api().anonymous().standings(&tournament, "").await;
    let mms: std::collections::BTreeMap<String, f64> = standings
        .items
        .iter()
        .map(|line| (line.surname.clone(), line.mms))
        .collect();
    let expected: std::collections::BTreeMap<String, f64> = [
        ("Martin", 33.0),
        ("Dupont", 31.0),
        ("Le Berre", 29.5),
        ("Schmidt", 29.5),
        ("Nowak", 29.0),
        ("Petit", 29.0),
    ]
    .into_iter()
    .map(|(name, score)| (name.to_string(), score))
    .collect();
    assert_eq!(mms, expected);
    let (status, _, h9) = fetch(
        &service,
        &format!("{path}/standings"),
        Some("application/egf"),
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        String::from_utf8_lossy(&h9).contains("\n; PC[FR,Paris]\n"),
        "{}",
        String::from_utf8_lossy(&h9)
    );
}

#[tokio::test]
async fn results_are_recorded_by_the_staff_in_sgf_syntax() {
    let service = TestService::start().await;
    // A whole komi, so that a jigo can happen.
    let tournament = service
        .api()
        .create_tournament(json!({"komi_policy": {"kind": "fixed", "komi": 7}}))
        .await
        .id
        .to_string();
    let black = service.create_player(&tournament, "Black", "3k").await;
    let white = service.create_player(&tournament, "White", "3k").await;
    service.create_round(&tournament, 1).await;
    let pairing = service
        .api()
        .create_pairing(&tournament, 1, 1, &black, &white)
        .await
        .id;
    let path = format!("/tournaments/{tournament}/rounds/1/pairings/{pairing}/result");
    let referee = service
        .token(Role::Referee, Some(tournament.parse().unwrap()), None)
        .await;
    let put = |token: Option<&str>, body: Value| {
        service
            .request(Method::PUT, &path, token)
            .json(&body)
            .send()
    };

    problem(
        put(None, json!({"result": "B+R"})).await.unwrap(),
        401,
        "auth.missing_token",
    )
    .await;
    let table = service
        .token(
            Role::Table,
            Some(tournament.parse().unwrap()),
            Some(pairing),
        )
        .await;
    problem(
        put(Some(&table), json!({"result": "B+R"})).await.unwrap(),
        403,
        "auth.forbidden",
    )
    .await;
    problem(
        put(Some(&referee), json!({"result": "B+R"})).await.unwrap(),
        409,
        "round.not_started",
    )
    .await;
    service
        .api()
        .with_token(&referee)
        .start_round(&tournament, 1)
        .await;

    let refused = problem(
        put(Some(&referee), json!({"result": "B+X"})).await.unwrap(),
        422,
        "validation.failed",
    )
    .await;
    assert_eq!(fields(&refused)[0], "result");
    problem(
        put(Some(&referee), json!({"result": "B+R", "by": "me"}))
            .await
            .unwrap(),
        422,
        "body.invalid",
    )
    .await;
    // Every FF[4] spelling is stored in one: `b+resign` is `B+R`, `Draw` is `0`.
    let anyone = service.api().anonymous();
    let recorded: PairingResult = read(
        put(Some(&referee), json!({"result": "b+resign"}))
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(recorded.result.as_deref(), Some("B+R"));
    let drawn: PairingResult = read(
        put(Some(&referee), json!({"result": "Draw"}))
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(drawn.result.as_deref(), Some("0"));
    let stored: PairingResult = anyone.get(&path).await;
    assert_eq!(stored.result.as_deref(), Some("0"));
    // The pairing shows it too, in the round's list and alone.
    let pairings = anyone.pairings(&tournament, 1).await;
    assert_eq!(pairings[0].result.as_deref(), Some("0"));
    let alone: Pairing = anyone.pairing(&tournament, 1, pairing).await;
    assert_eq!(alone.result.as_deref(), Some("0"));
    // A body without a result changes nothing; a margin the komi cannot give is refused.
    for empty in [json!({}), json!({"result": null})] {
        let refused = problem(
            put(Some(&referee), empty).await.unwrap(),
            422,
            "validation.failed",
        )
        .await;
        assert_eq!(fields(&refused)[0], "result");
    }
    problem(
        put(Some(&referee), json!({"result": "B+3.5"}))
            .await
            .unwrap(),
        422,
        "result.margin",
    )
    .await;
    for wrong in ["B+1e3", "B+3.25x", "W+inf"] {
        problem(
            put(Some(&referee), json!({"result": wrong})).await.unwrap(),
            422,
            "validation.failed",
        )
        .await;
    }
    let stored: PairingResult = anyone.get(&path).await;
    assert_eq!(stored.result.as_deref(), Some("0"));
    // `?` forgets it.
    let forgotten: PairingResult = read(
        put(
            Some(&referee),
            json!({"result": "?", "reason": "entered on the wrong table"}),
        )
        .await
        .unwrap(),
        200,
    )
    .await;
    assert_eq!(forgotten.result, None);
    // Every change is a ruling on the pairing: who, when, the previous result, the reason.
    // (`issued_by`, a token's id, is there: a `Ruling` does not decode without it.)
    let rulings: SentRulings = anyone
        .get(&format!(
            "/tournaments/{tournament}/rounds/1/pairings/{pairing}/rulings"
        ))
        .await;
    let items = &rulings.items;
    assert_eq!(items.len(), 3, "{rulings:?}");
    assert_eq!(items[0].previous.result, None);
    assert_eq!(items[0].terms.result.as_deref(), Some("B+R"));
    assert_eq!(items[0].reason, "result recorded by hand");
    assert_eq!(items[1].previous.result.as_deref(), Some("B+R"));
    assert_eq!(items[1].terms.result.as_deref(), Some("0"));
    assert_eq!(items[2].previous.result.as_deref(), Some("0"));
    assert_eq!(items[2].terms.result, None);
    assert_eq!(items[2].reason, "entered on the wrong table");
    let missing = format!(
        "/tournaments/{tournament}/rounds/1/pairings/{}/result",
        uuid::Uuid::now_v7()
    );
    problem(
        service
            .request(Method::PUT, &missing, Some(&referee))
            .json(&json!({"result": "0"}))
            .send()
            .await
            .unwrap(),
        404,
        "not_found.pairing",
    )
    .await;
}

#[tokio::test]
async fn what_cannot_be_sent_or_exported_is_a_problem() {
    let Played {
        service,
        tournament,
        referee,
        players,
    } = play().await;
    let standings = format!("/tournaments/{tournament}/standings");
    let refused = problem(
        service
            .get(&standings)
            .header("accept", "image/png")
            .send()
            .await
            .unwrap(),
        406,
        "not_acceptable",
    )
    .await;
    assert!(refused.detail.contains("application/egf"));
    // The AGA rates only its members: the first player without an AGA ID is named.
    let response = service
        .get(&standings)
        .header("accept", "text/plain")
        .send()
        .await
        .unwrap();
    let refused = problem(response, 422, "export.missing_aga_id").await;
    assert!(refused.detail.contains("Martin Paul"), "{refused:?}");
    // CSV and OpenGotha XML need nothing more.
    let (status, headers, _) = fetch(&service, &standings, Some("text/csv")).await;
    assert_eq!(
        (status.as_u16(), headers["content-type"].to_str().unwrap()),
        (200, "text/csv; charset=utf-8; header=present")
    );
    let (status, headers, xml) = fetch(
        &service,
        &format!("/tournaments/{tournament}/exports/opengotha"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"Tournoi-de-Paris.xml\""
    );
    assert!(String::from_utf8(xml).unwrap().contains("Tournoi de Paris"));
    problem(
        service
            .get(&format!("/tournaments/{tournament}/exports/pdf"))
            .send()
            .await
            .unwrap(),
        400,
        "path.invalid",
    )
    .await;
    problem(
        service
            .get(&format!("{standings}?after_round=4"))
            .send()
            .await
            .unwrap(),
        400,
        "query.invalid",
    )
    .await;
    problem(
        service
            .get(&format!("/tournaments/{}/standings", uuid::Uuid::now_v7()))
            .send()
            .await
            .unwrap(),
        404,
        "not_found.tournament",
    )
    .await;

    // A fourth round paired but not played: its results are unknown to the rating bodies.
    service.create_round(&tournament, 4).await;
    service
        .api()
        .create_pairing(&tournament, 4, 1, &players[DUPONT], &players[MARTIN])
        .await;
    let refused = problem(
        fetch_response(&service, &standings, "application/egf").await,
        422,
        "export.unknown_result",
    )
    .await;
    assert!(refused.detail.contains("Dupont Marie"), "{refused:?}");
    let (status, _, h9) = fetch(
        &service,
        &format!("{standings}?after_round=3"),
        Some("application/egf"),
    )
    .await;
    assert_eq!(
        (status.as_u16(), h9),
        (200, latin9(H9)),
        "rounds 1 to 3 still export"
    );
    // A player paired in a round cannot be given a bye in it too (issue 13): the slip is
    // refused, and the standings stay readable.
    let path = format!(
        "/tournaments/{tournament}/rounds/4/registrations/{}",
        players[DUPONT]
    );
    problem(
        service
            .request(Method::PUT, &path, Some(&referee))
            .json(&json!({"status": "bye"}))
            .send()
            .await
            .unwrap(),
        409,
        "registration.player_paired",
    )
    .await;
    let _: Standings = read(service.get(&standings).send().await.unwrap(), 200).await;
}

async fn fetch_response(service: &TestService, path: &str, accept: &str) -> reqwest::Response {
    service
        .get(path)
        .header("accept", accept)
        .send()
        .await
        .unwrap()
}
