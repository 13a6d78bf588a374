//! Drafted pairings: the engine's pairing of a round, adjusted (games fixed, players left
//! out), explained, published through the hand-made pairings' endpoints, played, and the
//! next round drafted without a rematch unless one is fixed.

use arbitre_api::access::Role;
use arbitre_api::routes::drafts::{Draft, DraftTable, Explanation, PublishedRound};
use arbitre_api::routes::pairings::{Pairing, PairingList, PairingPage};
use arbitre_api::routes::rounds::RegistrationPage;
use arbitre_api::services::names::PlayerName;
use arbitre_api::services::rounds::RegistrationStatus;
use arbitre_api::services::tournaments::Tournament;
use arbitre_core::pairing::parameters::{OpenGothaVersion, System};
use arbitre_core::pairing::Cost;
use arbitre_tests::api::{fields, problem, read, Api};
use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::{json, Value};
use std::collections::HashSet;
use uuid::Uuid;

/// The ranks of the five players of the small drafts, strongest first.
const FIVE_RANKS: [&str; 5] = ["2d", "1k", "3k", "4k", "6k"];

/// Registers a player of each of `ranks`, named `{surname}{index}`: their ids, in order.
async fn create_players(
    service: &TestService,
    tournament: &str,
    surname: &str,
    ranks: &[&str],
) -> Vec<Uuid> {
    let mut players = Vec::new();
    for (index, rank) in ranks.iter().enumerate() {
        let id = service
            .create_player(tournament, &format!("{surname}{index}"), rank)
            .await;
        players.push(id.parse().unwrap());
    }
    players
}

/// Every table's players, and the bye, each once: the draft pairs `expected` exactly.
fn assert_pairs_everyone(draft: &Draft, expected: &[Uuid]) {
    let mut seen: Vec<Uuid> = draft
        .tables
        .iter()
        .flat_map(|table| [table.white_id, table.black_id])
        .chain(draft.bye)
        .collect();
    seen.sort();
    let mut expected = expected.to_vec();
    expected.sort();
    assert_eq!(seen, expected, "{draft:#?}");
    let tables: Vec<u32> = draft.tables.iter().map(|table| table.table).collect();
    assert_eq!(tables, (1..=tables.len() as u32).collect::<Vec<_>>());
}

fn same_pair(table: &DraftTable, a: Uuid, b: Uuid) -> bool {
    let (white, black) = (table.white_id, table.black_id);
    (white == a && black == b) || (white == b && black == a)
}

/// The criteria's parts added up, every field of `Cost` named so that a criterion added
/// to it cannot be left out of the sum.
fn sum_of_criteria(cost: &Cost) -> i64 {
    let Cost {
        duplicate_game,
        random,
        colour_balance,
        categories,
        score_difference,
        draw_up_down,
        seeding,
        handicap,
        geography,
    } = *cost;
    duplicate_game
        + random
        + colour_balance
        + categories
        + score_difference
        + draw_up_down
        + seeding
        + handicap
        + geography
}

/// A game's terms and players, as a stored pairing and a draft's table both hold them.
#[derive(Debug, PartialEq)]
struct Game<'a> {
    table: i64,
    white_id: Uuid,
    black_id: Uuid,
    white: &'a PlayerName,
    black: &'a PlayerName,
    handicap: i64,
    komi: f64,
}

fn stored_game(pairing: &Pairing) -> Game<'_> {
    Game {
        table: pairing.table.into(),
        white_id: pairing.white_id,
        black_id: pairing.black_id,
        white: &pairing.white,
        black: &pairing.black,
        handicap: pairing.handicap.into(),
        komi: pairing.komi,
    }
}

fn drafted_game(table: &DraftTable) -> Game<'_> {
    Game {
        table: table.table.into(),
        white_id: table.white_id,
        black_id: table.black_id,
        white: &table.white,
        black: &table.black,
        handicap: table.handicap.into(),
        komi: table.komi,
    }
}

/// Publishes a draft as hand-made pairings are published: the tables with the round's
/// bulk endpoint, the bye as a registration. Returns the stored pairings.
async fn publish(api: &Api<'_>, tournament: &str, round: u32, draft: &Draft) -> Vec<Pairing> {
    let pairings: Vec<Value> = draft
        .tables
        .iter()
        .map(|table| {
            json!({
                "table": table.table,
                "white_id": table.white_id,
                "black_id": table.black_id,
                "handicap": table.handicap,
                "komi": table.komi,
            })
        })
        .collect();
    let stored: PairingList = api
        .put(
            &format!("/tournaments/{tournament}/rounds/{round}/pairings"),
            &json!({ "pairings": pairings }),
        )
        .await;
    if let Some(bye) = draft.bye {
        api.register(tournament, round, bye, RegistrationStatus::Bye)
            .await;
    }
    stored.items
}

/// A draft sent back to be published, as it was returned or edited.
fn as_sent(draft: &Draft) -> Value {
    serde_json::to_value(draft).unwrap()
}

/// An organizer's token for another tournament than the one drafted.
async fn stranger(service: &TestService) -> String {
    let other = service.api().create_tournament(json!({})).await.id;
    service.token(Role::Organizer, Some(other), None).await
}

async fn draft(api: &Api<'_>, path: &str, body: Value) -> Draft {
    api.post(path, &body, 200).await
}

#[tokio::test]
async fn a_round_is_drafted_adjusted_published_played_and_the_next_avoids_rematches() {
    let service = TestService::start().await;
    let admin = service.api();
    let tournament_id = admin.create_tournament(json!({})).await.id;
    let tournament = tournament_id.to_string();
    let players = create_players(&service, &tournament, "Player", &FIVE_RANKS).await;
    service.create_round(&tournament, 1).await;
    service.create_round(&tournament, 2).await;
    let round_1 = format!("/tournaments/{tournament}/rounds/1/pairings/draft");
    let round_2 = format!("/tournaments/{tournament}/rounds/2/pairings/draft");

    // Staff only.
    let anonymous = service
        .api()
        .anonymous()
        .send(Method::POST, &round_1, Some(&json!({})))
        .await;
    problem(anonymous, 401, "auth.missing_token").await;
    let stranger = stranger(&service).await;
    let refused = service
        .api()
        .with_token(&stranger)
        .send(Method::POST, &round_1, Some(&json!({})))
        .await;
    problem(refused, 403, "auth.forbidden").await;
    let referee_token = service
        .token(Role::Referee, Some(tournament_id), None)
        .await;
    let referee = service.api().with_token(&referee_token);

    // The engine's pairing: five players, two tables and a bye, nothing stored.
    let first = draft(&referee, &round_1, json!({})).await;
    assert_pairs_everyone(&first, &players);
    assert!(first.bye.is_some());
    assert_eq!(
        first.opengotha,
        OpenGothaVersion::Since352,
        "a new tournament follows OpenGotha 3.52's pairing"
    );
    for table in &first.tables {
        assert!(!table.rematch, "{table:#?}");
        assert_eq!(table.cost.total, sum_of_criteria(&table.cost.criteria) + 1);
    }
    let listed: PairingPage = service
        .api()
        .anonymous()
        .get(&format!("/tournaments/{tournament}/rounds/1/pairings"))
        .await;
    assert_eq!(listed.page.total, 0, "a draft is not stored");

    // Adjusted: the two strongest fixed together, the weakest left out.
    let (fixed_a, fixed_b, left_out) = (players[0], players[1], players[4]);
    let adjusted = draft(
        &admin,
        &round_1,
        json!({"fixed": [[fixed_a, fixed_b]], "exclude": [left_out]}),
    )
    .await;
    assert_pairs_everyone(&adjusted, &players[..4]);
    assert!(adjusted.bye.is_none());
    assert!(
        adjusted
            .tables
            .iter()
            .any(|table| same_pair(table, fixed_a, fixed_b)),
        "the fixed game is drafted: {adjusted:#?}"
    );
    let unknown = admin
        .send(
            Method::POST,
            &round_1,
            Some(&json!({"fixed": [[fixed_a, Uuid::now_v7()]]})),
        )
        .await;
    let refused = problem(unknown, 422, "validation.failed").await;
    assert_eq!(fields(&refused)[0], "fixed");

    // Explained: the pair's criteria, and a player's candidates, costliest first.
    let explain = format!("/tournaments/{tournament}/rounds/1/pairings/explain");
    let drafted = &first.tables[0];
    let (white, black) = (drafted.white_id, drafted.black_id);
    let explained: Explanation = referee
        .get(&format!("{explain}?white={white}&black={black}"))
        .await;
    let pair = explained.pair.expect("the pair explained");
    assert_eq!(pair.cost, drafted.cost);
    assert_eq!(pair.opponent_id, black);
    let explained: Explanation = referee.get(&format!("{explain}?player={white}")).await;
    let candidates = explained.candidates;
    assert_eq!(candidates.len(), 3, "the four others but the bye");
    let totals: Vec<i64> = candidates
        .iter()
        .map(|candidate| candidate.cost.total)
        .collect();
    assert!(
        totals.windows(2).all(|pair| pair[0] >= pair[1]),
        "{totals:?}"
    );
    let chosen = candidates
        .iter()
        .find(|candidate| candidate.opponent_id == black)
        .expect("the drafted opponent is a candidate");
    assert_eq!(chosen.cost, drafted.cost);
    let neither = referee
        .send(Method::GET, &format!("{explain}?white={white}"), None)
        .await;
    problem(neither, 400, "query.invalid").await;
    let anonymous = service
        .api()
        .anonymous()
        .send(Method::GET, &format!("{explain}?player={white}"), None)
        .await;
    problem(anonymous, 401, "auth.missing_token").await;

    // Published as hand-made pairings are, the player left out registered absent.
    let stored = publish(&admin, &tournament, 1, &adjusted).await;
    admin
        .register(&tournament, 1, left_out, RegistrationStatus::Absent)
        .await;
    assert_eq!(stored.len(), 2);
    for (pairing, table) in stored.iter().zip(&adjusted.tables) {
        assert_eq!(stored_game(pairing), drafted_game(table));
    }
    let again = admin.send(Method::POST, &round_1, Some(&json!({}))).await;
    problem(again, 409, "round.already_paired").await;
    let missing = admin
        .send(
            Method::POST,
            &format!("/tournaments/{tournament}/rounds/3/pairings/draft"),
            Some(&json!({})),
        )
        .await;
    problem(missing, 404, "not_found.round").await;

    // Played: the round starts, White wins every game.
    admin.start_round(&tournament, 1).await;
    let mut met = HashSet::new();
    for pairing in &stored {
        admin.record_result(&tournament, 1, pairing.id, "W+R").await;
        met.insert((pairing.white_id, pairing.black_id));
        met.insert((pairing.black_id, pairing.white_id));
    }

    // Round 2: everyone back, no game of round 1 again.
    let second = draft(&admin, &round_2, json!({})).await;
    assert_pairs_everyone(&second, &players);
    for table in &second.tables {
        assert!(
            !met.contains(&(table.white_id, table.black_id)),
            "a rematch: {table:#?}"
        );
        assert!(!table.rematch, "{table:#?}");
    }
    // A rematch forced by the organizer is flagged.
    let forced = draft(&admin, &round_2, json!({"fixed": [[fixed_a, fixed_b]]})).await;
    let forced_table = forced
        .tables
        .iter()
        .find(|table| same_pair(table, fixed_a, fixed_b))
        .expect("the fixed game is drafted");
    assert!(forced_table.rematch);
    for table in &forced.tables {
        assert_eq!(
            table.rematch,
            met.contains(&(table.white_id, table.black_id)),
            "{table:#?}"
        );
    }

    let published = publish(&admin, &tournament, 2, &second).await;
    assert_eq!(published.len(), second.tables.len());
    let registrations: RegistrationPage = admin
        .get(&format!(
            "/tournaments/{tournament}/rounds/2/registrations?status=bye"
        ))
        .await;
    assert_eq!(Some(registrations.items[0].player_id), second.bye);
}

#[tokio::test]
async fn pairing_parameters_are_settings_of_the_tournament() {
    let service = TestService::start().await;
    let admin = service.api();
    let tournament = admin.create_tournament(json!({})).await;
    assert_eq!(tournament.pairing.system, System::McMahon);
    assert_eq!(
        tournament.pairing.base.avoid_duplicate_game, 500_000_000_000_000i64,
        "OpenGotha's default"
    );
    let path = format!("/tournaments/{}", tournament.id);
    let mut pairing = tournament.pairing;
    pairing.system = System::Swiss;
    pairing.main.seeding = 7;
    let changed: Tournament = admin.patch(&path, &json!({ "pairing": pairing })).await;
    assert_eq!(changed.pairing, pairing);
    pairing.main.seeding = -1;
    pairing.concavity.denominator = 0;
    let refused = admin
        .send(Method::PATCH, &path, Some(&json!({ "pairing": pairing })))
        .await;
    let refused = problem(refused, 422, "validation.failed").await;
    assert_eq!(
        fields(&refused),
        ["pairing.main.seeding", "pairing.concavity"]
    );
}

/// One shape in, one shape out (issue 20): a draft names its players beside their ids and
/// is published as it was returned, in one request (tables and bye); a draft made before
/// the round changed is refused with 409, and a draft cannot be published twice.
#[tokio::test]
async fn a_draft_is_published_as_returned_unless_the_round_changed() {
    let service = TestService::start().await;
    let admin = service.api();
    let tournament = admin
        .create_tournament(json!({"number_of_rounds": 2}))
        .await
        .id
        .to_string();
    let players = create_players(&service, &tournament, "Joueur", &FIVE_RANKS).await;
    let rank_of = |id: Uuid| FIVE_RANKS[players.iter().position(|player| *player == id).unwrap()];
    let round_1 = format!("/tournaments/{tournament}/rounds/1/pairings");
    let first = draft(&admin, &format!("{round_1}/draft"), json!({})).await;
    for table in &first.tables {
        for (player, id) in [
            (&table.white, table.white_id),
            (&table.black, table.black_id),
        ] {
            assert_eq!(player.id, id);
            assert!(player.name.starts_with("Joueur"), "{first:#?}");
            assert_eq!(player.rank, rank_of(id), "{first:#?}");
        }
    }
    assert_eq!(first.bye_player.as_ref().map(|player| player.id), first.bye);

    // A player withdrawn from the round after the draft: the draft is stale.
    let absent = *players
        .iter()
        .find(|player| Some(**player) != first.bye)
        .unwrap();
    admin
        .register(&tournament, 1, absent, RegistrationStatus::Absent)
        .await;
    // Drafted again, the round is read as it now is, not as the first draft read it.
    let without = draft(&admin, &format!("{round_1}/draft"), json!({})).await;
    assert_ne!(without.state, first.state);
    let others: Vec<Uuid> = players
        .iter()
        .copied()
        .filter(|player| *player != absent)
        .collect();
    assert_pairs_everyone(&without, &others);
    let publish_path = format!("{round_1}/publish");
    let stale = admin
        .send(Method::POST, &publish_path, Some(&as_sent(&first)))
        .await;
    let refused = problem(stale, 409, "draft.stale").await;
    assert!(refused.detail.contains("draft it again"), "{refused:?}");
    admin
        .register(&tournament, 1, absent, RegistrationStatus::Present)
        .await;

    // A draft edited so that it no longer holds together is refused with the core's codes,
    // the same as pairings entered one by one: the bye also at a board, a table twice.
    let mut bye_at_a_board = first.clone();
    bye_at_a_board.tables[0].black_id = first.bye.expect("five players, one bye");
    let refused = admin
        .send(Method::POST, &publish_path, Some(&as_sent(&bye_at_a_board)))
        .await;
    problem(refused, 409, "pairing.player_has_bye").await;
    let mut one_table_twice = first.clone();
    one_table_twice.tables[1].table = first.tables[0].table;
    let refused = admin
        .send(
            Method::POST,
            &publish_path,
            Some(&as_sent(&one_table_twice)),
        )
        .await;
    problem(refused, 409, "pairing.table_taken").await;

    // Published as returned: the tables are the pairings, the bye a registration.
    let again = draft(&admin, &format!("{round_1}/draft"), json!({})).await;
    assert_eq!(again.state, first.state, "the same state drafts the same");
    let published: PublishedRound = admin.post(&publish_path, &as_sent(&again), 201).await;
    let stored: PairingPage = service.api().anonymous().get(&round_1).await;
    assert_eq!(stored.items, published.pairings, "{published:#?}");
    assert_eq!(stored.page.total, again.tables.len() as i64);
    for (pairing, table) in stored.items.iter().zip(&again.tables) {
        assert_eq!(stored_game(pairing), drafted_game(table));
    }
    assert_eq!(published.bye, again.bye_player);
    let byes: RegistrationPage = service
        .api()
        .anonymous()
        .get(&format!(
            "/tournaments/{tournament}/rounds/1/registrations?status=bye"
        ))
        .await;
    assert_eq!(Some(byes.items[0].player_id), again.bye);

    // Published once.
    let twice = admin
        .send(Method::POST, &publish_path, Some(&as_sent(&again)))
        .await;
    problem(twice, 409, "round.already_paired").await;
}

/// The heavy-work pool's jobs for the staff so far, as `/metrics` counts them.
async fn staff_jobs(service: &TestService) -> u64 {
    service
        .metric("arbitre_heavy_jobs_total{class=\"staff\"}")
        .await
}

#[tokio::test]
async fn a_redraft_with_nothing_changed_answers_the_draft_made_and_any_change_drafts_afresh() {
    let service = TestService::start().await;
    let admin = service.api();
    let tournament = admin.create_tournament(json!({})).await.id.to_string();
    let ranks: Vec<&str> = (0..20)
        .map(|index| ["1d", "2k", "5k", "9k"][index % 4])
        .collect();
    let players = create_players(&service, &tournament, "Player", &ranks).await;
    service.create_round(&tournament, 1).await;
    let path = format!("/tournaments/{tournament}/rounds/1/pairings/draft");

    let first = draft(&admin, &path, json!({})).await;
    assert_pairs_everyone(&first, &players);
    let jobs = staff_jobs(&service).await;
    assert!(jobs >= 1, "the engine ran on the heavy pool: {jobs} jobs");

    // Nothing changed: the draft made, and no work on the pool, plain or compressed.
    assert_eq!(draft(&admin, &path, json!({})).await, first);
    assert_eq!(staff_jobs(&service).await, jobs);
    let compressed = service
        .post(&path, Some(&service.admin_token))
        .header("Accept-Encoding", "gzip")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(compressed.status(), 200);
    assert_eq!(compressed.headers()["content-encoding"], "gzip");
    assert_eq!(&compressed.bytes().await.unwrap()[..2], &[0x1f, 0x8b]);
    assert_eq!(staff_jobs(&service).await, jobs);

    // What is kept is no one else's: a stranger is refused before it is looked up.
    let stranger = stranger(&service).await;
    let refused = service
        .api()
        .with_token(&stranger)
        .send(Method::POST, &path, Some(&json!({})))
        .await;
    problem(refused, 403, "auth.forbidden").await;

    // Another request is drafted afresh; the first is still kept beside it.
    let left_out = draft(&admin, &path, json!({ "exclude": [players[0]] })).await;
    assert_pairs_everyone(&left_out, &players[1..]);
    let jobs = staff_jobs(&service).await;
    assert_eq!(draft(&admin, &path, json!({})).await, first);
    assert_eq!(staff_jobs(&service).await, jobs);

    // A change to the tournament (a player registered) is a new draft, with them.
    let newcomer = service.create_player(&tournament, "Newcomer", "3k").await;
    let changed = draft(&admin, &path, json!({})).await;
    assert!(staff_jobs(&service).await > jobs);
    assert_ne!(changed.state, first.state);
    let mut everyone = players.clone();
    everyone.push(newcomer.parse().unwrap());
    assert_pairs_everyone(&changed, &everyone);

    // Once the round is paired, drafting it is refused, not answered from what was kept.
    publish(&admin, &tournament, 1, &changed).await;
    let again = admin.send(Method::POST, &path, Some(&json!({}))).await;
    problem(again, 409, "round.already_paired").await;
}

#[tokio::test]
async fn drafts_asked_without_pause_wait_their_turn_and_none_is_refused() {
    let service = TestService::start().await;
    let tournament = service
        .api()
        .create_tournament(json!({}))
        .await
        .id
        .to_string();
    create_players(&service, &tournament, "Player", &["5k"; 8]).await;
    service.create_round(&tournament, 1).await;
    let path = format!("/tournaments/{tournament}/rounds/1/pairings/draft");
    let token = service.admin_token.clone();

    // 20 drafts a second and 20 at once: of 30 asked together, the 20 first pass at
    // once and each of the 10 others waits 50 ms more than the one before, the last
    // half a second. Without the pace, the 30 are answered in about 0.1 s.
    let began = std::time::Instant::now();
    let mut asking = tokio::task::JoinSet::new();
    for _ in 0..30 {
        let request = service.post(&path, Some(&token)).json(&json!({}));
        asking.spawn(async move { read::<Draft>(request.send().await.unwrap(), 200).await });
    }
    let drafts = asking.join_all().await;
    let elapsed = began.elapsed();
    assert!(
        drafts
            .iter()
            .all(|answer| answer.tables == drafts[0].tables),
        "every draft answered, the same"
    );
    assert!(
        elapsed >= std::time::Duration::from_millis(500),
        "30 drafts answered in {elapsed:?}"
    );
}
