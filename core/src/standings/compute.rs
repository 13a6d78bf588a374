//! Scores, tie-breakers, order and places after a round.
//!
//! The definitions follow OpenGotha (`Tournament.fillBaseScoringInfoIfNecessary`), the
//! program most rating files come from, so that a tournament moved between OpenGotha and
//! arbitre keeps its standings:
//!
//! * the McMahon start score is the number of grades between the player's rank, held
//!   between floor and bar, and the "zero" rank (30k), plus the player's correction;
//! * a round without a game adds the bye or absence credit, rounded down to whole points
//!   if the tournament says so; a game won by default counts like any win;
//! * tie-breakers use the opponents' scores after the last round counted. In a round
//!   without an opponent (bye, absence, void game) a player's SOS receives their own start
//!   McMahon score (0 when the basis is the number of wins): EGF Tournament System Rules,
//!   "The Effect of Unplayed Games";
//! * McMahon-based opponent scores are corrected by the handicap: the opponent who took
//!   `h` stones counts `h` points more for White, `h` points fewer for Black.

use super::tournament::{Basis, Criterion, GameResult, Player, Tournament};
use crate::point::Color;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::fmt;
use thiserror::Error;

/// A score or tie-breaker value, exact to the quarter point (SODOS counts half of a jigo
/// opponent's half points).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i64);

impl Score {
    pub fn from_quarters(quarters: i64) -> Score {
        Score(quarters)
    }

    fn from_halves(halves: i64) -> Score {
        Score(2 * halves)
    }

    fn whole(points: i64) -> Score {
        Score(4 * points)
    }

    pub fn quarters(self) -> i64 {
        self.0
    }
}

/// Whole points as integers, fractions as decimals: `36`, `12.5`, `7.25`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        let fraction = match magnitude % 4 {
            1 => ".25",
            2 => ".5",
            3 => ".75",
            _ => "",
        };
        f.pad(&format!("{sign}{}{fraction}", magnitude / 4))
    }
}

impl Serialize for Score {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0 as f64 / 4.0)
    }
}

impl<'de> Deserialize<'de> for Score {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Score, D::Error> {
        let points = f64::deserialize(deserializer)?;
        Ok(Score((points * 4.0).round() as i64))
    }
}

/// A game's result from one player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Win,
    Loss,
    Jigo,
    Unknown,
}

/// What a player did in a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum RoundOutcome {
    Game {
        opponent: String,
        /// The player's colour, if it was recorded.
        colour: Option<Color>,
        handicap: u32,
        outcome: Outcome,
        by_default: bool,
    },
    /// A game that was annulled.
    Void {
        opponent: String,
    },
    Bye,
    Absent,
    /// Present but neither paired nor given a bye.
    Unpaired,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The player's id.
    pub player: String,
    /// 1-based position in the table; results tables refer to opponents by it.
    pub row: u32,
    /// Place: players equal on every criterion share the place of the first of them.
    pub place: u32,
    pub mms: Score,
    pub wins: Score,
    /// One value per placement criterion, in the tournament's order.
    pub criteria: Vec<Score>,
    /// Rounds 1 to the round asked for.
    pub rounds: Vec<RoundOutcome>,
}

/// Why the standings could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StandingsError {
    #[error("player `{0}` is registered twice")]
    DuplicatePlayer(String),
    #[error("round {round}: unknown player `{player}`")]
    UnknownPlayer { round: u32, player: String },
    #[error("round {round}: player `{player}` has more than one game or bye")]
    DoublePairing { round: u32, player: String },
    #[error("round {round}: player `{player}` is paired with themself")]
    SelfPairing { round: u32, player: String },
    #[error("round numbers start at 1")]
    RoundZero,
    #[error("round {round} is beyond the tournament's {rounds} rounds")]
    RoundBeyondTournament { round: u32, rounds: u32 },
    #[error("{0} rounds: a tournament has at most {max} rounds", max = Tournament::MAX_ROUNDS)]
    TooManyRounds(u32),
}

/// A player's round, by index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Played {
        game: usize,
        colour: Color,
        opponent: usize,
    },
    Bye,
    Absent,
    Unpaired,
}

/// The standings after `after_round` (1 to the tournament's number of rounds; 0 gives
/// the start scores), ordered by the tournament's placement criteria.
///
/// Players equal on every criterion are listed by name and share a place.
pub fn compute(tournament: &Tournament, after_round: u32) -> Result<Vec<Standing>, StandingsError> {
    let table = Table::new(tournament, after_round)?;
    let mut values = table.criterion_values();
    let mut order: Vec<usize> = (0..tournament.players.len()).collect();
    table.sort(&mut order, &values);
    for (position, criterion) in tournament.criteria.iter().enumerate() {
        let confrontation = match criterion {
            Criterion::DirectConfrontation => Confrontation::Full,
            Criterion::SimplifiedDirectConfrontation => Confrontation::Simplified,
            _ => continue,
        };
        table.direct_confrontation(&order, &mut values, position, confrontation);
        table.sort(&mut order, &values);
    }
    let mut standings: Vec<Standing> = Vec::with_capacity(order.len());
    for (position, &player) in order.iter().enumerate() {
        let row = position as u32 + 1;
        let place = match (position.checked_sub(1), standings.last()) {
            (Some(previous), Some(last)) if values[order[previous]] == values[player] => last.place,
            _ => row,
        };
        standings.push(Standing {
            player: tournament.players[player].id.clone(),
            row,
            place,
            mms: Score::from_halves(table.final_score(player, Tally::Mms)),
            wins: Score::from_halves(table.final_score(player, Tally::Wins)),
            criteria: values[player].clone(),
            rounds: table.outcomes(player),
        });
    }
    Ok(standings)
}

/// The score a tie-breaker sums: a [`Basis`], or the Strasbourg score SOSTS sums.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Tally {
    Mms,
    Wins,
    Sts,
    Breizh,
}

impl From<Basis> for Tally {
    fn from(basis: Basis) -> Tally {
        match basis {
            Basis::Mms => Tally::Mms,
            Basis::Wins => Tally::Wins,
            Basis::Breizh => Tally::Breizh,
        }
    }
}

/// OpenGotha's two direct confrontations (`DC`, `SDC`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Confrontation {
    Full,
    Simplified,
}

/// Each player's extra games: round index, game, colour.
type ExtraGames = Vec<Vec<(usize, usize, Color)>>;

/// Scores by round, in half points.
struct Table<'t> {
    tournament: &'t Tournament,
    rounds: usize,
    slots: Vec<Vec<Slot>>,
    /// Each player's games beside their game of the round (a file with several games a
    /// round, [`Tournament::extra_games`]): scored, nothing else. Round index, game, colour.
    extra: ExtraGames,
    /// McMahon start score, in points.
    start: Vec<i64>,
    /// Breizh start score, in points.
    breizh_start: Vec<i64>,
    /// Score after each round, real and with unplayed rounds as half points, by basis.
    mms: Vec<Vec<i64>>,
    nbw: Vec<Vec<i64>>,
    /// Strasbourg score: the McMahon score with the bracket's bonus.
    sts: Vec<Vec<i64>>,
    /// Breizh score: the McMahon score from the Breizh start.
    bzs: Vec<Vec<i64>>,
    virtual_mms: Vec<Vec<i64>>,
    virtual_nbw: Vec<Vec<i64>>,
    virtual_bzs: Vec<Vec<i64>>,
}

/// A basis's tie-breakers for every player, in half points (SODOS in quarter points).
struct TieBreakers {
    sos: Vec<i64>,
    sos_minus_1: Vec<i64>,
    sos_minus_2: Vec<i64>,
    sodos: Vec<i64>,
    sosos: Vec<i64>,
    cuss: Vec<i64>,
}

impl<'t> Table<'t> {
    fn new(tournament: &'t Tournament, after_round: u32) -> Result<Table<'t>, StandingsError> {
        let (slots, extra) = slots(tournament, after_round)?;
        let rounds = after_round as usize;
        let mcmahon = tournament.mcmahon;
        let start: Vec<i64> = tournament
            .players
            .iter()
            .map(|player| {
                let held = player.rank.max(mcmahon.floor).min(mcmahon.bar);
                i64::from(held.value()) - i64::from(mcmahon.zero.value())
                    + i64::from(player.mms_correction)
            })
            .collect();
        let breizh_start = tournament
            .players
            .iter()
            .map(|player| tournament.breizh_start(player) as i64 + i64::from(player.mms_correction))
            .collect();
        let mut table = Table {
            tournament,
            rounds,
            slots,
            extra,
            start,
            breizh_start,
            mms: Vec::new(),
            nbw: Vec::new(),
            sts: Vec::new(),
            bzs: Vec::new(),
            virtual_mms: Vec::new(),
            virtual_nbw: Vec::new(),
            virtual_bzs: Vec::new(),
        };
        for player in 0..tournament.players.len() {
            table.score_rounds(player);
        }
        table.sts = (0..tournament.players.len())
            .map(|player| table.strasbourg_scores(player))
            .collect();
        Ok(table)
    }

    /// OpenGotha's Strasbourg score (STS): the players of an elimination bracket among the
    /// top group are told by their score alone. With `n` declared rounds and `B` the bar's
    /// start score, a McMahon score of exactly `B + n − 2` after round `n`−2 adds 2 points
    /// from that round on, and one of exactly `B + n − 1` after round `n`−1 adds 2 more from
    /// that round on; the two tests are independent (measured with OpenGotha 3.51 and
    /// 3.52: SEYGO 2020 stage 2, where a player corrected above the bar and unbeaten is not
    /// counted, while a player at the bar with a loss is).
    fn strasbourg_scores(&self, player: usize) -> Vec<i64> {
        let mms = &self.mms[player];
        let mut scores = mms.clone();
        let rounds = i64::from(self.tournament.rounds);
        let mcmahon = self.tournament.mcmahon;
        let bar = i64::from(mcmahon.bar.value() - mcmahon.zero.value());
        for round in [rounds - 2, rounds - 1] {
            let Ok(index) = usize::try_from(round - 1) else {
                continue;
            };
            if mms.get(index) == Some(&(2 * (bar + round))) {
                for score in &mut scores[index..] {
                    *score += 4;
                }
            }
        }
        scores
    }

    fn score_rounds(&mut self, player: usize) {
        let scoring = self.tournament.scoring;
        let round_down = |credit: i64| {
            if scoring.round_down {
                credit / 2 * 2
            } else {
                credit
            }
        };
        let version = self.tournament.opengotha_version();
        let (start, breizh_start) = (2 * self.start[player], 2 * self.breizh_start[player]);
        let (mut games, mut mcmahon_games, mut played, mut unplayed) = (0, 0, 0, 0);
        let (mut credit_mms, mut credit_nbw) = (0, 0);
        let (mut mms, mut nbw, mut bzs) = (Vec::new(), Vec::new(), Vec::new());
        let (mut virtual_mms, mut virtual_nbw, mut virtual_bzs) =
            (Vec::new(), Vec::new(), Vec::new());
        for slot in &self.slots[player] {
            match *slot {
                Slot::Played { game, colour, .. } => {
                    let game = &self.tournament.games[game];
                    let half_points = i64::from(game.result.half_points(colour));
                    games += half_points;
                    mcmahon_games += i64::from(game.result.mcmahon_half_points(colour, version));
                    if game.by_default
                        || matches!(game.result, GameResult::Void | GameResult::Unknown)
                    {
                        unplayed += 1;
                    } else {
                        played += half_points;
                    }
                }
                Slot::Bye => {
                    credit_mms += i64::from(scoring.bye.mms_half_points);
                    credit_nbw += i64::from(scoring.bye.nbw_half_points);
                    unplayed += 1;
                }
                Slot::Absent => {
                    credit_mms += i64::from(scoring.absence.mms_half_points);
                    credit_nbw += i64::from(scoring.absence.nbw_half_points);
                    unplayed += 1;
                }
                Slot::Unpaired => unplayed += 1,
            }
            for &(_, game, colour) in self.extra[player]
                .iter()
                .filter(|(index, ..)| *index == mms.len())
            {
                let game = &self.tournament.games[game];
                let half_points = i64::from(game.result.half_points(colour));
                games += half_points;
                mcmahon_games += i64::from(game.result.mcmahon_half_points(colour, version));
                if !game.by_default
                    && !matches!(game.result, GameResult::Void | GameResult::Unknown)
                {
                    played += half_points;
                }
            }
            mms.push(start + mcmahon_games + round_down(credit_mms));
            nbw.push(games + round_down(credit_nbw));
            bzs.push(breizh_start + games + round_down(credit_mms));
            virtual_mms.push(start + played + unplayed);
            virtual_nbw.push(played + unplayed);
            virtual_bzs.push(breizh_start + played + unplayed);
        }
        self.mms.push(mms);
        self.nbw.push(nbw);
        self.bzs.push(bzs);
        self.virtual_mms.push(virtual_mms);
        self.virtual_nbw.push(virtual_nbw);
        self.virtual_bzs.push(virtual_bzs);
    }

    /// Each round's score of a basis, in half points.
    fn scores(&self, basis: Tally) -> &[Vec<i64>] {
        match basis {
            Tally::Mms => &self.mms,
            Tally::Wins => &self.nbw,
            Tally::Sts => &self.sts,
            Tally::Breizh => &self.bzs,
        }
    }

    /// The score after the last round counted, in half points.
    fn final_score(&self, player: usize, basis: Tally) -> i64 {
        self.scores(basis)[player]
            .last()
            .copied()
            .unwrap_or_else(|| self.virtual_opponent(player, basis))
    }

    /// An opponent's score as SOS counts it.
    fn score_for_sos(&self, opponent: usize, basis: Tally) -> i64 {
        if !self.tournament.scoring.unplayed_as_half_point_in_sos {
            return self.final_score(opponent, basis);
        }
        let scores = match basis {
            Tally::Mms | Tally::Sts => &self.virtual_mms,
            Tally::Wins => &self.virtual_nbw,
            Tally::Breizh => &self.virtual_bzs,
        };
        scores[opponent]
            .last()
            .copied()
            .unwrap_or_else(|| self.virtual_opponent(opponent, basis))
    }

    /// The game of a slot, unless it was annulled.
    fn counted_game(&self, slot: Slot) -> Option<(usize, Color, usize)> {
        match slot {
            Slot::Played {
                game,
                colour,
                opponent,
            } if self.tournament.games[game].result != GameResult::Void => {
                Some((game, colour, opponent))
            }
            _ => None,
        }
    }

    /// What a round without an opponent adds to SOS: the start McMahon score, or nothing;
    /// also a player's score before the first round.
    fn virtual_opponent(&self, player: usize, basis: Tally) -> i64 {
        match basis {
            Tally::Mms | Tally::Sts => 2 * self.start[player],
            Tally::Breizh => 2 * self.breizh_start[player],
            Tally::Wins => 0,
        }
    }

    fn tie_breakers(&self, basis: Tally) -> TieBreakers {
        let players = self.tournament.players.len();
        let mut opponent_scores: Vec<Vec<i64>> = Vec::with_capacity(players);
        let mut sodos = Vec::with_capacity(players);
        for player in 0..players {
            let mut scores = Vec::with_capacity(self.rounds);
            let mut defeated = 0;
            for &slot in &self.slots[player] {
                let score = match self.counted_game(slot) {
                    Some((game, colour, opponent)) => {
                        let game = &self.tournament.games[game];
                        let mut score = self.score_for_sos(opponent, basis);
                        if basis != Tally::Wins {
                            let stones = 2 * i64::from(game.handicap);
                            score += if colour == Color::White {
                                stones
                            } else {
                                -stones
                            };
                        }
                        defeated += score * i64::from(game.result.half_points(colour));
                        score
                    }
                    None => self.virtual_opponent(player, basis),
                };
                scores.push(score);
            }
            sodos.push(defeated);
            opponent_scores.push(scores);
        }
        let sos: Vec<i64> = opponent_scores
            .iter()
            .map(|scores| scores.iter().sum())
            .collect();
        let without_lowest = |dropped: usize| -> Vec<i64> {
            opponent_scores
                .iter()
                .map(|scores| {
                    let mut sorted = scores.clone();
                    sorted.sort_unstable();
                    sorted.iter().skip(dropped).sum()
                })
                .collect()
        };
        let sosos = (0..players)
            .map(|player| {
                self.slots[player]
                    .iter()
                    .map(|&slot| match self.counted_game(slot) {
                        Some((_, _, opponent)) => sos[opponent],
                        None => self.virtual_opponent(player, basis) * self.rounds as i64,
                    })
                    .sum()
            })
            .collect();
        let cuss = self
            .scores(basis)
            .iter()
            .map(|rounds| rounds.iter().sum())
            .collect();
        // OpenGotha 3.51 gives every player an SOSM-1 of 0 after round 2, and places them by
        // it, while its SOSW-1 drops the lower of the two opponents' scores (measured with
        // its own program on files of two to six rounds played).
        let sos_minus_1 = if basis == Tally::Mms && self.rounds == 2 {
            vec![0; players]
        } else {
            without_lowest(1)
        };
        TieBreakers {
            sos_minus_1,
            sos_minus_2: without_lowest(2),
            sos,
            sodos,
            sosos,
            cuss,
        }
    }

    /// Each player's value for each criterion; direct confrontation starts at 0.
    fn criterion_values(&self) -> Vec<Vec<Score>> {
        let mut by_basis: HashMap<Tally, TieBreakers> = HashMap::new();
        for criterion in &self.tournament.criteria {
            if let Some(basis) = criterion_basis(*criterion) {
                by_basis
                    .entry(basis)
                    .or_insert_with(|| self.tie_breakers(basis));
            }
        }
        let players = &self.tournament.players;
        (0..players.len())
            .map(|player| {
                self.tournament
                    .criteria
                    .iter()
                    .map(|criterion| {
                        let basis =
                            criterion_basis(*criterion).and_then(|basis| by_basis.get(&basis));
                        match (*criterion, basis) {
                            (Criterion::Category, _) => {
                                let category = self.tournament.category(&players[player]);
                                Score::whole(-(category as i64))
                            }
                            (Criterion::Mms, _) => {
                                Score::from_halves(self.final_score(player, Tally::Mms))
                            }
                            (Criterion::Sts, _) => {
                                Score::from_halves(self.final_score(player, Tally::Sts))
                            }
                            (Criterion::Cps, _) => Score::from_halves(self.cup_score(player)),
                            (Criterion::Bzs, _) => {
                                Score::from_halves(self.final_score(player, Tally::Breizh))
                            }
                            (Criterion::Ext, _) => Score::from_halves(self.exploits(player).0),
                            (Criterion::Exr, _) => Score::from_halves(self.exploits(player).1),
                            (Criterion::Nbw, _) => {
                                Score::from_halves(self.final_score(player, Tally::Wins))
                            }
                            (Criterion::Sos(_) | Criterion::Sosts, Some(values)) => {
                                Score::from_halves(values.sos[player])
                            }
                            (Criterion::SosMinus1(_), Some(values)) => {
                                Score::from_halves(values.sos_minus_1[player])
                            }
                            (Criterion::SosMinus2(_), Some(values)) => {
                                Score::from_halves(values.sos_minus_2[player])
                            }
                            (Criterion::Sodos(_), Some(values)) => {
                                Score::from_quarters(values.sodos[player])
                            }
                            (Criterion::Sosos(_), Some(values)) => {
                                Score::from_halves(values.sosos[player])
                            }
                            (Criterion::Cuss(_), Some(values)) => {
                                Score::from_halves(values.cuss[player])
                            }
                            (Criterion::Rank, _) => {
                                Score::whole(i64::from(players[player].rank.value()))
                            }
                            (Criterion::Rating, _) => {
                                Score::whole(i64::from(players[player].rating.unwrap_or(0)))
                            }
                            _ => Score::default(),
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The cup score in half points: each game's points weigh 2 to the power of the
    /// rounds counted after it, so that a win outweighs every win of the later rounds
    /// (OpenGotha's help, "Placement settings", CPS). A round without a game (the bye, an
    /// absence's credit) adds its points unweighted, as OpenGotha 3.51 counts it: a bye in
    /// round 4 of 6 adds 1, not 4; in round 2 of 4, 1, not 4 (its own standings, measured).
    fn cup_score(&self, player: usize) -> i64 {
        let scores = &self.nbw[player];
        let mut previous = 0;
        let mut total: i64 = 0;
        for (round, &score) in scores.iter().enumerate() {
            let later_rounds = u32::try_from(scores.len() - 1 - round).unwrap_or(u32::MAX);
            let played = self.slots[player]
                .get(round)
                .is_some_and(|&slot| self.counted_game(slot).is_some());
            let weight = if played {
                2i64.saturating_pow(later_rounds)
            } else {
                1
            };
            total = total.saturating_add((score - previous).saturating_mul(weight));
            previous = score;
        }
        total
    }

    /// Exploits tentés and réussis in half points, from OpenGotha's help ("Placement
    /// settings", EXT and EXR). The natural handicap `NH` is the rank difference (the
    /// stones the player would give), the actual handicap `AH` the stones the player gave
    /// (the handicap as White, minus it as Black). A game weighs 0 when `AH < NH` (easy),
    /// 1 when equal, 2 when `AH = NH + 1`, 3 beyond (very difficult); EXT sums the
    /// opponents' numbers of wins so weighted, EXR the same over the games won (a jigo is
    /// not won; a game won by default is).
    fn exploits(&self, player: usize) -> (i64, i64) {
        let players = &self.tournament.players;
        let (mut tried, mut achieved) = (0, 0);
        for &slot in &self.slots[player] {
            let Some((game, colour, opponent)) = self.counted_game(slot) else {
                continue;
            };
            let game = &self.tournament.games[game];
            let natural =
                i64::from(players[player].rank.value()) - i64::from(players[opponent].rank.value());
            let stones = i64::from(game.handicap);
            let actual = if colour == Color::White {
                stones
            } else {
                -stones
            };
            let weight = (actual - natural + 1).clamp(0, 3);
            let score = self.final_score(opponent, Tally::Wins) * weight;
            tried += score;
            if game.result.half_points(colour) == 2 {
                achieved += score;
            }
        }
        (tried, achieved)
    }

    /// Orders players by criteria, best first; equal players by name.
    fn sort(&self, order: &mut [usize], values: &[Vec<Score>]) {
        let players = &self.tournament.players;
        order.sort_by(|&a, &b| {
            values[b]
                .cmp(&values[a])
                .then_with(|| fallback_order(&players[a], &players[b]))
                .then(a.cmp(&b))
        });
    }

    /// Direct confrontation among each group of players equal on the criteria before it
    /// (OpenGotha's help, "Placement settings"):
    ///
    /// * `SDC`: if each pair of the group played and one of them won, a player's value is
    ///   the number of those players beaten; otherwise everyone's value stays 0;
    /// * `DC`: see [`confrontation_levels`].
    fn direct_confrontation(
        &self,
        order: &[usize],
        values: &mut [Vec<Score>],
        position: usize,
        confrontation: Confrontation,
    ) {
        let mut start = 0;
        while start < order.len() {
            let key = values[order[start]][..position].to_vec();
            let end = order[start..]
                .iter()
                .position(|&player| values[player][..position] != key[..])
                .map_or(order.len(), |length| start + length);
            let group = &order[start..end];
            if group.len() > 1 {
                let balance = self.balance(group);
                let levels = match confrontation {
                    Confrontation::Simplified => mutual_wins(&balance),
                    Confrontation::Full => {
                        Some(confrontation_levels(group, &balance, values, position))
                    }
                };
                if let Some(levels) = levels {
                    for (&player, level) in group.iter().zip(levels) {
                        values[player][position] = Score::whole(level);
                    }
                }
            }
            start = end;
        }
    }

    /// For each pair of players of `group`, the decisive games the first won minus those
    /// the second won (games won by default are not confrontations).
    fn balance(&self, group: &[usize]) -> Vec<Vec<i64>> {
        let members: HashMap<usize, usize> =
            group.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let mut balance = vec![vec![0i64; group.len()]; group.len()];
        for (i, &player) in group.iter().enumerate() {
            for &slot in &self.slots[player] {
                let Some((game, colour, opponent)) = self.counted_game(slot) else {
                    continue;
                };
                let (Some(&j), game) = (members.get(&opponent), &self.tournament.games[game])
                else {
                    continue;
                };
                let decisive = matches!(game.result, GameResult::BlackWins | GameResult::WhiteWins);
                if decisive && !game.by_default {
                    balance[i][j] += if game.result.half_points(colour) == 2 {
                        1
                    } else {
                        -1
                    };
                }
            }
        }
        balance
    }

    fn outcomes(&self, player: usize) -> Vec<RoundOutcome> {
        let players = &self.tournament.players;
        self.slots[player]
            .iter()
            .map(|&slot| match slot {
                Slot::Played {
                    game,
                    colour,
                    opponent,
                } => {
                    let game = &self.tournament.games[game];
                    let opponent = players[opponent].id.clone();
                    if game.result == GameResult::Void {
                        return RoundOutcome::Void { opponent };
                    }
                    let outcome = match (game.result, game.result.half_points(colour)) {
                        (GameResult::Unknown, _) => Outcome::Unknown,
                        (GameResult::Jigo, _) => Outcome::Jigo,
                        (_, 2) => Outcome::Win,
                        _ => Outcome::Loss,
                    };
                    RoundOutcome::Game {
                        opponent,
                        colour: game.colours_known.then_some(colour),
                        handicap: game.handicap,
                        outcome,
                        by_default: game.by_default,
                    }
                }
                Slot::Bye => RoundOutcome::Bye,
                Slot::Absent => RoundOutcome::Absent,
                Slot::Unpaired => RoundOutcome::Unpaired,
            })
            .collect()
    }
}

/// `SDC`: for each player of a group, how many others of the group they beat, if every
/// pair has a decisive balance of played games.
fn mutual_wins(balance: &[Vec<i64>]) -> Option<Vec<i64>> {
    let size = balance.len();
    let complete = (0..size).all(|i| (0..size).all(|j| i == j || balance[i][j] != 0));
    complete.then(|| {
        balance
            .iter()
            .map(|row| row.iter().filter(|&&result| result > 0).count() as i64)
            .collect()
    })
}

/// `DC`, as OpenGotha's help describes it and as OpenGotha 3.51 computes it (measured with
/// its own program on real and generated files):
///
/// * a player beat another when they won exactly one game more than they lost against
///   them (OpenGotha counts no confrontation after two wins, or three wins and a loss);
/// * players who beat each other in a cycle are merged into one node sharing their wins
///   and losses;
/// * repeatedly, of the nodes that beat no other node left, the one (or the ones, when
///   equal) whose best player is lowest on the criteria after DC is placed last and
///   removed, its players ordered among themselves by those criteria;
/// * the players placed last get 0; each later set of players equal on the criteria after
///   DC gets the number of players placed below it plus its own size, less one (three
///   players below two equal players: 4 for both, then 5 for the next).
///
/// Each player is so above those they beat, and players who met nobody of the group are
/// ordered by the criteria after DC.
fn confrontation_levels(
    group: &[usize],
    balance: &[Vec<i64>],
    values: &[Vec<Score>],
    position: usize,
) -> Vec<i64> {
    let size = group.len();
    let beats: Vec<Vec<usize>> = balance
        .iter()
        .map(|row| (0..size).filter(|&j| row[j] == 1).collect())
        .collect();
    let reachable: Vec<Vec<bool>> = (0..size)
        .map(|from| {
            let mut seen = vec![false; size];
            let mut stack = vec![from];
            while let Some(node) = stack.pop() {
                for &next in &beats[node] {
                    if !seen[next] {
                        seen[next] = true;
                        stack.push(next);
                    }
                }
            }
            seen
        })
        .collect();
    // Each player's node: the first player of the cycle of wins they belong to.
    let node: Vec<usize> = (0..size)
        .map(|i| {
            (0..size)
                .find(|&j| j == i || (reachable[i][j] && reachable[j][i]))
                .unwrap_or(i)
        })
        .collect();
    let later = |i: usize| &values[group[i]][position + 1..];
    // A node is as high on the later criteria as its best player.
    let strength = |head: usize| (0..size).filter(|&i| node[i] == head).map(later).max();
    let mut remaining: Vec<usize> = (0..size).filter(|&i| node[i] == i).collect();
    let mut levels = vec![0; size];
    let mut next = 0;
    while !remaining.is_empty() {
        let beats_another = |head: usize| {
            (0..size).any(|i| {
                node[i] == head
                    && beats[i]
                        .iter()
                        .any(|&j| node[j] != head && remaining.contains(&node[j]))
            })
        };
        let unbeaten: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|&head| !beats_another(head))
            .collect();
        let Some(lowest) = unbeaten.iter().map(|&head| strength(head)).min() else {
            break;
        };
        let last: Vec<usize> = unbeaten
            .into_iter()
            .filter(|&head| strength(head) == lowest)
            .collect();
        let mut players: Vec<usize> = (0..size).filter(|i| last.contains(&node[*i])).collect();
        players.sort_by(|&a, &b| later(a).cmp(later(b)));
        for equal in players.chunk_by(|&a, &b| later(a) == later(b)) {
            let count = equal.len() as i64;
            let value = if next == 0 { 0 } else { next + count - 1 };
            for &i in equal {
                levels[i] = value;
            }
            next = if next == 0 { 1 } else { next + count };
        }
        remaining.retain(|head| !last.contains(head));
    }
    levels
}

fn criterion_basis(criterion: Criterion) -> Option<Tally> {
    match criterion {
        Criterion::Sos(basis)
        | Criterion::SosMinus1(basis)
        | Criterion::SosMinus2(basis)
        | Criterion::Sodos(basis)
        | Criterion::Sosos(basis)
        | Criterion::Cuss(basis) => Some(basis.into()),
        Criterion::Sosts => Some(Tally::Sts),
        _ => None,
    }
}

/// Players equal on every criterion are listed by name, then first name, as OpenGotha
/// does (`ScoredPlayerComparator`: "exaequo are then compared according alphabetical
/// order of name and first name").
fn fallback_order(a: &Player, b: &Player) -> Ordering {
    a.surname
        .cmp(&b.surname)
        .then_with(|| a.first_name.cmp(&b.first_name))
}

/// Each player's round slots, checking that ids exist and nobody has a bye and a game in
/// one round, and each player's extra games ([`Tournament::extra_games`]). A game or bye
/// overrides an absence, as in OpenGotha.
fn slots(
    tournament: &Tournament,
    after_round: u32,
) -> Result<(Vec<Vec<Slot>>, ExtraGames), StandingsError> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    for (position, player) in tournament.players.iter().enumerate() {
        if index.insert(player.id.as_str(), position).is_some() {
            return Err(StandingsError::DuplicatePlayer(player.id.clone()));
        }
    }
    let find = |round: u32, id: &str| {
        index
            .get(id)
            .copied()
            .ok_or_else(|| StandingsError::UnknownPlayer {
                round,
                player: id.to_string(),
            })
    };
    let rounds = tournament.rounds;
    if rounds > Tournament::MAX_ROUNDS {
        return Err(StandingsError::TooManyRounds(rounds));
    }
    let counted = |round: u32| -> Result<bool, StandingsError> {
        match round {
            0 => Err(StandingsError::RoundZero),
            round if round > rounds => Err(StandingsError::RoundBeyondTournament { round, rounds }),
            round => Ok(round <= after_round),
        }
    };
    if after_round > rounds {
        return Err(StandingsError::RoundBeyondTournament {
            round: after_round,
            rounds,
        });
    }
    let mut slots = vec![vec![Slot::Unpaired; after_round as usize]; tournament.players.len()];
    for absence in &tournament.absences {
        if counted(absence.round)? {
            slots[find(absence.round, &absence.player)?][absence.round as usize - 1] = Slot::Absent;
        }
    }
    let double = |round: u32, player: usize| StandingsError::DoublePairing {
        round,
        player: tournament.players[player].id.clone(),
    };
    for bye in &tournament.byes {
        if counted(bye.round)? {
            let player = find(bye.round, &bye.player)?;
            let slot = &mut slots[player][bye.round as usize - 1];
            if matches!(slot, Slot::Bye | Slot::Played { .. }) {
                return Err(double(bye.round, player));
            }
            *slot = Slot::Bye;
        }
    }
    let extra_games: HashSet<(usize, Color)> = tournament.extra_games().into_iter().collect();
    let mut extra = vec![Vec::new(); tournament.players.len()];
    for (number, game) in tournament.games.iter().enumerate() {
        if !counted(game.round)? {
            continue;
        }
        let black = find(game.round, &game.black)?;
        let white = find(game.round, &game.white)?;
        if black == white {
            return Err(StandingsError::SelfPairing {
                round: game.round,
                player: game.black.clone(),
            });
        }
        for (player, colour, opponent) in
            [(black, Color::Black, white), (white, Color::White, black)]
        {
            let round = game.round as usize - 1;
            if extra_games.contains(&(number, colour)) {
                extra[player].push((round, number, colour));
                continue;
            }
            let slot = &mut slots[player][round];
            if matches!(slot, Slot::Bye | Slot::Played { .. }) {
                return Err(double(game.round, player));
            }
            *slot = Slot::Played {
                game: number,
                colour,
                opponent,
            };
        }
    }
    Ok((slots, extra))
}
