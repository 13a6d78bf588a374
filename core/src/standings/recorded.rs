//! How a tournament keeps a game's result, and what a kept result counts for in the
//! standings: both directions in one place, so that a result read back counts as it was
//! recorded (issue 25: the mapping was written twice, in the service's store and in its
//! OpenGotha import).
//!
//! A result is kept as SGF writes it (`RE`: `B+3.5`, `W+R`, `B+F`), the one spelling the
//! live table, an SGF import and a referee's hand all give. The results SGF cannot spell,
//! which only an OpenGotha file brings (both win, both lose, a draw by default), keep
//! OpenGotha's own name for them (`RESULT_BOTHWIN_BYDEF`).

use super::GameResult;
use crate::point::Color;
use crate::result::{GameResult as SgfResult, InvalidResult};

/// A result as a tournament keeps it.
#[derive(Debug, Clone, PartialEq)]
pub enum Recorded {
    Sgf(SgfResult),
    OpenGotha(String),
}

impl Recorded {
    /// How `result` (won `by_default` or not) is kept; `None` while it is unknown. A win
    /// keeps no margin (OpenGotha records none): `B+`, and `B+F` by default.
    pub fn of(result: GameResult, by_default: bool) -> Option<Recorded> {
        let win = |winner| match by_default {
            true => SgfResult::Forfeit { winner },
            false => SgfResult::Win { winner },
        };
        let kept = match (result, by_default) {
            (GameResult::Unknown, _) => return None,
            (GameResult::BlackWins, _) => win(Color::Black),
            (GameResult::WhiteWins, _) => win(Color::White),
            (GameResult::Jigo, false) => SgfResult::Draw,
            (GameResult::Void, _) => SgfResult::Void,
            (GameResult::Jigo | GameResult::BothWin | GameResult::BothLose, _) => {
                return Some(Recorded::OpenGotha(opengotha_result_name(
                    result, by_default,
                )))
            }
        };
        Some(Recorded::Sgf(kept))
    }

    /// A result as a person sends it: SGF `RE` (`B+3.5`, `0`, `?`), or OpenGotha's name
    /// of a result SGF has no word for (`RESULT_BOTHLOSE`, `RESULT_BOTHWIN`, either
    /// `_BYDEF`): both players win or lose when a referee sanctions both, or a game could
    /// not be played for both players' fault (OpenGotha's "both win", "both lose").
    pub fn read(text: &str) -> Result<Recorded, InvalidResult> {
        let trimmed = text.trim();
        match result_named(trimmed) {
            Some((GameResult::BothWin | GameResult::BothLose, _)) => {
                Ok(Recorded::OpenGotha(trimmed.to_string()))
            }
            _ => trimmed.parse().map(Recorded::Sgf),
        }
    }

    /// The result as SGF `RE`, if SGF has a word for it; `None` also while unknown.
    pub fn sgf(&self) -> Option<String> {
        self.sgf_known().map(|result| result.to_string())
    }

    /// The SGF result, when it is one and is known (what a board and a komi may refuse).
    pub fn sgf_known(&self) -> Option<SgfResult> {
        match self {
            Recorded::Sgf(SgfResult::Unknown) | Recorded::OpenGotha(_) => None,
            Recorded::Sgf(result) => Some(*result),
        }
    }

    /// OpenGotha's name of the result, when it is one SGF has no word for.
    pub fn opengotha(&self) -> Option<&str> {
        match self {
            Recorded::OpenGotha(name) => Some(name),
            Recorded::Sgf(_) => None,
        }
    }

    /// What the kept result counts for, and whether the game was won by default; `None`
    /// for a name OpenGotha does not write.
    pub fn counts(&self) -> Option<(GameResult, bool)> {
        match self {
            Recorded::Sgf(result) => Some(counts(*result)),
            Recorded::OpenGotha(name) => result_named(name),
        }
    }
}

/// What an SGF result counts for in the standings, and whether the game was won by default
/// (a forfeit: counts for the score, is not rated).
pub fn counts(recorded: SgfResult) -> (GameResult, bool) {
    let wins = |winner: Color| match winner {
        Color::Black => GameResult::BlackWins,
        Color::White => GameResult::WhiteWins,
    };
    match recorded {
        SgfResult::Score { winner, .. }
        | SgfResult::Win { winner }
        | SgfResult::Resignation { winner }
        | SgfResult::Time { winner } => (wins(winner), false),
        SgfResult::Forfeit { winner } => (wins(winner), true),
        SgfResult::Draw => (GameResult::Jigo, false),
        SgfResult::Void => (GameResult::Void, false),
        SgfResult::Unknown => (GameResult::Unknown, false),
    }
}

/// A game's result and whether it was by default, from OpenGotha's name for it
/// (`RESULT_BOTHWIN_BYDEF`); `None` for a name OpenGotha does not write.
pub fn result_named(value: &str) -> Option<(GameResult, bool)> {
    let (name, by_default) = match value.strip_suffix("_BYDEF") {
        Some(name) => (name, true),
        None => (value, false),
    };
    let result = match name {
        "RESULT_UNKNOWN" => GameResult::Unknown,
        "RESULT_WHITEWINS" => GameResult::WhiteWins,
        "RESULT_BLACKWINS" => GameResult::BlackWins,
        "RESULT_EQUAL" => GameResult::Jigo,
        "RESULT_BOTHWIN" => GameResult::BothWin,
        // pairgoth writes BOTHLOOSE.
        "RESULT_BOTHLOSE" | "RESULT_BOTHLOOSE" => GameResult::BothLose,
        _ => return None,
    };
    Some((result, by_default))
}

/// OpenGotha's name for a result (`RESULT_EQUAL_BYDEF`). OpenGotha has no void game: a
/// void one is written unknown, and an unknown one is never by default.
pub fn opengotha_result_name(result: GameResult, by_default: bool) -> String {
    let name = match result {
        GameResult::Unknown | GameResult::Void => "RESULT_UNKNOWN",
        GameResult::WhiteWins => "RESULT_WHITEWINS",
        GameResult::BlackWins => "RESULT_BLACKWINS",
        GameResult::Jigo => "RESULT_EQUAL",
        GameResult::BothWin => "RESULT_BOTHWIN",
        GameResult::BothLose => "RESULT_BOTHLOSE",
    };
    // `RESULT_UNKNOWN_BYDEF` is no name of OpenGotha's: a void game won by default too
    // is written unknown.
    let by_default = by_default && name != "RESULT_UNKNOWN";
    format!("{name}{}", if by_default { "_BYDEF" } else { "" })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const RESULTS: [GameResult; 7] = [
        GameResult::Unknown,
        GameResult::BlackWins,
        GameResult::WhiteWins,
        GameResult::Jigo,
        GameResult::BothWin,
        GameResult::BothLose,
        GameResult::Void,
    ];

    #[test]
    fn every_result_kept_counts_as_it_was_recorded() {
        for result in RESULTS {
            for by_default in [false, true] {
                let kept = Recorded::of(result, by_default);
                let Some(kept) = kept else {
                    assert_eq!(result, GameResult::Unknown);
                    continue;
                };
                // Through the store: the SGF result as text, parsed back.
                let read = match &kept {
                    Recorded::Sgf(sgf) => Recorded::Sgf(sgf.to_string().parse().unwrap()),
                    Recorded::OpenGotha(name) => Recorded::OpenGotha(name.clone()),
                };
                // A void game counts for nobody, by default or not.
                let expected = (result, by_default && result != GameResult::Void);
                assert_eq!(read.counts(), Some(expected), "{result:?} {by_default}");
            }
        }
    }

    #[test]
    fn sgf_results_count_with_their_margin_and_reason_dropped() {
        let read = |text: &str| counts(text.parse().unwrap());
        assert_eq!(read("B+3.5"), (GameResult::BlackWins, false));
        assert_eq!(read("W+R"), (GameResult::WhiteWins, false));
        assert_eq!(read("W+T"), (GameResult::WhiteWins, false));
        assert_eq!(read("B+F"), (GameResult::BlackWins, true));
        assert_eq!(read("0"), (GameResult::Jigo, false));
        assert_eq!(read("Void"), (GameResult::Void, false));
        assert_eq!(read("?"), (GameResult::Unknown, false));
    }

    #[test]
    fn a_result_sent_is_sgf_or_one_of_opengotha_s_both_win_or_both_lose() {
        assert_eq!(
            Recorded::read(" B+3.5 "),
            Ok(Recorded::Sgf("B+3.5".parse().unwrap()))
        );
        let both_lose = Recorded::read("RESULT_BOTHLOSE").unwrap();
        assert_eq!(both_lose.counts(), Some((GameResult::BothLose, false)));
        assert_eq!(both_lose.sgf(), None);
        assert_eq!(both_lose.opengotha(), Some("RESULT_BOTHLOSE"));
        let both_win = Recorded::read("RESULT_BOTHWIN_BYDEF").unwrap();
        assert_eq!(both_win.counts(), Some((GameResult::BothWin, true)));
        // OpenGotha's names for what SGF says are not taken: one spelling each.
        assert!(Recorded::read("RESULT_WHITEWINS").is_err());
        assert_eq!(Recorded::read("?").unwrap().sgf(), None);
        assert_eq!(Recorded::read("w+r").unwrap().sgf().as_deref(), Some("W+R"));
    }

    #[test]
    fn opengotha_names_read_back_to_what_they_name() {
        for result in RESULTS {
            for by_default in [false, true] {
                let name = opengotha_result_name(result, by_default);
                let (read, read_by_default) = result_named(&name).unwrap();
                let written = if result == GameResult::Void {
                    GameResult::Unknown
                } else {
                    result
                };
                assert_eq!(read, written, "{name}");
                assert_eq!(
                    read_by_default,
                    by_default && written != GameResult::Unknown
                );
            }
        }
        assert_eq!(
            result_named("RESULT_BOTHLOOSE"),
            Some((GameResult::BothLose, false))
        );
        assert_eq!(result_named("RESULT_DRAW"), None);
    }
}
