//! The rules of play, one diagram at a time: each test states a position, the
//! turns, and the verdict a referee would give.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

mod common;

use arbitre_core::game::IllegalMove;
use arbitre_core::history::GameRecord;
use arbitre_core::verify::{verify, IllegalTurn, Verdict, VerifyOptions, Warning};
use arbitre_core::{Color, Point, Preset};
use common::{from_diagram, game};

fn check(record: &GameRecord, preset: Preset) -> Verdict {
    verify(record, preset.rules(), VerifyOptions::default())
}

fn illegal(turn: u32, color: Color, point: &str, reason: IllegalMove) -> Option<IllegalTurn> {
    Some(IllegalTurn {
        turn,
        color,
        point: Point::from_sgf(point),
        reason,
    })
}

#[test]
fn snapback_captures_the_larger_chain_at_the_point_just_captured() {
    let record = from_diagram(
        "
        . . O X .
        O O O X .
        X X X X .
        . . . . .",
        Color::Black,
        "B[ba] W[aa] B[ba]",
    );
    for preset in Preset::ALL {
        assert_eq!(check(&record, preset).error, None, "{preset}");
    }
    let mut verifier = arbitre_core::verify::Verifier::default();
    verifier.verify(&record, Preset::French.rules(), VerifyOptions::default());
    assert_eq!(verifier.game().prisoners(Color::Black), 5);
    assert_eq!(verifier.game().prisoners(Color::White), 1);
}

const KO: &str = "
    . X O . .
    X O . O .
    . X O . .
    . . . . .
    . . . . .";

#[test]
fn ko_may_not_be_retaken_at_once() {
    let record = from_diagram(KO, Color::Black, "B[cb] W[bb]");
    assert_eq!(
        check(&record, Preset::Japanese).error,
        illegal(2, Color::White, "bb", IllegalMove::Ko { repeats_turn: 0 })
    );
    for preset in [
        Preset::French,
        Preset::Chinese,
        Preset::TrompTaylor,
        Preset::Aga,
    ] {
        assert_eq!(
            check(&record, preset).error,
            illegal(
                2,
                Color::White,
                "bb",
                IllegalMove::Superko { repeats_turn: 0 }
            ),
            "{preset}"
        );
    }
}

#[test]
fn ko_may_be_retaken_after_a_threat_and_its_answer() {
    let record = from_diagram(
        KO,
        Color::Black,
        "B[cb] W[ee] B[ed] W[bb] B[ae] W[ad] B[cb]",
    );
    for preset in Preset::ALL {
        let verdict = check(&record, preset);
        assert_eq!(verdict.error, None, "{preset}");
    }
}

#[test]
fn a_pass_lifts_the_simple_ko_but_not_the_situational_superko() {
    let record = from_diagram(KO, Color::Black, "B[cb] W[] B[] W[bb]");
    assert_eq!(check(&record, Preset::Japanese).error, None);
    assert_eq!(
        check(&record, Preset::French).error,
        illegal(
            4,
            Color::White,
            "bb",
            IllegalMove::Superko { repeats_turn: 0 }
        )
    );
}

#[test]
fn a_long_run_of_passes_hides_no_repetition() {
    // Every pass repeats the board's number of stones: past a few dozen such positions,
    // repetition is looked up in a table instead; the verdict is the same.
    for pairs in [3, 40] {
        let passes = " W[] B[]".repeat(pairs);
        let record = from_diagram(KO, Color::Black, &format!("B[cb]{passes} W[bb]"));
        let retake = 2 + 2 * pairs as u32;
        for preset in [Preset::French, Preset::Chinese] {
            let expected = illegal(
                retake,
                Color::White,
                "bb",
                IllegalMove::Superko { repeats_turn: 0 },
            );
            assert_eq!(
                check(&record, preset).error,
                expected,
                "{preset}, {pairs} pairs of passes"
            );
        }
    }
}

const BENT: &str = "
    . X O .
    X O . .
    O . . .
    . . . .";

#[test]
fn multi_stone_suicide_is_illegal_in_french_and_legal_in_tromp_taylor() {
    let record = from_diagram(BENT, Color::Black, "B[aa] W[dd]");
    assert_eq!(
        check(&record, Preset::French).error,
        illegal(1, Color::Black, "aa", IllegalMove::Suicide)
    );
    assert_eq!(check(&record, Preset::TrompTaylor).error, None);
    let mut verifier = arbitre_core::verify::Verifier::default();
    verifier.verify(
        &record,
        Preset::TrompTaylor.rules(),
        VerifyOptions::default(),
    );
    assert_eq!(verifier.game().board().stone_count(Color::Black), 0);
    assert_eq!(verifier.game().prisoners(Color::White), 3);
}

#[test]
fn single_stone_suicide_is_illegal_in_french_and_in_tromp_taylor() {
    let record = from_diagram(". O .\nO . .\n. . .", Color::Black, "B[aa]");
    assert_eq!(
        check(&record, Preset::French).error,
        illegal(1, Color::Black, "aa", IllegalMove::Suicide)
    );
    // Tromp-Taylor rule 7 clears the stone at once: the board of the start comes back (rule 6).
    assert_eq!(
        check(&record, Preset::TrompTaylor).error,
        illegal(
            1,
            Color::Black,
            "aa",
            IllegalMove::Superko { repeats_turn: 0 }
        )
    );
}

/// Black a stone at `ba`; `aa` and `ca` empty. Black sends two stones (`aa`), White takes
/// them (`ca`), Black takes the capturing stone back (`ba`): the board of the start
/// returns, with White to move instead of Black.
const SENDING_TWO: &str = "
    . X . X .
    O O X X .
    . O X . .";

#[test]
fn sending_two_returning_one_repeats_the_board_but_not_the_situation() {
    let record = from_diagram(SENDING_TWO, Color::Black, "B[aa] W[ca] B[ba]");
    assert_eq!(check(&record, Preset::French).error, None);
    assert_eq!(check(&record, Preset::Japanese).error, None);
    for preset in [Preset::Chinese, Preset::TrompTaylor] {
        assert_eq!(
            check(&record, preset).error,
            illegal(
                3,
                Color::Black,
                "ba",
                IllegalMove::Superko { repeats_turn: 0 }
            ),
            "{preset}"
        );
    }
}

#[test]
fn sending_two_again_after_a_pass_repeats_the_situation() {
    let record = from_diagram(SENDING_TWO, Color::Black, "B[aa] W[ca] B[ba] W[] B[aa]");
    assert_eq!(
        check(&record, Preset::French).error,
        illegal(
            5,
            Color::Black,
            "aa",
            IllegalMove::Superko { repeats_turn: 1 }
        )
    );
    let japanese = check(&record, Preset::Japanese);
    assert_eq!(japanese.error, None);
    assert_eq!(
        japanese.warnings,
        vec![Warning::Cycle {
            turn: 5,
            repeats_turn: 1
        }]
    );
}

/// Three kos side by side: the first and third can be taken by Black, the second by White.
const TRIPLE_KO: &str = "
    . X O . . X O . . X O .
    X O . O X . X O X O . O
    . X O . . X O . . X O .";

#[test]
fn triple_ko_is_a_cycle_under_japanese_rules_and_superko_elsewhere() {
    let cycle = "B[cb] W[fb] B[kb] W[bb] B[gb] W[jb]";
    let record = from_diagram(TRIPLE_KO, Color::Black, &format!("{cycle} {cycle}"));
    let japanese = check(&record, Preset::Japanese);
    assert_eq!(japanese.error, None);
    assert_eq!(
        japanese.warnings,
        vec![Warning::Cycle {
            turn: 6,
            repeats_turn: 0
        }]
    );
    for preset in [
        Preset::French,
        Preset::Chinese,
        Preset::Aga,
        Preset::TrompTaylor,
    ] {
        assert_eq!(
            check(&record, preset).error,
            illegal(
                6,
                Color::White,
                "jb",
                IllegalMove::Superko { repeats_turn: 0 }
            ),
            "{preset}"
        );
    }
}

#[test]
fn fixed_handicap_stones_give_white_the_first_move() {
    let mut record = game(9, 9, "W[cc] B[dd]");
    record.handicap = 2;
    record.setup.black = vec![
        Point::from_sgf("cg").unwrap(),
        Point::from_sgf("gc").unwrap(),
    ];
    assert_eq!(check(&record, Preset::French).error, None);
    record.turns = common::turns("B[dd]");
    assert_eq!(
        check(&record, Preset::French).error,
        illegal(
            1,
            Color::Black,
            "dd",
            IllegalMove::WrongTurn {
                expected: Color::White
            }
        )
    );
}

#[test]
fn ffg_handicap_is_played_as_consecutive_black_moves_with_or_without_white_passes() {
    for moves in ["B[cc] B[gg] B[cg] W[gc]", "B[cc] W[] B[gg] W[] B[cg] W[gc]"] {
        let mut record = game(9, 9, moves);
        record.handicap = 3;
        let verdict = check(&record, Preset::French);
        assert_eq!(verdict.error, None, "{moves}");
    }
    let mut early_white = game(9, 9, "B[cc] W[gg]");
    early_white.handicap = 3;
    assert_eq!(
        check(&early_white, Preset::French).error,
        illegal(
            2,
            Color::White,
            "gg",
            IllegalMove::Handicap { stones_left: 2 }
        )
    );
    let mut black_pass = game(9, 9, "B[cc] B[]");
    black_pass.handicap = 2;
    assert_eq!(
        check(&black_pass, Preset::French)
            .error
            .map(|e| e.reason.code()),
        Some("handicap")
    );
    let mut one_stone_too_many = game(9, 9, "B[cc] B[gg] B[cg]");
    one_stone_too_many.handicap = 2;
    assert_eq!(
        check(&one_stone_too_many, Preset::French).error,
        illegal(
            3,
            Color::Black,
            "cg",
            IllegalMove::WrongTurn {
                expected: Color::White
            }
        )
    );
}

#[test]
fn a_record_without_setup_may_begin_with_either_colour_then_alternates() {
    assert_eq!(
        check(&game(5, 5, "W[cc] B[dd] W[bb]"), Preset::French).error,
        None
    );
    assert_eq!(
        check(&game(5, 5, "W[cc] B[dd] B[bb]"), Preset::French).error,
        illegal(
            3,
            Color::Black,
            "bb",
            IllegalMove::WrongTurn {
                expected: Color::White
            }
        )
    );
}

#[test]
fn implicit_passes_read_two_moves_of_one_colour_as_a_pass_between() {
    let record = game(5, 5, "B[cc] W[dd] W[bb] B[aa]");
    assert_eq!(
        check(&record, Preset::French).error.map(|e| e.turn),
        Some(3)
    );
    let verdict = verify(
        &record,
        Preset::French.rules(),
        VerifyOptions {
            implicit_passes: true,
        },
    );
    assert_eq!(verdict.error, None);
    assert_eq!(verdict.warnings, vec![Warning::ImplicitPasses { count: 1 }]);
}

#[test]
fn occupied_and_off_board_points_are_refused() {
    assert_eq!(
        check(&game(5, 5, "B[cc] W[cc]"), Preset::French).error,
        illegal(2, Color::White, "cc", IllegalMove::Occupied)
    );
    assert_eq!(
        check(&game(5, 5, "B[cc] W[fa]"), Preset::French).error,
        illegal(2, Color::White, "fa", IllegalMove::OffBoard)
    );
}

#[test]
fn rectangular_boards_have_their_own_edges() {
    // 7 columns, 2 rows: a stone on the second row touches the bottom edge.
    let record = game(7, 2, "B[ab] W[bb] B[ga] W[aa]");
    let mut verifier = arbitre_core::verify::Verifier::default();
    let verdict = verifier.verify(&record, Preset::French.rules(), VerifyOptions::default());
    assert_eq!(verdict.error, None);
    assert_eq!(verifier.game().prisoners(Color::White), 1);
    assert_eq!(
        check(&game(7, 2, "B[ac]"), Preset::French).error,
        illegal(1, Color::Black, "ac", IllegalMove::OffBoard)
    );
}

#[test]
fn on_a_one_by_one_board_only_passes_are_legal() {
    assert_eq!(check(&game(1, 1, "B[] W[]"), Preset::French).error, None);
    assert_eq!(
        check(&game(1, 1, "B[aa]"), Preset::French).error,
        illegal(1, Color::Black, "aa", IllegalMove::Suicide)
    );
    assert_eq!(
        check(&game(1, 1, "B[aa]"), Preset::TrompTaylor).error,
        illegal(
            1,
            Color::Black,
            "aa",
            IllegalMove::Superko { repeats_turn: 0 }
        )
    );
}
