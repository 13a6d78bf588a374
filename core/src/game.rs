//! A game in progress: the board, whose turn it is, the handicap phase and the
//! repetition history. Each turn is checked before anything changes, so a refused
//! turn leaves the game exactly as it was.

use crate::board::{Board, Placement, PlacementError};
use crate::history::{Action, GameRecord, Setup};
use crate::ko::{Identity, PositionHistory};
use crate::point::{BoardSize, Color, Point};
use crate::rules::{KoRule, Rules};
use serde::{Deserialize, Serialize};

/// Why a turn is illegal. Codes are stable: the API reports them as `illegal_move.<code>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum IllegalMove {
    #[error("the point is off the board")]
    OffBoard,
    #[error("the point is occupied")]
    Occupied,
    /// FFG rule 3.
    #[error("suicide: the move leaves its own chain without liberties")]
    Suicide,
    /// Simple ko: immediate recapture of a single stone restoring the position of `repeats_turn`.
    #[error("ko: the move retakes a ko at once, repeating the position after turn {repeats_turn}")]
    Ko { repeats_turn: u32 },
    /// FFG rule 4 (situational) or Tromp-Taylor rule 6 (positional superko).
    #[error("superko: the move repeats the position after turn {repeats_turn}")]
    Superko { repeats_turn: u32 },
    /// Colours alternate (FFG rule 1); the other player was to move.
    #[error("wrong turn: {expected} was to play")]
    WrongTurn { expected: Color },
    /// FFG handicap rule: Black places the n handicap stones in n consecutive moves
    /// (no pass); White may only pass meanwhile.
    #[error("handicap: {stones_left} handicap stone(s) still to be placed by Black")]
    Handicap { stones_left: u32 },
}

impl IllegalMove {
    /// The stable short code: `occupied`, `suicide`, `ko`, `superko`, `wrong_turn`, `off_board`, `handicap`.
    pub fn code(&self) -> &'static str {
        match self {
            IllegalMove::OffBoard => "off_board",
            IllegalMove::Occupied => "occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko { .. } => "ko",
            IllegalMove::Superko { .. } => "superko",
            IllegalMove::WrongTurn { .. } => "wrong_turn",
            IllegalMove::Handicap { .. } => "handicap",
        }
    }

    /// The earlier turn whose position a ko or superko move repeats (0 = the start).
    pub fn repeats_turn(&self) -> Option<u32> {
        match self {
            IllegalMove::Ko { repeats_turn } | IllegalMove::Superko { repeats_turn } => {
                Some(*repeats_turn)
            }
            _ => None,
        }
    }
}

impl From<PlacementError> for IllegalMove {
    fn from(error: PlacementError) -> Self {
        match error {
            PlacementError::OffBoard => IllegalMove::OffBoard,
            PlacementError::Occupied => IllegalMove::Occupied,
            PlacementError::Suicide => IllegalMove::Suicide,
        }
    }
}

/// How a game begins: board, setup stones, handicap and first player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Start {
    pub size: BoardSize,
    pub setup: Setup,
    pub handicap: u32,
    /// `PL`: the player to move first, when stated.
    pub first_player: Option<Color>,
}

impl Start {
    pub fn even(size: BoardSize) -> Start {
        Start {
            size,
            setup: Setup::default(),
            handicap: 0,
            first_player: None,
        }
    }

    pub fn of_record(record: &GameRecord) -> Start {
        Start {
            size: record.size,
            setup: record.setup.clone(),
            handicap: record.handicap,
            first_player: record.first_player,
        }
    }

    /// The FFG form of handicap: no setup stones, Black plays the stones as moves.
    fn handicap_by_moves(&self) -> u32 {
        if self.handicap >= 2 && self.setup.black.is_empty() {
            self.handicap
        } else {
            0
        }
    }

    /// Who moves first: `PL` when given; White after fixed handicap stones; Black when
    /// the handicap is to be played as moves; otherwise either colour (some servers
    /// record White first).
    fn first_to_move(&self) -> Option<Color> {
        self.first_player.or(if self.handicap >= 2 {
            Some(if self.setup.black.is_empty() {
                Color::Black
            } else {
                Color::White
            })
        } else {
            None
        })
    }
}

/// What a legal turn did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TurnEffect {
    /// Opposing stones captured (or the mover's own, after a Tromp-Taylor suicide).
    pub captures: u32,
    /// A simple ko was taken: the point the opponent may not retake at once.
    pub ko: Option<Point>,
    /// Under the simple ko rule, the move recreated the position (and player to move)
    /// of this earlier turn: a long cycle (triple ko, eternal life).
    pub cycle_repeats_turn: Option<u32>,
    /// White's pass during the FFG handicap phase: forced, it pays no pass stone (rule 6 bis).
    pub handicap_pass: bool,
}

/// The state of a game between turns.
pub struct Game {
    rules: Rules,
    start: Start,
    /// Boxed: a board holds its grids inline (some 36 KiB), and a game is moved about.
    board: Box<Board>,
    /// The move being checked, planned in place (see [`Board::plan`]).
    placement: Placement,
    positions: PositionHistory,
    turns_played: u32,
    /// Turns of each colour, indexed by [`Color::index`].
    turns_by: [u32; 2],
    to_move: Option<Color>,
    last_mover: Option<Color>,
    handicap_left: u32,
    ko: Option<(Point, Color, u32)>,
    prisoners: [u32; 2],
    passes: [u32; 2],
    handicap_passes: u32,
    consecutive_passes: u32,
}

fn identity_for(rules: &Rules) -> Identity {
    match rules.ko {
        KoRule::PositionalSuperko => Identity::Board,
        KoRule::SituationalSuperko | KoRule::Simple => Identity::BoardAndPlayer,
    }
}

impl Game {
    pub fn new(rules: Rules, start: Start) -> Game {
        let board = Box::new(Board::new(start.size));
        let mut game = Game {
            rules,
            positions: PositionHistory::new(identity_for(&rules)),
            board,
            placement: Placement::default(),
            turns_played: 0,
            turns_by: [0, 0],
            to_move: None,
            last_mover: None,
            handicap_left: 0,
            ko: None,
            prisoners: [0, 0],
            passes: [0, 0],
            handicap_passes: 0,
            consecutive_passes: 0,
            start: start.clone(),
        };
        game.restart(rules, start);
        game
    }

    /// Sets the game back to its start under `rules`, reusing its memory.
    pub fn restart(&mut self, rules: Rules, start: Start) {
        if self.board.size() == start.size {
            self.board.clear();
        } else {
            *self.board = Board::new(start.size);
        }
        for &point in &start.setup.black {
            self.board.set(point, Some(Color::Black));
        }
        for &point in &start.setup.white {
            self.board.set(point, Some(Color::White));
        }
        self.rules = rules;
        self.turns_played = 0;
        self.turns_by = [0, 0];
        self.to_move = start.first_to_move();
        self.last_mover = None;
        self.handicap_left = start.handicap_by_moves();
        self.ko = None;
        self.prisoners = [0, 0];
        self.passes = [0, 0];
        self.handicap_passes = 0;
        self.consecutive_passes = 0;
        self.positions.reset(identity_for(&rules), &self.board);
        self.positions.record(&self.board, self.to_move);
        self.start = start;
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn start(&self) -> &Start {
        &self.start
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Turns played so far (moves and passes).
    pub fn turns_played(&self) -> u32 {
        self.turns_played
    }

    /// Turns (moves and passes) played by `color`: FFG Annex B counts them to prove that
    /// rule 6 bis gives rule 6's result.
    pub fn turns_of(&self, color: Color) -> u32 {
        self.turns_by[color.index()]
    }

    /// The player to move, or `None` before a first turn that either colour may play.
    pub fn to_move(&self) -> Option<Color> {
        self.to_move
    }

    /// Stones captured by `color` during play (prisoners it holds).
    pub fn prisoners(&self, color: Color) -> u32 {
        self.prisoners[color.index()]
    }

    /// Passes by `color`, not counting White's forced handicap passes.
    pub fn passes(&self, color: Color) -> u32 {
        self.passes[color.index()]
    }

    /// White's passes during the FFG handicap phase (rule 6 bis: they pay nothing).
    pub fn handicap_passes(&self) -> u32 {
        self.handicap_passes
    }

    /// The colour of the last turn's player, if any turn was played.
    pub fn last_mover(&self) -> Option<Color> {
        self.last_mover
    }

    /// Consecutive passes ending the history (two end the game: FFG rule 5).
    pub fn consecutive_passes(&self) -> u32 {
        self.consecutive_passes
    }

    /// Handicap stones Black still has to place as moves (FFG handicap form).
    pub fn handicap_left(&self) -> u32 {
        self.handicap_left
    }

    /// Checks whose turn it is, and the handicap phase's constraints.
    fn check_order(&self, color: Color, action: Action) -> Result<(), IllegalMove> {
        if self.handicap_left > 0 {
            let stones_left = self.handicap_left;
            return match (color, action) {
                (Color::Black, Action::Move(_)) => Ok(()),
                (Color::White, Action::Pass) if self.last_mover == Some(Color::Black) => Ok(()),
                (Color::White, Action::Pass) => Err(IllegalMove::WrongTurn {
                    expected: Color::Black,
                }),
                _ => Err(IllegalMove::Handicap { stones_left }),
            };
        }
        match self.to_move {
            Some(expected) if expected != color => Err(IllegalMove::WrongTurn { expected }),
            _ => Ok(()),
        }
    }

    /// Plays one turn if it is legal; otherwise says why and changes nothing.
    ///
    /// Always inlined: in a loop over a whole history (`arbitre verify`), the turn's
    /// outcome then stays in registers instead of going through memory, which saved
    /// about a tenth of the instructions of a turn.
    #[inline(always)]
    pub fn play(&mut self, color: Color, action: Action) -> Result<TurnEffect, IllegalMove> {
        self.check_order(color, action)?;
        let turn = self.turns_played + 1;
        let mut effect = TurnEffect::default();
        let next = color.opponent();
        match action {
            Action::Pass => {
                if self.handicap_left > 0 {
                    effect.handicap_pass = true;
                    self.handicap_passes += 1;
                } else {
                    self.passes[color.index()] += 1;
                }
                self.consecutive_passes += 1;
                self.ko = None;
            }
            Action::Move(point) => {
                self.board
                    .plan(color, point, self.rules.suicide, &mut self.placement)?;
                let placement = &self.placement;
                if let Some((ko_point, forbidden, repeats_turn)) = self.ko {
                    if self.rules.ko == KoRule::Simple && ko_point == point && forbidden == color {
                        return Err(IllegalMove::Ko { repeats_turn });
                    }
                }
                let repeated = self.positions.repeated_by(
                    &self.board,
                    placement,
                    self.next_after(color, true),
                );
                if let Some(repeats_turn) = repeated {
                    match self.rules.ko {
                        KoRule::Simple => effect.cycle_repeats_turn = Some(repeats_turn),
                        KoRule::PositionalSuperko | KoRule::SituationalSuperko => {
                            return Err(IllegalMove::Superko { repeats_turn })
                        }
                    }
                }
                self.positions.note(&self.board, placement);
                self.board.commit(placement);
                effect.captures = placement.stones_removed;
                let taker = if placement.is_suicide() { next } else { color };
                self.prisoners[taker.index()] += placement.stones_removed;
                effect.ko = self.board.ko_point_after(placement);
                self.ko = effect.ko.map(|ko_point| (ko_point, next, turn - 1));
                self.consecutive_passes = 0;
                if self.handicap_left > 0 {
                    self.handicap_left -= 1;
                }
            }
        }
        self.turns_played = turn;
        self.turns_by[color.index()] += 1;
        self.last_mover = Some(color);
        self.to_move = self.next_after(color, false);
        self.positions.record(&self.board, self.to_move);
        Ok(effect)
    }

    /// The player to move after `color`'s turn; during the FFG handicap phase Black
    /// keeps the move until the last handicap stone (`placing` a stone now counts it).
    fn next_after(&self, color: Color, placing: bool) -> Option<Color> {
        let placed_now = u32::from(placing && color == Color::Black);
        if self.handicap_left > placed_now {
            Some(Color::Black)
        } else {
            Some(color.opponent())
        }
    }
}
