//! The end of the game, one procedure at a time: rule 5 bis agreement, disputes and
//! resumptions under each policy, the referee's powers, and the other ways a game ends.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

mod common;

use arbitre_core::ending::{
    CountBasis, EndingError, Event, LiveGame, Phase, ResumptionPolicy, Settings,
};
use arbitre_core::game::{IllegalMove, Start};
use arbitre_core::history::Action;
use arbitre_core::result::GameResult;
use arbitre_core::{Color, Point, Preset};
use common::from_diagram;

use Color::{Black, White};

fn at(text: &str) -> Point {
    Point::from_sgf(text).unwrap()
}

fn points(texts: &[&str]) -> Vec<Point> {
    texts.iter().map(|text| at(text)).collect()
}

/// Black's corner group has a false eye and is dead; everything else is settled.
const FALSE_EYE: &str = "
    . X . X O .
    X X X O O .
    O O O O O .
    . . . . . .";

fn live(diagram: &str, preset: Preset, komi: f64, policy: ResumptionPolicy) -> LiveGame {
    let record = from_diagram(diagram, Black, "");
    LiveGame::new(Settings::new(
        preset.rules(),
        Start::of_record(&record),
        Some(komi),
        policy,
    ))
    .unwrap()
}

fn pass(game: &mut LiveGame, color: Color) {
    game.play(color, Action::Pass).unwrap();
}

fn result(game: &LiveGame) -> String {
    game.result()
        .map(|result| result.to_string())
        .unwrap_or_default()
}

#[test]
fn two_passes_pause_the_game_and_an_agreement_counts_it() {
    let mut game = live(FALSE_EYE, Preset::French, 0.5, ResumptionPolicy::Strict);
    pass(&mut game, Black);
    assert_eq!(game.phase(), &Phase::Playing);
    pass(&mut game, White);
    assert!(matches!(game.phase(), Phase::Counting { .. }));
    assert_eq!(game.propose(White, &points(&["ba", "da"])), Ok(Vec::new()));
    game.accept(Black).unwrap();
    assert_eq!(result(&game), "W+24.5");
    let count = game.count().unwrap();
    assert_eq!(
        (count.basis, count.dead.points().len()),
        (CountBasis::Agreement, 5)
    );
    assert_eq!(game.breakdown().unwrap().white.territory, 16);
}

#[test]
fn any_change_to_the_proposal_clears_earlier_acceptances() {
    let mut game = live(FALSE_EYE, Preset::French, 0.5, ResumptionPolicy::Strict);
    pass(&mut game, Black);
    pass(&mut game, White);
    game.accept(Black).unwrap();
    game.propose(White, &points(&["ba"])).unwrap();
    let Phase::Counting { agreement } = game.phase() else {
        panic!("not counting")
    };
    assert!(!agreement.accepted_by(Black) && agreement.accepted_by(White));
    assert_eq!(
        agreement.proposal().points(),
        points(&["ba", "ab", "bb", "cb"]).as_slice()
    );
    game.propose(Black, &points(&["bb", "da"])).unwrap();
    let Phase::Counting { agreement } = game.phase() else {
        panic!("not counting")
    };
    assert!(agreement.accepted_by(Black) && !agreement.accepted_by(White));
    game.propose(White, &points(&["da", "ab"])).unwrap();
    assert_eq!(result(&game), "W+24.5");
}

#[test]
fn a_dispute_resumes_play_with_the_player_who_passed_first() {
    let mut game = live(FALSE_EYE, Preset::French, 0.5, ResumptionPolicy::Strict);
    pass(&mut game, Black);
    pass(&mut game, White);
    game.dispute(Black).unwrap();
    assert_eq!(game.phase(), &Phase::Playing);
    assert_eq!(game.game().to_move(), Some(Black));
    assert_eq!(game.resumptions(), 1);
    assert_eq!(
        game.play(White, Action::Pass),
        Err(EndingError::IllegalMove {
            reason: IllegalMove::WrongTurn { expected: Black }
        })
    );
    game.play(Black, Action::Move(at("fa"))).unwrap();
    game.play(White, Action::Move(at("ca"))).unwrap();
    pass(&mut game, Black);
    assert_eq!(
        game.phase(),
        &Phase::Playing,
        "one pass after the resumption does not end the game"
    );
    pass(&mut game, White);
    let count = game.count().unwrap();
    assert_eq!(
        count.basis,
        CountBasis::Strict,
        "competition practice: rules 5 and 6"
    );
    assert!(count.dead.is_empty());
}

#[test]
fn after_a_resumption_agree_again_pauses_for_a_new_agreement() {
    let mut game = live(FALSE_EYE, Preset::French, 0.5, ResumptionPolicy::AgreeAgain);
    for _ in 0..3 {
        pass(&mut game, Black);
        pass(&mut game, White);
        assert!(matches!(game.phase(), Phase::Counting { .. }));
        game.dispute(White).unwrap();
    }
    pass(&mut game, Black);
    pass(&mut game, White);
    game.propose(Black, &points(&["ab", "da"])).unwrap();
    game.accept(White).unwrap();
    assert_eq!(result(&game), "W+24.5");
    assert_eq!(game.resumptions(), 3);
}

#[test]
fn four_consecutive_passes_count_the_board_as_it_stands() {
    let mut game = live(
        FALSE_EYE,
        Preset::TrompTaylor,
        0.5,
        ResumptionPolicy::FourPasses,
    );
    pass(&mut game, Black);
    pass(&mut game, White);
    game.dispute(White).unwrap();
    pass(&mut game, Black);
    pass(&mut game, White);
    assert_eq!(game.count().unwrap().basis, CountBasis::Strict);
    assert_eq!(result(&game), "W+10.5");

    let mut game = live(
        FALSE_EYE,
        Preset::TrompTaylor,
        0.5,
        ResumptionPolicy::FourPasses,
    );
    pass(&mut game, Black);
    pass(&mut game, White);
    game.dispute(White).unwrap();
    game.play(Black, Action::Move(at("fd"))).unwrap();
    pass(&mut game, White);
    pass(&mut game, Black);
    assert!(
        matches!(game.phase(), Phase::Counting { .. }),
        "stones were played: agree again"
    );
}

#[test]
fn the_referee_imposes_dead_stones_or_orders_a_strict_count() {
    let mut game = live(FALSE_EYE, Preset::French, 0.5, ResumptionPolicy::Strict);
    pass(&mut game, Black);
    pass(&mut game, White);
    game.propose(White, &points(&["ba", "da"])).unwrap();
    game.impose_dead(&points(&["ba"])).unwrap();
    let count = game.count().unwrap();
    assert_eq!(
        (count.basis, count.dead.points().len()),
        (CountBasis::Referee, 4)
    );

    let mut game = live(FALSE_EYE, Preset::French, 0.5, ResumptionPolicy::AgreeAgain);
    game.order_strict_count().unwrap();
    pass(&mut game, Black);
    pass(&mut game, White);
    assert_eq!(
        game.count().unwrap().basis,
        CountBasis::Strict,
        "ordered before the passes: rules 5 and 6"
    );

    let mut game = live(FALSE_EYE, Preset::French, 0.5, ResumptionPolicy::AgreeAgain);
    pass(&mut game, Black);
    pass(&mut game, White);
    game.order_strict_count().unwrap();
    assert_eq!(result(&game), "W+10.5");
}

#[test]
fn a_proposal_to_remove_an_unconditionally_alive_group_warns() {
    let alive = FALSE_EYE.replace(". X . X O .\n    X X X O O", ". X . X O .\n    X X X X O");
    let mut game = live(&alive, Preset::French, 0.5, ResumptionPolicy::Strict);
    pass(&mut game, Black);
    pass(&mut game, White);
    let warned = game.propose(White, &points(&["bb"])).unwrap();
    assert_eq!(warned, points(&["ba", "da", "ab", "bb", "cb", "db"]));
}

type Ending = fn(&mut LiveGame) -> Result<(), EndingError>;

#[test]
fn resignation_time_forfeit_and_void_end_the_game() {
    let ending: [(Ending, &str); 4] = [
        (|game| game.resign(White), "B+R"),
        (|game| game.time_loss(Black), "W+T"),
        (|game| game.forfeit(Black), "W+F"),
        (|game| game.declare_void(), "Void"),
    ];
    for (end, expected) in ending {
        let mut game = live(FALSE_EYE, Preset::French, 0.5, ResumptionPolicy::Strict);
        game.play(Black, Action::Move(at("fd"))).unwrap();
        end(&mut game).unwrap();
        assert_eq!(result(&game), expected);
        assert!(game.count().is_none());
        assert_eq!(game.play(White, Action::Pass), Err(EndingError::Finished));
        assert_eq!(game.resign(White), Err(EndingError::Finished));
    }
}

#[test]
fn clocks_are_stopped_during_the_count_so_no_time_loss_there() {
    let mut game = live(FALSE_EYE, Preset::French, 0.5, ResumptionPolicy::Strict);
    pass(&mut game, Black);
    pass(&mut game, White);
    assert_eq!(game.time_loss(Black), Err(EndingError::NotPlaying));
    game.resign(Black).unwrap();
    assert_eq!(
        game.result(),
        Some(GameResult::Resignation { winner: White })
    );
}

#[test]
fn a_long_cycle_under_the_simple_ko_rule_voids_the_game() {
    let triple_ko = "
        . X O . . X O . . X O .
        X O . O X . X O X O . O
        . X O . . X O . . X O .";
    let mut game = live(triple_ko, Preset::Japanese, 6.5, ResumptionPolicy::Strict);
    let cycle = [
        (Black, "cb"),
        (White, "fb"),
        (Black, "kb"),
        (White, "bb"),
        (Black, "gb"),
        (White, "jb"),
    ];
    for (color, point) in cycle {
        game.play(color, Action::Move(at(point))).unwrap();
    }
    assert_eq!(game.result(), Some(GameResult::Void));
    assert_eq!(
        game.game().turns_played(),
        6,
        "the move that closed the cycle is kept"
    );
}

#[test]
fn a_refused_event_changes_nothing() {
    let mut game = live(FALSE_EYE, Preset::French, 0.5, ResumptionPolicy::Strict);
    assert_eq!(
        game.play(Black, Action::Move(at("ba"))),
        Err(EndingError::IllegalMove {
            reason: IllegalMove::Occupied
        })
    );
    assert_eq!(game.propose(Black, &[]), Err(EndingError::NotCounting));
    assert_eq!(game.accept(Black), Err(EndingError::NotCounting));
    assert!(game.events().is_empty());
    pass(&mut game, Black);
    pass(&mut game, White);
    let events = game.events().to_vec();
    let error = game.propose(White, &points(&["aa"])).unwrap_err();
    assert_eq!(
        serde_json::to_value(&error).unwrap(),
        serde_json::json!({"code": "dead_stones", "error": {"reason": "empty", "point": "aa"}})
    );
    assert_eq!(
        game.impose_dead(&points(&["zz"])).unwrap_err().code(),
        "dead_stones"
    );
    assert_eq!(game.play(Black, Action::Pass), Err(EndingError::NotPlaying));
    assert_eq!(game.events(), events.as_slice());
    assert!(LiveGame::new(Settings::new(
        Preset::French.rules(),
        Start::of_record(&from_diagram(FALSE_EYE, Black, "")),
        Some(f64::INFINITY),
        ResumptionPolicy::Strict
    ))
    .is_err());
}

#[test]
fn a_live_game_is_stored_as_its_log_and_restored_by_replaying_it() {
    let mut game = live(FALSE_EYE, Preset::French, 0.5, ResumptionPolicy::Strict);
    pass(&mut game, Black);
    pass(&mut game, White);
    game.propose(White, &points(&["ba"])).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let restored: LiveGame = serde_json::from_str(&json).unwrap();
    assert_eq!(restored.events(), game.events());
    assert_eq!(restored.phase(), game.phase());
    assert_eq!(restored.game().board(), game.game().board());
    assert_eq!(
        restored.events()[2],
        Event::Propose {
            color: White,
            dead: points(&["ba"])
        }
    );
    let tampered = json.replace("\"dead\":[\"ba\"]", "\"dead\":[\"aa\"]");
    assert_ne!(tampered, json);
    assert!(
        serde_json::from_str::<LiveGame>(&tampered).is_err(),
        "a log that does not replay is refused"
    );
    let default = Settings::new(
        Preset::French.rules(),
        Start {
            handicap: 3,
            ..Start::even(arbitre_core::BoardSize::STANDARD)
        },
        None,
        ResumptionPolicy::Strict,
    );
    assert_eq!(default.komi, 2.5);
    assert_eq!("agree-again".parse(), Ok(ResumptionPolicy::AgreeAgain));
}
