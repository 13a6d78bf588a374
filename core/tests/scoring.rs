//! Counting, one figure at a time: the worked examples of the FFG texts (rule 6 and
//! rule 6 bis), and diagrams of seki and false eyes counted by French and Japanese rules.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

mod common;

use arbitre_core::counting::DeadStoneError;
use arbitre_core::history::GameRecord;
use arbitre_core::result::GameResult;
use arbitre_core::rules::Counting;
use arbitre_core::scoring::{Breakdown, ScoringError, Side};
use arbitre_core::sgf;
use arbitre_core::verify::{preset_of, Verifier, VerifyOptions};
use arbitre_core::{Color, Point, Preset};
use common::from_diagram;

fn at(text: &str) -> Point {
    Point::from_sgf(text).unwrap()
}

/// Replays `record` under `preset` and counts it with the chains through `dead` removed.
fn count(
    record: &GameRecord,
    preset: Preset,
    dead: &[&str],
    komi: f64,
) -> Result<Breakdown, ScoringError> {
    let mut verifier = Verifier::default();
    assert!(verifier
        .verify(record, preset.rules(), VerifyOptions::default())
        .is_legal());
    let dead: Vec<Point> = dead.iter().map(|text| at(text)).collect();
    Breakdown::of_game(verifier.game(), &dead, komi)
}

fn figures(
    black: Side,
    white: Side,
    komi: f64,
    black_played_last: bool,
    head_start: i64,
) -> Breakdown {
    Breakdown {
        black,
        white,
        dame: 0,
        komi,
        black_played_last,
        head_start,
    }
}

#[test]
fn ffg_summary_black_43_white_38_komi_5_5_white_wins_by_half_a_point() {
    let black = Side {
        stones: 33,
        territory: 8 + 2,
        ..Side::default()
    };
    let white = Side {
        stones: 27,
        territory: 2 + 9,
        ..Side::default()
    };
    let breakdown = figures(black, white, 5.5, false, 0);
    assert_eq!((breakdown.black.area(), breakdown.white.area()), (43, 38));
    assert_eq!(
        GameResult::of_margin(breakdown.area_margin()).to_string(),
        "W+0.5"
    );
}

#[test]
fn ffg_even_game_of_section_11_is_b_7_5_by_both_counts() {
    // White captured 2 and removed 2 dead; Black captured 5 and removed 2 dead; one pass
    // each; Black placed the last stone, so White pays one more.
    let black = Side {
        stones: 24,
        territory: 23,
        captured: 2,
        dead: 2,
        passes: 1,
        ..Side::default()
    };
    let white = Side {
        stones: 20,
        territory: 14,
        captured: 5,
        dead: 2,
        passes: 1,
        ..Side::default()
    };
    let breakdown = figures(black, white, 5.5, true, 0);
    let black_holds = breakdown.white.prisoners()
        + breakdown.white.passes
        + u32::from(breakdown.black_played_last);
    let white_holds = breakdown.black.prisoners() + breakdown.black.passes;
    assert_eq!((black_holds, white_holds), (9, 5));
    assert_eq!(
        (breakdown.quick(Color::Black), breakdown.quick(Color::White)),
        (18, 5)
    );
    assert_eq!(breakdown.area_margin(), 7.5);
    assert_eq!(breakdown.quick_margin(), Ok(7.5));
    assert_eq!(
        breakdown.result(Counting::Area).unwrap().to_string(),
        "B+7.5"
    );
}

#[test]
fn ffg_three_stone_handicap_of_section_11_is_b_4_5_by_both_counts() {
    let komi = Preset::French.rules().default_komi(3);
    assert_eq!(komi, 2.5);
    let black = Side {
        stones: 16,
        territory: 28,
        captured: 5,
        dead: 2,
        passes: 1,
        ..Side::default()
    };
    let white = Side {
        stones: 21,
        territory: 16,
        passes: 1,
        ..Side::default()
    };
    let breakdown = figures(black, white, komi, false, 2);
    assert_eq!(
        (breakdown.quick(Color::Black), breakdown.quick(Color::White)),
        (20, 15)
    );
    assert_eq!(breakdown.quick_komi(), 0.5);
    assert_eq!(breakdown.area_margin(), 4.5);
    assert_eq!(breakdown.quick_margin(), Ok(4.5));
    assert_eq!(
        breakdown.result(Counting::Area).unwrap().to_string(),
        "B+4.5"
    );
}

#[test]
fn ffg_default_komi_is_7_5_even_and_n_minus_half_with_n_stones() {
    let french = Preset::French.rules();
    assert_eq!(french.default_komi(0), 7.5);
    assert_eq!(french.default_komi(1), 0.5);
    assert_eq!(french.default_komi(2), 1.5);
    assert_eq!(french.default_komi(9), 8.5);
}

#[test]
fn a_miscounted_prisoner_is_reported_loudly_never_picked_silently() {
    let black = Side {
        stones: 24,
        territory: 23,
        captured: 2,
        dead: 2,
        passes: 1,
        ..Side::default()
    };
    let white = Side {
        stones: 20,
        territory: 14,
        captured: 4,
        dead: 2,
        passes: 1,
        ..Side::default()
    };
    let breakdown = figures(black, white, 5.5, true, 0);
    let mismatch = ScoringError::QuickCountMismatch {
        area_difference: 13,
        quick_difference: 12,
        head_start: 0,
    };
    assert_eq!(breakdown.quick_margin(), Err(mismatch.clone()));
    assert_eq!(breakdown.result(Counting::Area), Err(mismatch.clone()));
    assert_eq!(breakdown.result(Counting::Territory), Err(mismatch));
}

/// Black's and White's inner chains share the liberties `ga` and `gb` and have one eye
/// each (`ea` and `ia`): a seki. The outer walls are alive with territory.
const SEKI: &str = "
    . . X O . O . X . X O . .
    . . X O O O . X X X O . .";

#[test]
fn seki_eyes_count_under_french_rules_and_nothing_under_japanese_rules() {
    let record = from_diagram(SEKI, Color::Black, "B[] W[]");
    let breakdown = count(&record, Preset::French, &[], 0.0).unwrap();
    assert_eq!(breakdown.dame, 2);
    assert_eq!(
        (
            breakdown.black.stones,
            breakdown.black.territory,
            breakdown.black.seki_territory
        ),
        (7, 5, 1)
    );
    assert_eq!(
        (
            breakdown.white.stones,
            breakdown.white.territory,
            breakdown.white.seki_territory
        ),
        (7, 5, 1)
    );
    assert_eq!((breakdown.black.area(), breakdown.white.area()), (12, 12));
    assert_eq!(
        (
            breakdown.japanese(Color::Black),
            breakdown.japanese(Color::White)
        ),
        (4, 4)
    );
    assert_eq!(breakdown.result(Counting::Area), Ok(GameResult::Draw));
    assert_eq!(breakdown.result(Counting::Territory), Ok(GameResult::Draw));
}

#[test]
fn plain_dame_between_two_walls_is_not_seki() {
    let record = from_diagram(
        "
        . . X . O . .
        . . X . O . .",
        Color::Black,
        "B[] W[]",
    );
    let breakdown = count(&record, Preset::Japanese, &[], 0.0).unwrap();
    assert_eq!(breakdown.dame, 2);
    assert_eq!(
        (
            breakdown.black.seki_territory,
            breakdown.white.seki_territory
        ),
        (0, 0)
    );
    assert_eq!(
        (
            breakdown.japanese(Color::Black),
            breakdown.japanese(Color::White)
        ),
        (4, 4)
    );
}

/// Black's corner has one eye at `aa` and a false eye at `ca`: White captures `da` by
/// playing `ca`. The players agree the black stones are dead.
const FALSE_EYE: &str = "
    . X . X O .
    X X X O O .
    O O O O O .
    . . . . . .";

#[test]
fn a_group_with_a_false_eye_removed_as_dead_by_french_and_japanese_counts() {
    let record = from_diagram(FALSE_EYE, Color::Black, "B[] W[]");
    let french = count(&record, Preset::French, &["ba", "da"], 0.0).unwrap();
    assert_eq!(
        (
            french.black.dead,
            french.white.stones,
            french.white.territory
        ),
        (5, 8, 16)
    );
    assert_eq!(french.result(Counting::Area).unwrap().to_string(), "W+24");
    assert_eq!(
        (french.quick(Color::Black), french.quick(Color::White)),
        (-6, 15)
    );
    assert_eq!(french.head_start, 5 - 8);
    assert_eq!(
        french.result(Counting::Territory).unwrap().to_string(),
        "W+21"
    );
}

#[test]
fn a_captured_stone_counts_once_as_a_prisoner_in_every_count() {
    let record = from_diagram(
        "
        . X O . .
        X O . O .
        . X O . .",
        Color::Black,
        "B[cb] W[] B[] W[]",
    );
    let breakdown = count(&record, Preset::French, &[], 0.5).unwrap();
    assert_eq!(breakdown.white.captured, 1);
    assert_eq!(breakdown.quick_margin().unwrap(), breakdown.area_margin());
    assert_eq!(
        breakdown.quick_difference() + breakdown.head_start,
        breakdown.area_difference()
    );
}

#[test]
fn dead_stones_must_be_stones_on_the_board() {
    let record = from_diagram(FALSE_EYE, Color::Black, "B[] W[]");
    assert_eq!(
        count(&record, Preset::French, &["aa"], 0.0),
        Err(ScoringError::DeadStones(DeadStoneError::Empty(at("aa"))))
    );
    assert_eq!(
        count(&record, Preset::French, &["zz"], 0.0),
        Err(ScoringError::DeadStones(DeadStoneError::OffBoard(at("zz"))))
    );
    assert_eq!(
        count(&record, Preset::French, &[], f64::NAN)
            .map(|_| ())
            .unwrap_err()
            .to_string(),
        "komi NaN is not a finite number"
    );
}

/// Annex B on the real games of `tests/data/real-games`, counted as they stand (no dead
/// stones marked): whatever their handicap form, the quick count gives the area count.
#[test]
fn the_quick_count_equals_the_area_count_on_every_real_game() {
    let folder = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/real-games");
    let mut counted = 0;
    let mut verifier = Verifier::default();
    let files = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path());
    for path in files.filter(|path| path.extension().is_some_and(|extension| extension == "sgf")) {
        let record = sgf::parse(&std::fs::read(&path).unwrap()).unwrap();
        let rules = preset_of(&record).rules();
        assert!(verifier
            .verify(&record, rules, VerifyOptions::default())
            .is_legal());
        let komi = record
            .komi
            .unwrap_or_else(|| rules.default_komi(record.handicap));
        let breakdown = Breakdown::of_game(verifier.game(), &[], komi).unwrap();
        assert_eq!(
            breakdown.quick_margin(),
            Ok(breakdown.area_margin()),
            "{}",
            path.display()
        );
        counted += 1;
    }
    assert_eq!(counted, 150);
}

/// The picture of a count marks exactly the points the count scores as territory: here
/// White's dead stone in Black's corner leaves Black the whole corner.
#[test]
fn the_territory_of_the_picture_is_the_territory_of_the_count() {
    let diagram = "
        . . X O .
        . O X O .
        X X X O .
        O O O O .
        . . . . .";
    let board = arbitre_core::board::Board::from_diagram(diagram).unwrap();
    let owned = arbitre_core::scoring::territory(&board, &[at("bb")]).unwrap();
    let of = |color| {
        let mut points: Vec<String> = owned
            .iter()
            .filter(|(_, owner)| *owner == color)
            .map(|(point, _)| point.to_sgf())
            .collect();
        points.sort();
        points
    };
    assert_eq!(of(Color::Black), ["aa", "ab", "ba", "bb"]);
    assert_eq!(
        of(Color::White),
        ["ae", "be", "ce", "de", "ea", "eb", "ec", "ed", "ee"]
    );
    let record = from_diagram(diagram, Color::Black, "");
    let breakdown = count(&record, Preset::French, &["bb"], 0.5).unwrap();
    assert_eq!(breakdown.black.territory, 4);
    assert_eq!(breakdown.white.territory, 9);
    assert_eq!(
        arbitre_core::scoring::territory(&board, &[at("aa")]),
        Err(DeadStoneError::Empty(at("aa")))
    );
}
