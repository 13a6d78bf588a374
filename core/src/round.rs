//! A round's lifecycle, as a tournament hall runs it: while a round has not started its
//! pairings are made (drafted by the engine and published, or entered by hand) and may
//! be changed freely; the director's start, or its first game, starts it; from then on
//! its pairings change only by a referee's ruling, and its results are recorded. A
//! started round never goes back: what a referee has seen at the tables stays what they
//! saw.
//!
//! The service asks this one rule before every change to a round, whichever route or page
//! makes it.

use serde::Serialize;

/// Where a round stands: whether it has pairings, and whether it has started.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct RoundState {
    pub paired: bool,
    pub started: bool,
}

/// What may be done to a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundAction {
    /// Ask the engine for a draft, or publish one: a round without pairings only, so that
    /// publishing replaces nothing.
    Draft,
    /// Enter, change or delete pairings by hand; `paired_after` says whether any are
    /// left.
    EditPairings { paired_after: bool },
    /// Start the round: the director, or its first game.
    Start,
    /// A referee's ruling on a pairing (a change of colours, handicap, players).
    Rule,
    /// A result recorded by hand, from a result sheet.
    RecordResult,
}

/// Why an action is refused in the round's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RoundRefusal {
    #[error("the round has started: its pairings change only by a referee's ruling")]
    Started,
    #[error("the round has not started")]
    NotStarted,
    #[error("the round already has pairings: delete them to draft it again")]
    AlreadyPaired,
}

impl RoundRefusal {
    /// The stable code of the refusal.
    pub fn code(self) -> &'static str {
        match self {
            RoundRefusal::Started => "round.started",
            RoundRefusal::NotStarted => "round.not_started",
            RoundRefusal::AlreadyPaired => "round.already_paired",
        }
    }
}

impl RoundState {
    /// Whether `action` may be done now.
    pub fn check(self, action: RoundAction) -> Result<(), RoundRefusal> {
        match action {
            RoundAction::Draft | RoundAction::EditPairings { .. } | RoundAction::Start
                if self.started =>
            {
                Err(RoundRefusal::Started)
            }
            RoundAction::Draft if self.paired => Err(RoundRefusal::AlreadyPaired),
            RoundAction::Rule | RoundAction::RecordResult if !self.started => {
                Err(RoundRefusal::NotStarted)
            }
            _ => Ok(()),
        }
    }

    /// The state after `action`, or why it is refused (the state is then unchanged).
    pub fn after(self, action: RoundAction) -> Result<RoundState, RoundRefusal> {
        self.check(action)?;
        Ok(match action {
            RoundAction::Draft => RoundState {
                paired: true,
                ..self
            },
            RoundAction::EditPairings { paired_after } => RoundState {
                paired: paired_after,
                ..self
            },
            RoundAction::Start => RoundState {
                started: true,
                ..self
            },
            RoundAction::Rule | RoundAction::RecordResult => self,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn action() -> impl Strategy<Value = RoundAction> {
        prop_oneof![
            Just(RoundAction::Draft),
            any::<bool>().prop_map(|paired_after| RoundAction::EditPairings { paired_after }),
            Just(RoundAction::Start),
            Just(RoundAction::Rule),
            Just(RoundAction::RecordResult),
        ]
    }

    /// Pairings change (drafted, published, edited) only before the start.
    fn changes_pairings(action: RoundAction) -> bool {
        matches!(
            action,
            RoundAction::Draft | RoundAction::EditPairings { .. }
        )
    }

    proptest! {
        /// Whatever the director and the referees try, in any order: a started round
        /// stays started; pairings change only before the start, rulings and results
        /// come only after it, never both in one state; a draft replaces no pairing; a
        /// refused action changes nothing.
        #[test]
        fn a_round_goes_one_way(actions in proptest::collection::vec(action(), 0..40)) {
            let mut state = RoundState::default();
            for action in actions {
                let verdict = state.after(action);
                let after = verdict.unwrap_or(state);
                prop_assert!(!state.started || after.started, "{state:?} {action:?}");
                if changes_pairings(action) {
                    let replaces = action == RoundAction::Draft && state.paired;
                    prop_assert_eq!(verdict.is_ok(), !state.started && !replaces);
                }
                if matches!(action, RoundAction::Rule | RoundAction::RecordResult) {
                    prop_assert_eq!(verdict.is_ok(), state.started);
                    prop_assert_eq!(after, state);
                }
                let edits = state.check(RoundAction::EditPairings { paired_after: true }).is_ok();
                let rules = state.check(RoundAction::Rule).is_ok();
                prop_assert!(edits != rules, "{state:?}");
                if let Err(refusal) = verdict {
                    prop_assert_eq!(after, state);
                    prop_assert!(refusal.code().starts_with("round."));
                }
                state = after;
            }
        }
    }

    #[test]
    fn each_refusal_says_why() {
        let fresh = RoundState::default();
        let paired = fresh.after(RoundAction::Draft).unwrap();
        assert_eq!(
            paired.check(RoundAction::Draft),
            Err(RoundRefusal::AlreadyPaired)
        );
        assert_eq!(
            fresh.check(RoundAction::Rule),
            Err(RoundRefusal::NotStarted)
        );
        assert_eq!(
            fresh.check(RoundAction::RecordResult),
            Err(RoundRefusal::NotStarted)
        );
        let started = paired.after(RoundAction::Start).unwrap();
        assert_eq!(
            started.check(RoundAction::Start),
            Err(RoundRefusal::Started)
        );
        assert_eq!(
            started.check(RoundAction::EditPairings {
                paired_after: false
            }),
            Err(RoundRefusal::Started)
        );
        assert_eq!(started.after(RoundAction::Rule), Ok(started));
        // A round emptied by hand may be drafted again.
        let emptied = paired
            .after(RoundAction::EditPairings {
                paired_after: false,
            })
            .unwrap();
        assert_eq!(emptied.check(RoundAction::Draft), Ok(()));
    }
}
