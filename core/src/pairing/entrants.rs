//! What the criteria know of each player before a round: score group and place in it,
//! draw-ups and draw-downs, colour balance, opponents met, byes; and the order of the
//! players that orients every asymmetric cost and numbers the matching's vertices.
//!
//! As OpenGotha 3.51 pairs (`shared/docs/opengotha-pairing.md`, measured on 1,898 real
//! rounds): every player of the file has a group, whatever their registration and whether
//! they play the round or not; a group is a category and a main score before the round,
//! half points floored; groups are numbered from the top, category by category, counting
//! every score of the range even when nobody has it.

use super::parameters::{AdditionalOrder, PairingParameters};
use super::player_index;
use crate::point::Color;
use crate::rating_list::{MAX_GOR, MIN_GOR};
use crate::standings::{
    self, Criterion, Player, Rank, RoundOutcome, Standing, StandingsError, Tournament,
};
use std::cmp::{Ordering, Reverse};
use std::collections::HashMap;

/// The score players are grouped by: the first of NBW, MMS and CPS among the placement
/// criteria, and the number of wins when none of them is there (OpenGotha's pairing
/// does so; its placement puts MMS first by default, which is why a file's system is
/// read from this score).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MainScore {
    Wins,
    McMahon,
    /// The cup score, at this position in the placement criteria.
    Cup(usize),
}

impl MainScore {
    pub fn of(tournament: &Tournament) -> MainScore {
        tournament
            .criteria
            .iter()
            .enumerate()
            .find_map(|(position, criterion)| match criterion {
                Criterion::Nbw => Some(MainScore::Wins),
                Criterion::Mms => Some(MainScore::McMahon),
                Criterion::Cps => Some(MainScore::Cup(position)),
                _ => None,
            })
            .unwrap_or(MainScore::Wins)
    }

    /// This score of a standing, in quarter points.
    fn quarters(self, standing: &Standing) -> i64 {
        match self {
            MainScore::Wins => standing.wins.quarters(),
            MainScore::McMahon => standing.mms.quarters(),
            MainScore::Cup(position) => standing
                .criteria
                .get(position)
                .map_or(0, |score| score.quarters()),
        }
    }
}

/// The groups of a round: `span` scores per category from `top` down, `count` in all
/// (OpenGotha's R, the scale of the score difference and of geography).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Groups {
    pub top: i64,
    pub span: i64,
    pub count: i64,
}

impl Groups {
    /// In McMahon, scores run from the bar's plus 2 plus the rounds played down to the
    /// floor's less 1: `bar − floor + round + 3` of them; with the cup score, which doubles
    /// each round, from `2^(round − 1)` down to 0 (OpenGotha, every version: round 3 has
    /// the five groups 4 to 0); otherwise from `round − 1` wins down to 0.
    pub fn of(tournament: &Tournament, main: MainScore, round: u32, categories: usize) -> Groups {
        let round = i64::from(round.max(1));
        let (top, span) = match main {
            MainScore::McMahon => {
                let mcmahon = &tournament.mcmahon;
                let bar = i64::from(mcmahon.bar.value() - mcmahon.zero.value());
                let floor = i64::from(mcmahon.floor.value() - mcmahon.zero.value());
                let top = bar + 2 + (round - 1);
                (top, top - (floor - 1) + 1)
            }
            MainScore::Cup(_) => {
                // OpenGotha has at most 20 rounds; held at 2^40 so that no count of
                // groups overflows in a longer tournament of arbitre's.
                let top = 1i64 << (round - 1).min(40);
                (top, top + 1)
            }
            MainScore::Wins => (round - 1, round),
        };
        Groups {
            top,
            span,
            count: span * categories.max(1) as i64,
        }
    }

    /// The group of a score (whole points) in a category: 0 is the top score of the
    /// strongest category.
    fn number(&self, category: usize, points: i64) -> usize {
        let within = (self.top - points).clamp(0, self.span - 1);
        usize::try_from(category as i64 * self.span + within).unwrap_or(0)
    }
}

/// A player to pair, as the criteria see them.
#[derive(Debug, Clone)]
pub struct Entrant {
    /// Index in the tournament's players.
    pub player: usize,
    /// Main score after the previous round, in quarter points.
    pub score: i64,
    /// Number of wins after the previous round, in quarter points.
    pub wins: i64,
    /// McMahon score after the previous round, in quarter points.
    pub mms: i64,
    /// The player's group (see [`Groups`]), 0 the top one.
    pub group: usize,
    /// 0-based place in the group, best first, and the group's size, counting every
    /// player of the file.
    pub place: usize,
    pub group_size: usize,
    /// Games against a player of a higher (drawn up) or lower (drawn down) group.
    pub drawn_up: u32,
    pub drawn_down: u32,
    /// Even games with White minus even games with Black.
    pub colour_balance: i32,
    /// Indices (in the tournament's players) of earlier opponents.
    pub opponents: Vec<usize>,
    pub byes: u32,
    /// Rank category, 0 the strongest.
    pub category: usize,
}

/// Builds the entrants among `participants` (indices in the tournament's players) before
/// `round`, in the player order: the standings before the round (placement criteria),
/// then surname and first name compared as Java compares strings (UTF-16 code units).
/// `category_limits` are the lowest ranks of the categories, strongest first.
pub fn entrants(
    tournament: &Tournament,
    parameters: &PairingParameters,
    round: u32,
    participants: &[usize],
    category_limits: &[Rank],
) -> Result<Vec<Entrant>, StandingsError> {
    let before = round.saturating_sub(1);
    let standings = standings::compute(tournament, before)?;
    let index = player_index(tournament);
    let main = MainScore::of(tournament);
    let groups = Groups::of(tournament, main, round, category_limits.len() + 1);
    let category = |rank: Rank| {
        category_limits
            .iter()
            .position(|limit| rank >= *limit)
            .unwrap_or(category_limits.len())
    };
    let draws = draws(tournament, &standings, before, &index, main)?;
    let (_, additional) = parameters.seeding_of(round);

    let mut everyone: Vec<(usize, &Standing)> = standings
        .iter()
        .filter_map(|standing| Some((*index.get(standing.player.as_str())?, standing)))
        .collect();
    let names: Vec<(Vec<u16>, Vec<u16>)> = tournament
        .players
        .iter()
        .map(|player| {
            (
                player.surname.encode_utf16().collect(),
                player.first_name.encode_utf16().collect(),
            )
        })
        .collect();
    let by_criteria = |a: &(usize, &Standing), b: &(usize, &Standing)| -> Ordering {
        b.1.criteria.cmp(&a.1.criteria)
    };
    let by_name = |a: usize, b: usize| names[a].cmp(&names[b]);
    everyone.sort_by(|a, b| by_criteria(a, b).then_with(|| by_name(a.0, b.0)));

    // Places in the groups: placement criteria, the round's additional order, names.
    let extra = |player: usize| -> i64 {
        let record = &tournament.players[player];
        match additional {
            AdditionalOrder::None => 0,
            AdditionalOrder::Rating => i64::from(rating(record)),
            AdditionalOrder::Rank => i64::from(record.rank.value()),
        }
    };
    let group_of = |player: usize, standing: &Standing| {
        groups.number(
            category(tournament.players[player].rank),
            main.quarters(standing).div_euclid(4),
        )
    };
    let mut placed: Vec<(usize, &Standing)> = everyone.clone();
    placed.sort_by(|a, b| {
        group_of(a.0, a.1)
            .cmp(&group_of(b.0, b.1))
            .then_with(|| by_criteria(a, b))
            .then_with(|| Reverse(extra(a.0)).cmp(&Reverse(extra(b.0))))
            .then_with(|| by_name(a.0, b.0))
    });
    let mut place_of: HashMap<usize, (usize, usize)> = HashMap::new();
    let mut start = 0;
    while start < placed.len() {
        let group = group_of(placed[start].0, placed[start].1);
        let end = placed[start..]
            .iter()
            .position(|(player, standing)| group_of(*player, standing) != group)
            .map_or(placed.len(), |length| start + length);
        for (place, (player, _)) in placed[start..end].iter().enumerate() {
            place_of.insert(*player, (place, end - start));
        }
        start = end;
    }

    let mut present = vec![false; tournament.players.len()];
    for &player in participants {
        present[player] = true;
    }
    let list = everyone
        .into_iter()
        .filter(|(player, _)| present[*player])
        .map(|(player, standing)| {
            let (place, group_size) = place_of.get(&player).copied().unwrap_or((0, 1));
            let mut entrant = Entrant {
                player,
                score: main.quarters(standing),
                wins: standing.wins.quarters(),
                mms: standing.mms.quarters(),
                group: group_of(player, standing),
                place,
                group_size,
                drawn_up: draws.get(&player).map_or(0, |draw| draw.0),
                drawn_down: draws.get(&player).map_or(0, |draw| draw.1),
                colour_balance: 0,
                opponents: Vec::new(),
                byes: 0,
                category: category(tournament.players[player].rank),
            };
            for outcome in &standing.rounds {
                match outcome {
                    RoundOutcome::Game {
                        opponent,
                        colour,
                        handicap,
                        ..
                    } => {
                        if let Some(&opponent) = index.get(opponent.as_str()) {
                            entrant.opponents.push(opponent);
                        }
                        if *handicap == 0 {
                            match colour {
                                Some(Color::White) => entrant.colour_balance += 1,
                                Some(Color::Black) => entrant.colour_balance -= 1,
                                None => {}
                            }
                        }
                    }
                    RoundOutcome::Bye => entrant.byes += 1,
                    _ => {}
                }
            }
            entrant
        })
        .collect();
    Ok(list)
}

/// A player's rating as OpenGotha's pairing sees it: held between −900 and 2949, as
/// OpenGotha holds ratings on import, and −900 when there is none, the rating OpenGotha
/// gives a player whose file names none (measured: such a player saved again says
/// `rating="-900"`, whatever the rank).
pub fn rating(player: &Player) -> i32 {
    player.rating.unwrap_or(MIN_GOR).clamp(MIN_GOR, MAX_GOR)
}

/// Draw-ups and draw-downs of every player in rounds 1 to `last`: a game against an
/// opponent whose main score before that round was higher draws the player up (scores
/// floored, as the groups are; categories play no part). Each player's game of the round
/// counts, as the standings after `last` (`after`) give it: in a file with several games
/// a round, only the one OpenGotha takes as the round's ([`Tournament::extra_games`]).
fn draws(
    tournament: &Tournament,
    after: &[Standing],
    last: u32,
    index: &HashMap<&str, usize>,
    main: MainScore,
) -> Result<HashMap<usize, (u32, u32)>, StandingsError> {
    let mut draws: HashMap<usize, (u32, u32)> = HashMap::new();
    for round in 1..=last {
        let before = standings::compute(tournament, round - 1)?;
        let points: HashMap<&str, i64> = before
            .iter()
            .map(|standing| {
                (
                    standing.player.as_str(),
                    main.quarters(standing).div_euclid(4),
                )
            })
            .collect();
        for standing in after {
            let Some(RoundOutcome::Game { opponent, .. }) = standing.rounds.get(round as usize - 1)
            else {
                continue;
            };
            let (Some(&player), Some(own), Some(theirs)) = (
                index.get(standing.player.as_str()),
                points.get(standing.player.as_str()),
                points.get(opponent.as_str()),
            ) else {
                continue;
            };
            match own.cmp(theirs) {
                Ordering::Less => draws.entry(player).or_default().0 += 1,
                Ordering::Greater => draws.entry(player).or_default().1 += 1,
                Ordering::Equal => {}
            }
        }
    }
    Ok(draws)
}
