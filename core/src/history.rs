//! A game's move history, independent of its file format: what SGF files and the
//! API's JSON both decode to, and what verification and counting read.

use crate::point::{BoardSize, Color, Point};
use serde::{Deserialize, Serialize};

/// The most turns a game may have, live (the table refuses the next one, `game.turn_cap`)
/// or imported (the record is refused whole). Real games stay under 1,000 turns
/// (a 19×19 board has 361 points; the longest professional games run to about 400
/// moves), so ten times that leaves room for any real record, passes and disputes
/// included, while a record of tens of thousands of passes (a few hundred kilobytes of
/// SGF, each replay of which costs time and memory on every read) is refused whole.
pub const MAX_TURNS: usize = 10_000;

/// What a player did on a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A stone placed on a point (possibly off the board in a corrupt record; verification says so).
    Move(Point),
    Pass,
}

/// One `B` or `W` node of the main line.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    pub color: Color,
    pub action: Action,
    /// Main time left after the turn, in seconds (SGF `BL`/`WL`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_left: Option<f64>,
    /// Byo-yomi periods or Canadian stones left after the turn (SGF `OB`/`OW`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overtime_left: Option<u32>,
}

impl Turn {
    pub fn play(color: Color, point: Point) -> Turn {
        Turn {
            color,
            action: Action::Move(point),
            time_left: None,
            overtime_left: None,
        }
    }

    pub fn pass(color: Color) -> Turn {
        Turn {
            color,
            action: Action::Pass,
            time_left: None,
            overtime_left: None,
        }
    }
}

/// Stones on the board before the first turn (SGF `AB`/`AW` at the root).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    #[serde(default)]
    pub black: Vec<Point>,
    #[serde(default)]
    pub white: Vec<Point>,
}

impl Setup {
    pub fn is_empty(&self) -> bool {
        self.black.is_empty() && self.white.is_empty()
    }
}

/// Who played and where: the game-info properties a tournament record carries.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_rank: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_rank: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// SGF `TM`: main time in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main_time: Option<f64>,
    /// SGF `OT`: overtime description (`5x30 byo-yomi`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overtime: Option<String>,
}

/// A whole game: board, setup, rules, and the main line of turns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub size: BoardSize,
    /// Komi as recorded (`KM`): the whole compensation given to White.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi: Option<f64>,
    /// Number of handicap stones (`HA`); 0 for an even game.
    #[serde(default)]
    pub handicap: u32,
    #[serde(default, skip_serializing_if = "Setup::is_empty")]
    pub setup: Setup,
    /// The player to move first (`PL`), when the record says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Color>,
    /// The ruleset as recorded (`RU`), verbatim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The result as recorded (`RE`), verbatim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    #[serde(default)]
    pub info: GameInfo,
    pub turns: Vec<Turn>,
    /// What the reader tolerated in the file, for the referee to know.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<ReadWarning>,
}

/// A flaw of a real record that reading tolerates instead of refusing the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ReadWarning {
    /// `HA` is not a number of stones (seen in real records: `HA[7.5]`, the komi written
    /// in the wrong property): the game is read without a declared handicap, its setup
    /// stones (`AB`) as they are. At the 1-based line and byte column of the value.
    InvalidHandicap {
        value: String,
        line: u32,
        column: u32,
    },
}

impl GameRecord {
    /// An empty even game on a board of the given size.
    pub fn new(size: BoardSize) -> GameRecord {
        GameRecord {
            size,
            komi: None,
            handicap: 0,
            setup: Setup::default(),
            first_player: None,
            rules: None,
            result: None,
            info: GameInfo::default(),
            turns: Vec::new(),
            warnings: Vec::new(),
        }
    }
}
