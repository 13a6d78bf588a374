//! Verification of a whole move history: replay every turn and report the first
//! illegal one, with the rule it breaks and, for ko and superko, the earlier turn
//! whose position it repeats. A referee asked about a disputed repetition gets the
//! answer a 250-move replay by hand could not give.

use crate::game::{Game, IllegalMove, Start};
use crate::history::{Action, GameRecord, ReadWarning};
use crate::point::{Color, Point};
use crate::rules::{Preset, Rules};
use serde::Serialize;

/// Options of a verification.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VerifyOptions {
    /// Some servers omit passes from their records: treat two consecutive moves of one
    /// colour as if the other player had passed between them.
    pub implicit_passes: bool,
}

/// The first illegal turn of a history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct IllegalTurn {
    /// 1-based number over the `B`/`W` nodes of the record.
    pub turn: u32,
    pub color: Color,
    /// The point played, or `None` for a pass.
    pub point: Option<Point>,
    pub reason: IllegalMove,
}

/// Something a referee should know about a legal history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Warning {
    /// Under the simple ko rule, a move recreated an earlier position with the same
    /// player to move (triple ko, eternal life...): under Japanese rules the game is void.
    Cycle { turn: u32, repeats_turn: u32 },
    /// Turns the record omitted, read as passes (`implicit_passes`).
    ImplicitPasses { count: u32 },
    /// `HA` and the number of fixed handicap stones (`AB`) disagree.
    HandicapStones { declared: u32, placed: u32 },
    /// `HA` is not a number of stones (see [`ReadWarning::InvalidHandicap`]): the game
    /// was read without a declared handicap.
    InvalidHandicap { line: u32, column: u32 },
}

/// The verdict on one history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Number of `B`/`W` turns in the record.
    pub turns: u32,
    pub error: Option<IllegalTurn>,
    pub warnings: Vec<Warning>,
}

impl Verdict {
    pub fn is_legal(&self) -> bool {
        self.error.is_none()
    }
}

/// The preset that applies to a record: `RU[]` when arbitre knows it, else French.
pub fn preset_of(record: &GameRecord) -> Preset {
    record
        .rules
        .as_deref()
        .and_then(Preset::from_sgf_ru)
        .unwrap_or_default()
}

/// Replays histories, reusing its memory from one game to the next.
pub struct Verifier {
    game: Game,
    /// For each game turn, the record's turn number (implicit passes share the number
    /// of the node before them). Kept only when implicit passes are read: otherwise the
    /// two numbers are the same, and a push per turn is saved.
    record_turn: Vec<u32>,
}

impl Default for Verifier {
    fn default() -> Self {
        Verifier {
            game: Game::new(
                Preset::French.rules(),
                Start::even(crate::BoardSize::STANDARD),
            ),
            record_turn: Vec::new(),
        }
    }
}

impl Verifier {
    /// Replays `record` under `rules`; stops at the first illegal turn.
    pub fn verify(&mut self, record: &GameRecord, rules: Rules, options: VerifyOptions) -> Verdict {
        let start = Start::of_record(record);
        let mut warnings: Vec<Warning> = record
            .warnings
            .iter()
            .map(|warning| match *warning {
                ReadWarning::InvalidHandicap { line, column, .. } => {
                    Warning::InvalidHandicap { line, column }
                }
            })
            .collect();
        let placed = record.setup.black.len() as u32;
        if placed > 0 && record.handicap >= 2 && placed != record.handicap {
            warnings.push(Warning::HandicapStones {
                declared: record.handicap,
                placed,
            });
        }
        self.game.restart(rules, start);
        self.record_turn.clear();
        self.record_turn.push(0);
        let mut implicit = 0;
        let mut error = None;
        for (index, turn) in record.turns.iter().enumerate() {
            let number = index as u32 + 1;
            if options.implicit_passes
                && self.game.handicap_left() == 0
                && self.game.to_move() == Some(turn.color.opponent())
                && self.game.play(turn.color.opponent(), Action::Pass).is_ok()
            {
                self.record_turn.push(number - 1);
                implicit += 1;
            }
            match self.game.play(turn.color, turn.action) {
                Ok(effect) => {
                    if options.implicit_passes {
                        self.record_turn.push(number);
                    }
                    if let Some(repeats_turn) = effect.cycle_repeats_turn {
                        if !warnings
                            .iter()
                            .any(|warning| matches!(warning, Warning::Cycle { .. }))
                        {
                            let repeats_turn = self.record_number(repeats_turn, options);
                            warnings.push(Warning::Cycle {
                                turn: number,
                                repeats_turn,
                            });
                        }
                    }
                }
                Err(reason) => {
                    let reason = match reason {
                        IllegalMove::Ko { repeats_turn } => IllegalMove::Ko {
                            repeats_turn: self.record_number(repeats_turn, options),
                        },
                        IllegalMove::Superko { repeats_turn } => IllegalMove::Superko {
                            repeats_turn: self.record_number(repeats_turn, options),
                        },
                        other => other,
                    };
                    let point = match turn.action {
                        Action::Move(point) => Some(point),
                        Action::Pass => None,
                    };
                    error = Some(IllegalTurn {
                        turn: number,
                        color: turn.color,
                        point,
                        reason,
                    });
                    break;
                }
            }
        }
        if implicit > 0 {
            warnings.push(Warning::ImplicitPasses { count: implicit });
        }
        Verdict {
            turns: record.turns.len() as u32,
            error,
            warnings,
        }
    }

    /// The record's turn number of game turn `turn` of the history being verified.
    fn record_number(&self, turn: u32, options: VerifyOptions) -> u32 {
        if options.implicit_passes {
            self.record_turn[turn as usize]
        } else {
            turn
        }
    }

    /// The game as it stands after the last verification (up to its first illegal turn).
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// Verifies one history with a fresh verifier.
pub fn verify(record: &GameRecord, rules: Rules, options: VerifyOptions) -> Verdict {
    Verifier::default().verify(record, rules, options)
}
