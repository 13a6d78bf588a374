//! Standings against a hand-worked tournament: 8 players, 5 rounds of McMahon, with a bye,
//! an absence, a jigo, a game won by default and a three-way tie on McMahon score broken
//! by SOS, then by SOSOS.
//!
//! Every expected number below was worked out by hand from the pairings, in the comments
//! next to it, with the definitions of OpenGotha's placement settings: the start score is
//! the number of grades above 30k (bar 4d, floor 20k); a round without an opponent counts
//! the player's own start score in SOS, and start score × number of rounds in SOSOS.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use arbitre_core::clock::TimeControl;
use arbitre_core::standings::{
    compute, Basis, Credit, Criterion, Game, GameResult, HandicapPolicy, McMahon, Outcome, Player,
    Rank, RoundEntry, RoundOutcome, Score, Scoring, StandingsError, Tournament,
};

fn rank(text: &str) -> Rank {
    text.parse().unwrap()
}

fn player(id: &str, level: &str) -> Player {
    Player {
        id: id.to_string(),
        surname: format!("Player{id}"),
        first_name: id.to_string(),
        rank: rank(level),
        rating: None,
        country: "FR".to_string(),
        club: "75Pa".to_string(),
        egd_pin: None,
        ffg_licence: None,
        aga_id: None,
        mms_correction: 0,
        preliminary: false,
    }
}

fn game(round: u32, black: &str, white: &str, result: GameResult) -> Game {
    Game {
        round,
        table: None,
        black: black.to_string(),
        white: white.to_string(),
        handicap: 0,
        komi: None,
        colours_known: true,
        result,
        by_default: false,
    }
}

/// Start scores (bar 4d, floor 20k, zero 30k): A 2d 31, B and C 1d 30, D and E 1k 29,
/// F and G 2k 28, H 3k 27. A bye is worth 1 point (and 1 win), an absence ½ point (and no
/// win), not rounded down.
///
/// The rounds from each player's side (`+` won, `-` lost, `=` jigo, `!` by default):
///
/// ```text
///      R1    R2    R3      R4    R5     wins  McMahon score
/// A    G-    E+    C+      D-    B-     2     31 + 2       = 33
/// B    C+    G+    bye     F-    A+     3+1   30 + 3 + 1   = 34
/// C    B-    F+!   A-      E-    G-     1     30 + 1       = 31
/// D    E-    H+    G+      A+    F+     4     29 + 4       = 33
/// E    D+    A-    F+      C+    H+     4     29 + 4       = 33
/// F    H=    C-!   E-      B+    D-     1½    28 + ½ + 1   = 29½
/// G    A+    B-    D-      H+    C+     3     28 + 3       = 31
/// H    F=    D-    absent  G-    E-     ½     27 + ½ + ½   = 28
/// ```
fn tournament() -> Tournament {
    use GameResult::{BlackWins as B, Jigo, WhiteWins as W};
    let mut games = vec![
        game(1, "B", "C", B),
        game(1, "G", "A", B),
        game(1, "D", "E", W),
        game(1, "H", "F", Jigo),
        game(2, "E", "A", W),
        game(2, "F", "C", W),
        game(2, "G", "B", W),
        game(2, "H", "D", W),
        game(3, "F", "E", W),
        game(3, "C", "A", W),
        game(3, "G", "D", W),
        game(4, "F", "B", B),
        game(4, "D", "A", B),
        game(4, "H", "G", W),
        game(4, "E", "C", B),
        game(5, "H", "E", W),
        game(5, "F", "D", W),
        game(5, "B", "A", B),
        game(5, "G", "C", B),
    ];
    // Round 2: F did not come; C wins by default.
    games[5].by_default = true;
    Tournament {
        name: "Hand-worked McMahon".to_string(),
        short_name: "handworked".to_string(),
        city: "Paris".to_string(),
        country: "FR".to_string(),
        director: String::new(),
        start_date: "2024-03-02".to_string(),
        end_date: "2024-03-03".to_string(),
        online: false,
        board_size: 19,
        komi: 7.5,
        rules: None,
        time: TimeControl::ByoYomi {
            main_time_ms: 3_600_000,
            periods: 5,
            period_ms: 30_000,
        },
        handicap: HandicapPolicy {
            reduction: 1,
            ceiling: 9,
            based_on_mms: true,
            no_handicap_from: rank("1d"),
        },
        rounds: 5,
        mcmahon: McMahon {
            bar: rank("4d"),
            floor: rank("20k"),
            zero: rank("30k"),
        },
        category_limits: Vec::new(),
        breizh_limits: Vec::new(),
        scoring: Scoring {
            bye: Credit {
                mms_half_points: 2,
                nbw_half_points: 2,
            },
            absence: Credit {
                mms_half_points: 1,
                nbw_half_points: 0,
            },
            round_down: false,
            unplayed_as_half_point_in_sos: false,
        },
        criteria: vec![
            Criterion::Mms,
            Criterion::Sos(Basis::Mms),
            Criterion::Sosos(Basis::Mms),
        ],
        players: [
            ("A", "2d"),
            ("B", "1d"),
            ("C", "1d"),
            ("D", "1k"),
            ("E", "1k"),
            ("F", "2k"),
            ("G", "2k"),
            ("H", "3k"),
        ]
        .iter()
        .map(|(id, level)| player(id, level))
        .collect(),
        games,
        byes: vec![RoundEntry {
            round: 3,
            player: "B".to_string(),
        }],
        absences: vec![RoundEntry {
            round: 3,
            player: "H".to_string(),
        }],
        pairing: None,
        key_locale: Default::default(),
        display: Default::default(),
    }
}

fn points(value: f64) -> Score {
    Score::from_quarters((value * 4.0) as i64)
}

/// SOS, the opponents' final McMahon scores (own start score for the bye and the absence):
///
/// ```text
/// A  G 31  + E 33  + C 31   + D 33  + B 34    = 162
/// B  C 31  + G 31  + own 30 + F 29½ + A 33    = 154½
/// C  B 34  + F 29½ + A 33   + E 33  + G 31    = 160½
/// D  E 33  + H 28  + G 31   + A 33  + F 29½   = 154½
/// E  D 33  + A 33  + F 29½  + C 31  + H 28    = 154½
/// F  H 28  + C 31  + E 33   + B 34  + D 33    = 159
/// G  A 33  + B 34  + D 33   + H 28  + C 31    = 159
/// H  F 29½ + D 33  + own 27 + G 31  + E 33    = 153½
/// ```
///
/// SOSOS, the opponents' SOS (own start score × 5 rounds for the bye and the absence):
///
/// ```text
/// A  G 159    + E 154½ + C 160½      + D 154½ + B 154½ = 783
/// B  C 160½   + G 159  + 30 × 5 = 150 + F 159  + A 162  = 790½
/// C  B 154½   + F 159  + A 162       + E 154½ + G 159  = 789
/// D  E 154½   + H 153½ + G 159       + A 162  + F 159  = 788
/// E  D 154½   + A 162  + F 159       + C 160½ + H 153½ = 789½
/// F  H 153½   + C 160½ + E 154½      + B 154½ + D 154½ = 777½
/// G  A 162    + B 154½ + D 154½      + H 153½ + C 160½ = 785
/// H  F 159    + D 154½ + 27 × 5 = 135 + G 159  + E 154½ = 762
/// ```
///
/// A, D and E tie on 33: SOS puts A (162) first; D and E tie again on 154½ and SOSOS puts
/// E (789½) before D (788). C and G tie on 31 and SOS puts C (160½) first.
#[test]
fn three_way_tie_on_mms_is_broken_by_sos_then_sosos() {
    let standings = compute(&tournament(), 5).unwrap();
    let table: Vec<(&str, u32, Score, Score, Score)> = standings
        .iter()
        .map(|s| {
            (
                s.player.as_str(),
                s.place,
                s.criteria[0],
                s.criteria[1],
                s.criteria[2],
            )
        })
        .collect();
    assert_eq!(
        table,
        vec![
            ("B", 1, points(34.0), points(154.5), points(790.5)),
            ("A", 2, points(33.0), points(162.0), points(783.0)),
            ("E", 3, points(33.0), points(154.5), points(789.5)),
            ("D", 4, points(33.0), points(154.5), points(788.0)),
            ("C", 5, points(31.0), points(160.5), points(789.0)),
            ("G", 6, points(31.0), points(159.0), points(785.0)),
            ("F", 7, points(29.5), points(159.0), points(777.5)),
            ("H", 8, points(28.0), points(153.5), points(762.0)),
        ]
    );
}

/// The other tie-breakers, from the table above.
///
/// * SOS−1 and SOS−2 drop the lowest one and two of the SOS terms: E (33, 33, 29½, 31, 28)
///   154½ − 28 = 126½, then − 29½ = 97; B (31, 31, 30, 29½, 33) 154½ − 29½ = 125, then
///   − 30 = 95.
/// * SODOS sums the final scores of the opponents beaten, half of those held to a jigo:
///   E beat D 33, F 29½, C 31 and H 28: 121½; C's game won by default counts, F 29½;
///   F drew with H (½ × 28 = 14) and beat B 34: 48; H drew with F: ½ × 29½ = 14¾.
/// * CUSS sums the score after each round: E 30 + 30 + 31 + 32 + 33 = 156;
///   H 27½ + 27½ + 28 + 28 + 28 = 139.
/// * SOS on the number of wins (SOSW), no credit for a round without an opponent:
///   H: F 1½ + D 4 + 0 + G 3 + E 4 = 12½; B: C 1 + G 3 + 0 + F 1½ + A 2 = 7½.
#[test]
fn other_tie_breakers_by_hand() {
    let mut other = tournament();
    other.criteria = vec![
        Criterion::SosMinus1(Basis::Mms),
        Criterion::SosMinus2(Basis::Mms),
        Criterion::Sodos(Basis::Mms),
        Criterion::Cuss(Basis::Mms),
        Criterion::Sos(Basis::Wins),
    ];
    let standings = compute(&other, 5).unwrap();
    let values = |id: &str| {
        standings
            .iter()
            .find(|s| s.player == id)
            .unwrap()
            .criteria
            .clone()
    };
    assert_eq!(
        values("E")[..4],
        [points(126.5), points(97.0), points(121.5), points(156.0)]
    );
    assert_eq!(values("B")[..2], [points(125.0), points(95.0)]);
    assert_eq!(values("C")[2], points(29.5));
    assert_eq!(values("F")[2], points(48.0));
    assert_eq!(values("H")[2], points(14.75));
    assert_eq!(values("H")[3], points(139.0));
    assert_eq!(
        (values("H")[4], values("B")[4]),
        (points(12.5), points(7.5))
    );
}

#[test]
fn number_of_wins_counts_the_bye_the_forfeit_and_half_a_jigo() {
    let standings = compute(&tournament(), 5).unwrap();
    let wins = |id: &str| standings.iter().find(|s| s.player == id).unwrap().wins;
    assert_eq!(wins("B"), points(4.0), "3 wins and a bye");
    assert_eq!(wins("C"), points(1.0), "the game won by default");
    assert_eq!(
        wins("F"),
        points(1.5),
        "a jigo and a win; the forfeit lost counts nothing"
    );
    assert_eq!(wins("H"), points(0.5), "a jigo; an absence is worth no win");
}

#[test]
fn rounds_record_bye_absence_jigo_and_forfeit() {
    let standings = compute(&tournament(), 5).unwrap();
    let rounds = |id: &str| {
        standings
            .iter()
            .find(|s| s.player == id)
            .unwrap()
            .rounds
            .clone()
    };
    assert_eq!(rounds("B")[2], RoundOutcome::Bye);
    assert_eq!(rounds("H")[2], RoundOutcome::Absent);
    assert!(matches!(
        &rounds("H")[0],
        RoundOutcome::Game {
            outcome: Outcome::Jigo,
            ..
        }
    ));
    assert!(matches!(
        &rounds("F")[1],
        RoundOutcome::Game { outcome: Outcome::Loss, by_default: true, opponent, .. } if opponent == "C"
    ));
}

#[test]
fn standings_after_an_earlier_round_ignore_later_games() {
    let standings = compute(&tournament(), 1).unwrap();
    let mms = |id: &str| standings.iter().find(|s| s.player == id).unwrap().mms;
    assert_eq!(mms("H"), points(27.5));
    assert_eq!(mms("A"), points(31.0));
    assert_eq!(
        standings[0].player, "B",
        "B (30 + 1) leads A (31 + 0) on SOS: C 30 against G 29"
    );
    assert!(standings.iter().all(|s| s.rounds.len() == 1));
}

#[test]
fn a_void_game_counts_for_nobody() {
    let mut voided = tournament();
    voided.games[1].result = GameResult::Void; // G–A, round 1
    let standings = compute(&voided, 5).unwrap();
    let line = |id: &str| standings.iter().find(|s| s.player == id).unwrap().clone();
    assert_eq!(line("G").mms, points(30.0), "G loses the win");
    assert_eq!(
        line("A").rounds[0],
        RoundOutcome::Void {
            opponent: "G".to_string()
        }
    );
    // A's round 1 now counts A's own start score, 31, where G's final score (31) was.
    assert_eq!(line("A").criteria[1], points(162.0));
    assert_eq!(
        line("G").criteria[1],
        points(159.0 - 33.0 + 28.0),
        "G's round 1 counts G's start score"
    );
}

#[test]
fn rounding_down_drops_half_point_credits() {
    let mut rounded = tournament();
    rounded.scoring.round_down = true;
    let standings = compute(&rounded, 5).unwrap();
    let h = standings.iter().find(|s| s.player == "H").unwrap();
    assert_eq!(
        h.mms,
        points(27.5),
        "the jigo's half point stays, the absence's half point goes"
    );
}

#[test]
fn players_equal_on_every_criterion_share_a_place() {
    let mut equal = tournament();
    equal.criteria = vec![Criterion::Mms];
    let standings = compute(&equal, 5).unwrap();
    let places: Vec<(u32, u32)> = standings.iter().map(|s| (s.row, s.place)).collect();
    assert_eq!(
        places,
        vec![
            (1, 1),
            (2, 2),
            (3, 2),
            (4, 2),
            (5, 5),
            (6, 5),
            (7, 7),
            (8, 8)
        ]
    );
    // Equal players are listed by name, as OpenGotha lists them: A, D, E.
    let tied: Vec<&str> = standings[1..4].iter().map(|s| s.player.as_str()).collect();
    assert_eq!(tied, ["A", "D", "E"]);
}

#[test]
fn simplified_direct_confrontation_orders_players_who_met() {
    let mut direct = tournament();
    direct.criteria = vec![
        Criterion::Mms,
        Criterion::SimplifiedDirectConfrontation,
        Criterion::Sos(Basis::Mms),
    ];
    let standings = compute(&direct, 5).unwrap();
    let order: Vec<&str> = standings.iter().map(|s| s.player.as_str()).collect();
    // A, D and E all met: E beat D (round 1), A beat E (round 2), D beat A (round 4): a cycle,
    // each beat one, so SOS decides; D and E stay equal and share third place.
    assert_eq!(&order[1..4], &["A", "D", "E"]);
    assert_eq!(standings[1].criteria[1], points(1.0));
    assert_eq!((standings[2].place, standings[3].place), (3, 3));
    // C and G met in round 5 and G won: G goes ahead of C despite a lower SOS.
    assert_eq!(&order[4..6], &["G", "C"]);
}

#[test]
fn sos_can_count_unplayed_rounds_as_half_points() {
    let mut virtual_scores = tournament();
    virtual_scores.scoring.unplayed_as_half_point_in_sos = true;
    let standings = compute(&virtual_scores, 5).unwrap();
    let sos = |id: &str| standings.iter().find(|s| s.player == id).unwrap().criteria[1];
    // E's opponents: D 33, A 33, C 30 + ½ for the round won by default = 30½,
    // F 28 + ½ (jigo) + 1 (win) + ½ for the forfeit lost = 30, H 27 + ½ (jigo) + ½ (absent) = 28.
    assert_eq!(sos("E"), points(33.0 + 33.0 + 30.5 + 30.0 + 28.0));
}

#[test]
fn inconsistent_pairings_are_refused() {
    let mut twice = tournament();
    twice.games.push(game(3, "B", "H", GameResult::BlackWins));
    assert!(compute(&twice, 5).is_err(), "B has a bye in round 3");
    let mut unknown = tournament();
    unknown.games[0].white = "Z".to_string();
    assert!(compute(&unknown, 5).is_err());
    assert_eq!(
        compute(&tournament(), 6),
        Err(StandingsError::RoundBeyondTournament {
            round: 6,
            rounds: 5
        })
    );
    let mut late = tournament();
    late.games.push(game(7, "A", "B", GameResult::BlackWins));
    assert_eq!(
        compute(&late, 5),
        Err(StandingsError::RoundBeyondTournament {
            round: 7,
            rounds: 5
        })
    );
    let mut endless = tournament();
    endless.rounds = u32::MAX;
    assert_eq!(
        compute(&endless, u32::MAX),
        Err(StandingsError::TooManyRounds(u32::MAX))
    );
}

#[test]
fn ranks_read_and_print() {
    assert_eq!(rank("12K").to_string(), "12k");
    assert_eq!(rank(" 3d").upper(), "3D");
    assert_eq!(rank("1p").to_string(), "1p");
    assert!(rank("30k") < rank("1k") && rank("1k") < rank("1d") && rank("9d") < rank("1p"));
    assert!(
        "0k".parse::<Rank>().is_err()
            && "10d".parse::<Rank>().is_err()
            && "d".parse::<Rank>().is_err()
    );
}
