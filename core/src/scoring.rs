//! The count of a finished game: FFG rule 6 (area), rule 6 bis (quick count with
//! pass stones), Japanese counting (territory and prisoners, nothing for seki), and
//! the Chinese and AGA area counts.
//!
//! Notation of the FFG text (Annex B), after the dead stones are removed: `tn`, `tb`
//! territory, `Xn`, `Xb` stones on the board, `d` dame, `pn`, `pb` prisoners of each
//! colour (captured in play or removed as dead), `x`, `y` passes, `s` = 1 when Black
//! had the last turn.

use crate::board::Board;
use crate::counting::{DeadStoneError, DeadStones};
use crate::game::Game;
use crate::point::{Color, Point};
use crate::region::Regions;
use crate::result::GameResult;
use crate::rules::Counting;
use serde::{Deserialize, Serialize};

/// Why a position cannot be counted.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum ScoringError {
    #[error("komi {komi} is not a finite number")]
    Komi { komi: f64 },
    #[error(transparent)]
    DeadStones(#[from] DeadStoneError),
    /// Annex B proves that rule 6 bis always gives rule 6's result: a difference means
    /// arbitre miscounted something (captures, passes, dead stones). Never resolved by
    /// picking one count; reported so that the referee counts by hand (rule 6 decides).
    #[error(
        "internal error: the quick count (rule 6 bis) gives {quick_difference} + head start \
         {head_start} but the area count (rule 6) gives {area_difference}; count by rule 6 by hand \
         and report this defect"
    )]
    QuickCountMismatch {
        area_difference: i64,
        quick_difference: i64,
        head_start: i64,
    },
}

/// One colour's figures at the end of the game.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = CountSide))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    /// Stones on the board after the dead ones are removed (`Xn`, `Xb`).
    pub stones: u32,
    /// Empty points reaching only this colour (`tn`, `tb`; FFG rule 2 "territoire").
    pub territory: u32,
    /// The part of `territory` enclosed by chains in seki: Japanese counting scores it nothing.
    pub seki_territory: u32,
    /// Stones of this colour captured during play.
    pub captured: u32,
    /// Stones of this colour removed as dead (rule 5 bis).
    pub dead: u32,
    /// Passes of this colour (`x`, `y`), without White's forced handicap passes.
    pub passes: u32,
}

impl Side {
    /// Prisoners of this colour, held by the opponent (`pn`, `pb`).
    pub fn prisoners(&self) -> u32 {
        self.captured + self.dead
    }

    /// Rule 6: one point per stone and per point of territory (komi aside).
    pub fn area(&self) -> u32 {
        self.stones + self.territory
    }
}

/// The whole count of a final position.
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = CountBreakdown))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Breakdown {
    pub black: Side,
    pub white: Side,
    /// Empty points reaching both colours, or neither (`d`).
    pub dame: u32,
    /// The whole compensation given to White (rule 6, preliminary rule).
    pub komi: f64,
    /// `s`: Black had the last turn, so White pays one more stone (rule 6 bis).
    pub black_played_last: bool,
    /// Turns Black played before White's first paying turn: `n − 1` in an `n`-stone
    /// handicap game, in both forms (White's forced passes pay nothing; fixed stones
    /// are turns White never answered), 0 in an even game. Rule 6 bis gives White this
    /// much less komi (FFG §11: ½ instead of n − ½).
    pub head_start: i64,
}

impl Breakdown {
    /// Counts the final position of `game` once the chains through `dead` are removed,
    /// with `komi` the whole compensation given to White.
    pub fn of_game(game: &Game, dead: &[Point], komi: f64) -> Result<Breakdown, ScoringError> {
        if !komi.is_finite() {
            return Err(ScoringError::Komi { komi });
        }
        let dead = DeadStones::of_chains(game.board(), dead)?;
        let mut board = game.board().clone();
        for &point in dead.points() {
            board.set(point, None);
        }
        let mut breakdown = Breakdown {
            black: Side::default(),
            white: Side::default(),
            dame: 0,
            komi,
            black_played_last: game.last_mover() == Some(Color::Black),
            head_start: head_start(game),
        };
        for color in BOTH {
            let side = breakdown.side_mut(color);
            side.stones = board.stone_count(color);
            side.dead = game.board().stone_count(color) - side.stones;
            side.captured = game.prisoners(color.opponent());
            side.passes = game.passes(color);
        }
        breakdown.count_territory(&board);
        Ok(breakdown)
    }

    fn side_mut(&mut self, color: Color) -> &mut Side {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    pub fn side(&self, color: Color) -> &Side {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// Territory, dame and seki territory of a board without dead stones.
    fn count_territory(&mut self, board: &Board) {
        for region in empty_regions(board) {
            let points = region.points.len() as u32;
            let Some(owner) = region.owner else {
                self.dame += points;
                continue;
            };
            let side = self.side_mut(owner);
            side.territory += points;
            if region.borders_seki {
                side.seki_territory += points;
            }
        }
    }

    /// Rule 6 bis: territory less the prisoners lost and the stones paid for passes;
    /// White pays one more when Black had the last turn (§11: Black 18, White 5).
    pub fn quick(&self, color: Color) -> i64 {
        let side = self.side(color);
        let last_turn = i64::from(color == Color::White && self.black_played_last);
        i64::from(side.territory) - i64::from(side.prisoners()) - i64::from(side.passes) - last_turn
    }

    /// Rule 6: `S = tn − tb + Xn − Xb`, komi aside.
    pub fn area_difference(&self) -> i64 {
        i64::from(self.black.area()) - i64::from(self.white.area())
    }

    /// Rule 6 bis: `S' = tn − tb + pb − pn − x + y + s`, komi aside.
    pub fn quick_difference(&self) -> i64 {
        self.quick(Color::Black) - self.quick(Color::White)
    }

    /// The komi of the quick count: the whole komi less Black's head start.
    pub fn quick_komi(&self) -> f64 {
        self.komi - self.head_start as f64
    }

    /// Black's margin by rule 6 (positive: Black wins).
    pub fn area_margin(&self) -> f64 {
        self.area_difference() as f64 - self.komi
    }

    /// Black's margin by rule 6 bis, after checking it against rule 6 (Annex B:
    /// `Xn + pn + x = Xb + pb + y + s` plus the head start, hence `S' = S`).
    pub fn quick_margin(&self) -> Result<f64, ScoringError> {
        let (area_difference, quick_difference) = (self.area_difference(), self.quick_difference());
        if quick_difference + self.head_start != area_difference {
            return Err(ScoringError::QuickCountMismatch {
                area_difference,
                quick_difference,
                head_start: self.head_start,
            });
        }
        Ok(quick_difference as f64 - self.quick_komi())
    }

    /// Japanese counting: territory outside seki plus the opponent's prisoners.
    pub fn japanese(&self, color: Color) -> i64 {
        let side = self.side(color);
        i64::from(side.territory - side.seki_territory)
            + i64::from(self.side(color.opponent()).prisoners())
    }

    /// Black's margin by Japanese counting (positive: Black wins).
    pub fn japanese_margin(&self) -> f64 {
        (self.japanese(Color::Black) - self.japanese(Color::White)) as f64 - self.komi
    }

    /// The result under `counting`: area (FFG rule 6, Chinese, AGA with its pass stones)
    /// or Japanese territory. Rule 6 bis is checked against rule 6 first, whatever the
    /// counting: a mismatch means the prisoners or passes were miscounted.
    pub fn result(&self, counting: Counting) -> Result<GameResult, ScoringError> {
        self.quick_margin()?;
        let margin = match counting {
            Counting::Area => self.area_margin(),
            Counting::Territory => self.japanese_margin(),
        };
        Ok(GameResult::of_margin(margin))
    }
}

/// Black's head start in turns (see [`Breakdown::head_start`]): the difference of setup
/// stones, White's forced handicap passes (they pay nothing), and Black's extra turns
/// beyond the last-turn stone `s`. Annex B: `Xn + pn + x = Xb + pb + y + s + head start`.
fn head_start(game: &Game) -> i64 {
    let setup = &game.start().setup;
    let mut initial = Board::new(game.start().size);
    for &point in &setup.black {
        initial.set(point, Some(Color::Black));
    }
    for &point in &setup.white {
        initial.set(point, Some(Color::White));
    }
    let setup_difference =
        i64::from(initial.stone_count(Color::Black)) - i64::from(initial.stone_count(Color::White));
    let extra_black_turns =
        i64::from(game.turns_of(Color::Black)) - i64::from(game.turns_of(Color::White));
    let last_turn = i64::from(game.last_mover() == Some(Color::Black));
    setup_difference + i64::from(game.handicap_passes()) + extra_black_turns - last_turn
}

/// Chains in seki, whose eyes Japanese counting scores nothing. A chain is *confined*
/// when each of its liberties is either a neutral point or in one eye (a territory
/// region of its colour whose every point is a liberty of the chain), with at most one
/// such eye. Two confined chains of opposite colours sharing a liberty are in seki:
/// whoever fills the last shared liberty puts itself in atari (one eye each, or none).
/// A wall facing unfilled dame is not confined: its territory is larger than an eye.
fn chains_in_seki(board: &Board, empty: &Regions, chains: &Regions) -> Vec<bool> {
    let region_colors: Vec<Vec<Color>> = (0..empty.members().len())
        .map(|region| {
            let mut colors: Vec<Color> = empty
                .neighbours_in(board, region, chains)
                .into_iter()
                .filter_map(|chain| chain_color(board, chains, chain))
                .collect();
            colors.sort_unstable();
            colors.dedup();
            colors
        })
        .collect();
    let confined: Vec<bool> = (0..chains.members().len())
        .map(|chain| {
            let mut eyes = Vec::new();
            for region in chains.neighbours_in(board, chain, empty) {
                if region_colors[region].len() == 2 {
                    continue;
                }
                let is_eye = empty.members()[region].iter().all(|&point| {
                    board
                        .adjacent(point)
                        .any(|next| chains.region_of(board, next) == Some(chain))
                });
                if !is_eye {
                    return false;
                }
                eyes.push(region);
            }
            eyes.len() <= 1
        })
        .collect();
    let mut in_seki = vec![false; chains.members().len()];
    for point in empty.members().iter().flatten() {
        let mut touching: Vec<usize> = board
            .adjacent(*point)
            .filter_map(|next| chains.region_of(board, next))
            .collect();
        touching.sort_unstable();
        touching.dedup();
        let confined_of = |color: Color| {
            touching
                .iter()
                .any(|&chain| confined[chain] && chain_color(board, chains, chain) == Some(color))
        };
        if confined_of(Color::Black) && confined_of(Color::White) {
            for &chain in touching.iter().filter(|&&chain| confined[chain]) {
                in_seki[chain] = true;
            }
        }
    }
    in_seki
}

const BOTH: [Color; 2] = [Color::Black, Color::White];

/// An empty region of a board without dead stones.
struct EmptyRegion {
    points: Vec<Point>,
    /// The one colour it reaches (FFG rule 2, "territoire"); `None`: dame.
    owner: Option<Color>,
    /// It borders a chain in seki (Japanese counting scores it nothing).
    borders_seki: bool,
}

fn empty_regions(board: &Board) -> Vec<EmptyRegion> {
    let empty = Regions::of(board, |content| content.is_none());
    let chains = Regions::chains(board);
    let in_seki = chains_in_seki(board, &empty, &chains);
    empty
        .members()
        .iter()
        .enumerate()
        .map(|(region, points)| {
            let bordering = empty.neighbours_in(board, region, &chains);
            let mut colors = bordering
                .iter()
                .filter_map(|&chain| chain_color(board, &chains, chain));
            let owner = match colors.next() {
                Some(first) if colors.all(|color| color == first) => Some(first),
                _ => None,
            };
            EmptyRegion {
                points: points.clone(),
                owner,
                borders_seki: bordering.iter().any(|&chain| in_seki[chain]),
            }
        })
        .collect()
}

/// The territory of each colour once the chains through `dead` are removed: the points
/// the count of rule 6 scores as territory, for a picture of the count.
pub fn territory(board: &Board, dead: &[Point]) -> Result<Vec<(Point, Color)>, DeadStoneError> {
    let dead = DeadStones::of_chains(board, dead)?;
    let mut counted = board.clone();
    for &point in dead.points() {
        counted.set(point, None);
    }
    Ok(empty_regions(&counted)
        .into_iter()
        .filter_map(|region| region.owner.map(|owner| (region.points, owner)))
        .flat_map(|(points, owner)| points.into_iter().map(move |point| (point, owner)))
        .collect())
}

fn chain_color(board: &Board, chains: &Regions, chain: usize) -> Option<Color> {
    chains.members()[chain]
        .first()
        .and_then(|&stone| board.get(stone))
}
