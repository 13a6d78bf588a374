//! What the criteria know of each player before a round: score group and place in it,
//! draw-ups and draw-downs, colour balance, opponents met, byes.
//!
//! Scores are the tournament's main score (McMahon score or number of wins, as its first
//! placement criteria say) after the previous round, computed by [`crate::standings`];
//! groups are the distinct main scores, counted from the lowest.

use super::parameters::{AdditionalOrder, PairingParameters};
use crate::point::Color;
use crate::standings::{
    self, Basis, GameResult, Rank, RoundOutcome, Standing, StandingsError, Tournament,
};
use std::cmp::Reverse;
use std::collections::HashMap;

/// A player to pair, as the criteria see them.
#[derive(Debug, Clone)]
pub struct Entrant {
    /// Index in the tournament's players.
    pub player: usize,
    /// 1-based row in the standings before the round (placement criteria, then names).
    pub row: u32,
    /// Main score after the previous round, in quarter points.
    pub score: i64,
    /// Number of wins after the previous round, in quarter points.
    pub wins: i64,
    /// McMahon score after the previous round, in quarter points.
    pub mms: i64,
    /// Index of the score among the distinct scores of the players paired, from 0 (lowest).
    pub group: usize,
    /// 0-based place in the group, best first, and the group's size.
    pub place: usize,
    pub group_size: usize,
    /// Games against a player of a higher (drawn up) or lower (drawn down) score.
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
/// `round`, in pairing order (best first). `category_limits` are the lowest ranks of the
/// categories, strongest first.
///
/// Groups, places and group sizes count the players of the round, the bye included, and
/// the players absent from it who have played a game before: OpenGotha's dumps place the
/// players that way. In round 2 of pairgoth's `notsimplemm`, a player absent from the
/// round after winning round 1 still makes the top group three strong (the seeding and
/// draw-up/down costs of its two present players are those of places 0 and 2, or 1, of
/// three); in round 3 of `bosp2024`, two players absent since round 1 are not counted in
/// the lowest group, though their absences put them on its score (its four players are
/// drawn up as places 0 to 3 of four).
pub fn entrants(
    tournament: &Tournament,
    parameters: &PairingParameters,
    round: u32,
    participants: &[usize],
    category_limits: &[Rank],
) -> Result<Vec<Entrant>, StandingsError> {
    let before = round.saturating_sub(1);
    let standings = standings::compute(tournament, before)?;
    let index: HashMap<&str, usize> = tournament
        .players
        .iter()
        .enumerate()
        .map(|(position, player)| (player.id.as_str(), position))
        .collect();
    let by_player: HashMap<usize, &Standing> = standings
        .iter()
        .filter_map(|standing| Some((*index.get(standing.player.as_str())?, standing)))
        .collect();
    let basis = tournament.main_score();
    let main = |standing: &Standing| match basis {
        Basis::Mms => standing.mms.quarters(),
        Basis::Wins => standing.wins.quarters(),
    };

    let draws = draws(tournament, before, &index, basis)?;
    let (_, additional) = parameters.seeding_of(round);
    let mut list = Vec::with_capacity(participants.len());
    let mut order = Vec::with_capacity(participants.len());
    let mut present = vec![false; tournament.players.len()];
    for &player in participants {
        present[player] = true;
    }
    for (player, &is_present) in present.iter().enumerate() {
        let Some(standing) = by_player.get(&player) else {
            continue;
        };
        let played = standing
            .rounds
            .iter()
            .any(|outcome| matches!(outcome, RoundOutcome::Game { .. }));
        if !is_present && !played {
            continue;
        }
        let record = &tournament.players[player];
        let mut entrant = Entrant {
            player,
            row: standing.row,
            score: main(standing),
            wins: standing.wins.quarters(),
            mms: standing.mms.quarters(),
            group: 0,
            place: 0,
            group_size: 0,
            drawn_up: draws.get(&player).map_or(0, |draw| draw.0),
            drawn_down: draws.get(&player).map_or(0, |draw| draw.1),
            colour_balance: 0,
            opponents: Vec::new(),
            byes: 0,
            category: category_limits
                .iter()
                .position(|limit| record.rank >= *limit)
                .unwrap_or(category_limits.len()),
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
        let extra = match additional {
            AdditionalOrder::None => 0,
            AdditionalOrder::Rating => i64::from(record.rating.unwrap_or(i32::MIN)),
            AdditionalOrder::Rank => i64::from(record.rank.value()),
        };
        order.push((
            Reverse(standing.criteria.clone()),
            Reverse(extra),
            standing.row,
        ));
        list.push(entrant);
    }
    let mut sorted: Vec<usize> = (0..list.len()).collect();
    sorted.sort_by(|&a, &b| {
        Reverse(list[a].score)
            .cmp(&Reverse(list[b].score))
            .then_with(|| order[a].cmp(&order[b]))
    });
    let mut list: Vec<Entrant> = sorted.into_iter().map(|at| list[at].clone()).collect();
    group(&mut list);
    list.retain(|entrant| present[entrant.player]);
    Ok(list)
}

/// Sets each entrant's group, place and group size; `list` is in pairing order.
fn group(list: &mut [Entrant]) {
    let mut scores: Vec<i64> = list.iter().map(|entrant| entrant.score).collect();
    scores.sort_unstable();
    scores.dedup();
    let mut start = 0;
    while start < list.len() {
        let score = list[start].score;
        let end = list[start..]
            .iter()
            .position(|entrant| entrant.score != score)
            .map_or(list.len(), |length| start + length);
        let group = scores.partition_point(|&other| other < score);
        for (place, entrant) in list[start..end].iter_mut().enumerate() {
            entrant.group = group;
            entrant.place = place;
            entrant.group_size = end - start;
        }
        start = end;
    }
}

/// Draw-ups and draw-downs of every player in rounds 1 to `last`: a game against an
/// opponent whose main score before that round was higher draws the player up.
fn draws(
    tournament: &Tournament,
    last: u32,
    index: &HashMap<&str, usize>,
    basis: Basis,
) -> Result<HashMap<usize, (u32, u32)>, StandingsError> {
    let mut draws: HashMap<usize, (u32, u32)> = HashMap::new();
    for round in 1..=last {
        let before = standings::compute(tournament, round - 1)?;
        let score: HashMap<usize, i64> = before
            .iter()
            .filter_map(|standing| {
                let value = match basis {
                    Basis::Mms => standing.mms.quarters(),
                    Basis::Wins => standing.wins.quarters(),
                };
                Some((*index.get(standing.player.as_str())?, value))
            })
            .collect();
        for game in tournament
            .games
            .iter()
            .filter(|game| game.round == round && game.result != GameResult::Void)
        {
            let (Some(&black), Some(&white)) = (
                index.get(game.black.as_str()),
                index.get(game.white.as_str()),
            ) else {
                continue;
            };
            let (black_score, white_score) = (score.get(&black), score.get(&white));
            let (Some(black_score), Some(white_score)) = (black_score, white_score) else {
                continue;
            };
            let (up, down) = match black_score.cmp(white_score) {
                std::cmp::Ordering::Less => (black, white),
                std::cmp::Ordering::Greater => (white, black),
                std::cmp::Ordering::Equal => continue,
            };
            draws.entry(up).or_default().0 += 1;
            draws.entry(down).or_default().1 += 1;
        }
    }
    Ok(draws)
}
