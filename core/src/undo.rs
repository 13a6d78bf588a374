//! What a director may take back before the games, and when: a published round (its
//! pairings withdrawn, to draft it again), one table's pairing (its two players unpaired),
//! a table's handicap or komi, and the tournament's last round. Each is a mistake caught
//! before anyone played on it; once a game is on a board, or a result recorded, what the
//! players did stands and a referee corrects it by a ruling. The service asks this one
//! rule, whichever route or page takes something back.

use crate::round::RoundState;

/// What is taken back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Undo {
    /// Withdraw a published round's pairings: the round is drafted again.
    Unpublish,
    /// Withdraw one table's pairing: its two players are unpaired.
    Unpair,
    /// Change a table's handicap or komi.
    ChangeTerms,
    /// Delete the tournament's last round (a round added by mistake).
    DeleteRound,
}

/// What the verdict depends on, as the service finds it under the round's lock.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UndoFacts {
    pub round: RoundState,
    /// The round is the tournament's last.
    pub last: bool,
    /// A table concerned (the round's, or the one table's) has a game on its board or a
    /// result.
    pub played: bool,
}

/// Why it may not be taken back now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum UndoRefusal {
    #[error("the round has started: its pairings change only by a referee's ruling")]
    Started,
    #[error("the round has no pairings to withdraw")]
    NotPaired,
    #[error("the table's game has started: a correction is a referee's ruling on the game")]
    TablePlayed,
    #[error("the round has games or results: what was played stands")]
    RoundPlayed,
    #[error("only the last round may be deleted")]
    NotLast,
}

impl UndoRefusal {
    /// The stable code of the refusal (the codes the routes answered before the pages
    /// could undo).
    pub fn code(self) -> &'static str {
        match self {
            UndoRefusal::Started => "round.started",
            UndoRefusal::NotPaired => "round.not_paired",
            UndoRefusal::TablePlayed => "pairing.has_game",
            UndoRefusal::RoundPlayed => "round.has_games",
            UndoRefusal::NotLast => "round.not_last",
        }
    }
}

/// Whether `undo` may be done now. A round's pairings are withdrawn or changed only before
/// the round starts (after it, the referee's rulings change them: `crate::round`); a round
/// is deleted only when it is the last and nothing was played in it, started or not (a
/// round started by mistake, with no game yet, goes as it came).
pub fn check(undo: Undo, facts: UndoFacts) -> Result<(), UndoRefusal> {
    match undo {
        Undo::DeleteRound if !facts.last => Err(UndoRefusal::NotLast),
        Undo::DeleteRound | Undo::Unpublish if facts.played => Err(UndoRefusal::RoundPlayed),
        Undo::DeleteRound => Ok(()),
        _ if facts.round.started => Err(UndoRefusal::Started),
        Undo::Unpublish if !facts.round.paired => Err(UndoRefusal::NotPaired),
        Undo::Unpair | Undo::ChangeTerms if facts.played => Err(UndoRefusal::TablePlayed),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn facts(paired: bool, started: bool, last: bool, played: bool) -> UndoFacts {
        UndoFacts {
            round: RoundState { paired, started },
            last,
            played,
        }
    }

    #[test]
    fn a_published_round_not_started_is_withdrawn_whole() {
        assert_eq!(
            check(Undo::Unpublish, facts(true, false, false, false)),
            Ok(())
        );
        assert_eq!(
            check(Undo::Unpublish, facts(true, true, true, false)),
            Err(UndoRefusal::Started)
        );
        assert_eq!(
            check(Undo::Unpublish, facts(false, false, true, false)),
            Err(UndoRefusal::NotPaired)
        );
    }

    #[test]
    fn a_table_is_unpaired_or_changed_until_its_game_or_its_round_starts() {
        for undo in [Undo::Unpair, Undo::ChangeTerms] {
            assert_eq!(check(undo, facts(true, false, true, false)), Ok(()));
            assert_eq!(
                check(undo, facts(true, false, true, true)),
                Err(UndoRefusal::TablePlayed)
            );
            assert_eq!(
                check(undo, facts(true, true, true, false)),
                Err(UndoRefusal::Started)
            );
        }
    }

    #[test]
    fn only_the_last_round_without_games_is_deleted() {
        assert_eq!(
            check(Undo::DeleteRound, facts(true, true, true, false)),
            Ok(())
        );
        assert_eq!(
            check(Undo::DeleteRound, facts(false, false, false, false)),
            Err(UndoRefusal::NotLast)
        );
        assert_eq!(
            check(Undo::DeleteRound, facts(true, true, true, true)),
            Err(UndoRefusal::RoundPlayed)
        );
    }

    fn undo() -> impl Strategy<Value = Undo> {
        prop_oneof![
            Just(Undo::Unpublish),
            Just(Undo::Unpair),
            Just(Undo::ChangeTerms),
            Just(Undo::DeleteRound),
        ]
    }

    proptest! {
        /// Whatever is asked, in whatever state: what was played is never taken back, a
        /// started round's pairings are never withdrawn or changed, and a refusal's code
        /// is one a client can switch on.
        #[test]
        fn nothing_played_is_taken_back(
            undo in undo(),
            paired: bool,
            started: bool,
            last: bool,
            played: bool,
        ) {
            let verdict = check(undo, facts(paired, started, last, played));
            if played {
                prop_assert!(verdict.is_err());
            }
            if started && undo != Undo::DeleteRound {
                prop_assert!(verdict.is_err());
            }
            if !last && undo == Undo::DeleteRound {
                prop_assert_eq!(verdict, Err(UndoRefusal::NotLast));
            }
            if let Err(refusal) = verdict {
                prop_assert!(refusal.code().contains('.'));
            }
        }
    }
}
