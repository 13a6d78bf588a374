//! Pairing a round as OpenGotha pairs it: every pair of players gets a cost from weighted
//! criteria ([`criteria`]), and the round is the perfect matching of largest total cost
//! ([`matching`]); the bye, handicaps, colours and table numbers follow OpenGotha's rules.
//!
//! Sources: OpenGotha's help (`gothahelp/english/`: "Pairing algorithm", "Pairing
//! settings") and the weights OpenGotha dumps per pair and round (as published with
//! pairgoth's tests); no OpenGotha code.

pub mod bye;
pub mod consistency;
pub mod criteria;
pub mod edit;
pub mod entrants;
pub mod groups;
pub mod handicap;
pub mod java_sort;
pub mod matching;
pub mod opengotha;
pub mod parameters;
pub mod round_robin;
pub mod tables;

pub use criteria::{Cost, Criterion, Met, Reason};
pub use parameters::PairingParameters;

use crate::point::Color;
use crate::rules::KomiPolicy;
use crate::standings::{self, StandingsError, Tournament};
use criteria::Criteria;
use entrants::Entrant;
use matching::{Graph, MatchingError};
use parameters::{OpenGothaVersion, System};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use thiserror::Error;

/// What to pair.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Request {
    /// The round to pair, from 1.
    pub round: u32,
    /// The ids of the players to pair (registered and present in the round).
    pub participants: Vec<String>,
    /// Mixed into the random criterion when the parameters ask for non-deterministic
    /// random (`paiBaDeterministic="false"`): the core draws nothing itself.
    #[serde(default)]
    pub seed: u64,
    /// Games the organizer has decided (two participants' ids each): they are played
    /// whatever they cost, and the rest of the round is paired around them. Neither
    /// player of a fixed game is given the bye.
    #[serde(default)]
    pub fixed: Vec<(String, String)>,
}

/// A round's pairing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pairing {
    pub round: u32,
    /// By table number.
    pub games: Vec<PairedGame>,
    /// The player left without an opponent, when the number of players is odd.
    pub bye: Option<String>,
    /// The OpenGotha whose behaviour the pairing reproduces where versions differ.
    pub opengotha: OpenGothaVersion,
}

/// A game of the pairing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairedGame {
    pub table: u32,
    pub white: String,
    pub black: String,
    pub handicap: u32,
    pub komi: f64,
    /// The two have met in an earlier round.
    pub rematch: bool,
    /// Why this pair: the cost of each criterion.
    pub cost: Cost,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PairingError {
    #[error("round {round} is not a round of this tournament (1 to {rounds})")]
    Round { round: u32, rounds: u32 },
    #[error("unknown player `{0}`")]
    UnknownPlayer(String),
    #[error("player `{0}` is listed twice")]
    DuplicateParticipant(String),
    #[error(transparent)]
    Standings(#[from] StandingsError),
    #[error("the pair costs are out of range: {0}")]
    Costs(#[from] MatchingError),
    #[error("player `{0}` is not paired in this round (absent, not registered or the bye)")]
    NotInRound(String),
    #[error("no perfect matching was found for {0} players")]
    Unmatched(usize),
    #[error("player `{0}` is in two fixed games, or fixed against themselves")]
    FixedTwice(String),
    #[error("a round robin's games follow the Berger table: none can be fixed")]
    FixedInRoundRobin,
}

/// A possible opponent of a player, for explaining a pairing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Candidate {
    pub opponent: String,
    /// The two have met in an earlier round.
    pub rematch: bool,
    pub cost: Cost,
}

/// Who does the work a round can share out (the costs of its pairs, the matchings of its
/// groups). The core starts no thread of its own: its caller decides, the CLI with a pool
/// of its own, the service on its heavy-work pool. The pairing is the same either way.
#[derive(Clone, Copy, Default)]
pub enum Parallelism<'p> {
    /// All on the calling thread.
    #[default]
    Sequential,
    /// Shared out over the threads of the caller's pool.
    Pool(&'p rayon::ThreadPool),
    /// Shared out over the pool, each thread calling `pace` between steps of work (a row
    /// of pair costs, a stage of a matching: a millisecond or less each), where the caller
    /// may pause it: the service lets the tablets' requests through.
    Paced(&'p rayon::ThreadPool, &'p (dyn Fn() + Sync)),
}

impl Parallelism<'_> {
    /// `work` applied to each item, on the calling thread or shared out over the pool;
    /// the results in the items' order.
    fn map<T, R, F>(self, items: Vec<T>, work: F) -> Vec<R>
    where
        T: Send,
        R: Send,
        F: Fn(T) -> R + Sync + Send,
    {
        use rayon::prelude::*;
        match self {
            Parallelism::Sequential => items.into_iter().map(work).collect(),
            Parallelism::Pool(pool) => pool.install(|| items.into_par_iter().map(work).collect()),
            Parallelism::Paced(pool, pace) => pool.install(|| {
                items
                    .into_par_iter()
                    .map(|item| {
                        let done = work(item);
                        pace();
                        done
                    })
                    .collect()
            }),
        }
    }

    /// Between two steps of work: the caller's pace, if any.
    fn pace(self) {
        if let Parallelism::Paced(_, pace) = self {
            pace();
        }
    }
}

/// Pairs `request.round` of `tournament` from its state before that round: results of
/// earlier rounds count, games and byes of that round and later ones are ignored.
pub fn pair(
    tournament: &Tournament,
    parameters: &PairingParameters,
    request: &Request,
    parallelism: Parallelism,
) -> Result<Pairing, PairingError> {
    Round::prepare(tournament, parameters, request)?.pair(parallelism)
}

/// A round ready to pair: its players in pairing order, the bye set aside.
pub struct Round<'a> {
    tournament: &'a Tournament,
    parameters: &'a PairingParameters,
    request: &'a Request,
    list: Vec<Entrant>,
    bye: Option<usize>,
    /// In a round robin, the bye's number on the Berger table.
    bye_seat: Option<usize>,
    /// The fixed games, as positions in `list`.
    fixed: Vec<(usize, usize)>,
}

impl<'a> Round<'a> {
    /// Checks the request and computes what the criteria need.
    pub fn prepare(
        tournament: &'a Tournament,
        parameters: &'a PairingParameters,
        request: &'a Request,
    ) -> Result<Round<'a>, PairingError> {
        let round = request.round;
        if round == 0 || round > tournament.rounds {
            return Err(PairingError::Round {
                round,
                rounds: tournament.rounds,
            });
        }
        let index = player_index(tournament);
        let mut participants = Vec::with_capacity(request.participants.len());
        let mut seen = vec![false; tournament.players.len()];
        for id in &request.participants {
            let &player = index
                .get(id.as_str())
                .ok_or_else(|| PairingError::UnknownPlayer(id.clone()))?;
            if std::mem::replace(&mut seen[player], true) {
                return Err(PairingError::DuplicateParticipant(id.clone()));
            }
            participants.push(player);
        }
        let mut fixed_players = Vec::with_capacity(request.fixed.len() * 2);
        if !request.fixed.is_empty() && parameters.system == System::RoundRobin {
            return Err(PairingError::FixedInRoundRobin);
        }
        for id in request.fixed.iter().flat_map(|(a, b)| [a, b]) {
            let &player = index
                .get(id.as_str())
                .ok_or_else(|| PairingError::UnknownPlayer(id.clone()))?;
            if !seen[player] {
                return Err(PairingError::NotInRound(id.clone()));
            }
            if fixed_players.contains(&player) {
                return Err(PairingError::FixedTwice(id.clone()));
            }
            fixed_players.push(player);
        }
        let mut list = entrants::entrants(
            tournament,
            parameters,
            round,
            &participants,
            &tournament.category_limits,
        )?;
        let mut bye_seat = None;
        let bye = if parameters.system == System::RoundRobin {
            list.sort_by(|a, b| {
                let (first, second) =
                    (&tournament.players[a.player], &tournament.players[b.player]);
                second
                    .rank
                    .cmp(&first.rank)
                    .then(second.rating.cmp(&first.rating))
                    .then_with(|| first.id.cmp(&second.id))
            });
            let mut paired = vec![false; list.len()];
            for (a, b) in round_robin::pairs(list.len(), round) {
                paired[a] = true;
                paired[b] = true;
            }
            bye_seat = paired.iter().position(|&is_paired| !is_paired);
            bye_seat.map(|position| list.remove(position).player)
        } else if list.len() % 2 == 1 {
            bye::choose(tournament, &list, &fixed_players)
                .map(|position| list.remove(position).player)
        } else {
            None
        };
        let position = |player: usize| {
            list.iter()
                .position(|entrant| entrant.player == player)
                .ok_or_else(|| PairingError::NotInRound(tournament.players[player].id.clone()))
        };
        let fixed = fixed_players
            .chunks_exact(2)
            .map(|pair| Ok((position(pair[0])?, position(pair[1])?)))
            .collect::<Result<_, PairingError>>()?;
        Ok(Round {
            tournament,
            parameters,
            request,
            list,
            bye,
            bye_seat,
            fixed,
        })
    }

    fn criteria(&self) -> Criteria<'_> {
        Criteria::new(
            self.tournament,
            self.parameters,
            &self.list,
            self.tournament.category_limits.len() + 1,
            self.request.round,
            self.request.seed,
        )
    }

    /// The position in the pairing order of a player of the round (not the bye).
    fn position(&self, id: &str) -> Result<usize, PairingError> {
        self.list
            .iter()
            .position(|entrant| self.tournament.players[entrant.player].id == id)
            .ok_or_else(|| PairingError::NotInRound(id.to_string()))
    }

    /// The cost of pairing two players of the round (not the bye): what each criterion
    /// says of the pair, for explaining a pairing or judging a hand-made one.
    pub fn cost(&self, first: &str, second: &str) -> Result<Cost, PairingError> {
        Ok(self
            .criteria()
            .cost(self.position(first)?, self.position(second)?))
    }

    /// The table numbers of `games` (White's and Black's ids, a draft adjusted by hand),
    /// as [`Round::pair`] numbers its own: OpenGotha's "renumber tables by best score
    /// order".
    pub fn number_tables(&self, games: &[(&str, &str)]) -> Result<Vec<u32>, PairingError> {
        let pairs = games
            .iter()
            .map(|&(a, b)| Ok((self.position(a)?, self.position(b)?)))
            .collect::<Result<Vec<_>, PairingError>>()?;
        self.tables(&pairs)
    }

    /// Every possible opponent of `player` in this round with the cost of the pair, the
    /// most desirable first (ties by id): why the matching chose the opponent it chose.
    pub fn candidates(&self, player: &str) -> Result<Vec<Candidate>, PairingError> {
        let me = self.position(player)?;
        let criteria = self.criteria();
        let mut candidates: Vec<Candidate> = (0..self.list.len())
            .filter(|&other| other != me)
            .map(|other| Candidate {
                opponent: self.tournament.players[self.list[other].player].id.clone(),
                rematch: criteria.met(me, other),
                cost: criteria.cost(me, other),
            })
            .collect();
        candidates.sort_by(|a, b| {
            b.cost
                .total()
                .cmp(&a.cost.total())
                .then_with(|| a.opponent.cmp(&b.opponent))
        });
        Ok(candidates)
    }

    /// The pairing: a maximum-cost perfect matching (or the Berger table of a round
    /// robin), with handicaps, colours, komi and tables.
    pub fn pair(&self, parallelism: Parallelism) -> Result<Pairing, PairingError> {
        let tournament = self.tournament;
        let criteria = self.criteria();
        let pairs = if self.parameters.system == System::RoundRobin {
            let mut everyone: Vec<usize> = (0..self.list.len()).collect();
            if let Some(seat) = self.bye_seat {
                everyone.insert(seat, usize::MAX);
            }
            round_robin::pairs(everyone.len(), self.request.round)
                .into_iter()
                .filter_map(|(a, b)| {
                    let (a, b) = (everyone[a], everyone[b]);
                    (a != usize::MAX && b != usize::MAX).then_some((a, b))
                })
                .collect()
        } else {
            let mut fixed = vec![false; self.list.len()];
            for &(a, b) in &self.fixed {
                fixed[a] = true;
                fixed[b] = true;
            }
            let free: Vec<usize> = (0..self.list.len()).filter(|&a| !fixed[a]).collect();
            let mut pairs = best_pairs(&criteria, &self.list, &free, parallelism)?;
            pairs.extend(self.fixed.iter().copied());
            pairs
        };
        let coloured: Vec<(usize, usize)> = pairs
            .iter()
            .map(|&(a, b)| {
                let handicap = criteria.handicap(a, b);
                if colour_of_first(&criteria, &self.list, a, b, handicap) == Color::White {
                    (a, b)
                } else {
                    (b, a)
                }
            })
            .collect();
        let tables = self.tables(&coloured)?;
        let rules = tournament.rules.unwrap_or_default().rules();
        let mut games: Vec<PairedGame> = coloured
            .iter()
            .zip(tables)
            .map(|(&(white, black), table)| {
                let handicap = criteria.handicap(white, black);
                PairedGame {
                    table,
                    white: tournament.players[self.list[white].player].id.clone(),
                    black: tournament.players[self.list[black].player].id.clone(),
                    handicap,
                    komi: KomiPolicy::Fixed {
                        komi: tournament.komi,
                    }
                    .komi(&rules, handicap),
                    rematch: criteria.met(white, black),
                    cost: criteria.cost(white, black),
                }
            })
            .collect();
        games.sort_by_key(|game| game.table);
        Ok(Pairing {
            round: self.request.round,
            games,
            bye: self.bye.map(|player| tournament.players[player].id.clone()),
            opengotha: self.parameters.opengotha,
        })
    }

    /// The table of each game (White's and Black's positions in the list), see
    /// [`tables`]: the placement criteria are those of the round paired, before any of its
    /// games.
    fn tables(&self, pairs: &[(usize, usize)]) -> Result<Vec<u32>, PairingError> {
        let round = self.request.round;
        let mut before = self.tournament.clone();
        before.games.retain(|game| game.round < round);
        before.byes.retain(|bye| bye.round < round);
        let standings = standings::compute(&before, round)?;
        let index = player_index(self.tournament);
        let mut criteria = vec![Vec::new(); self.tournament.players.len()];
        for standing in standings {
            if let Some(&player) = index.get(standing.player.as_str()) {
                criteria[player] = standing.criteria;
            }
        }
        let seat = |position: usize| {
            let player = self.list[position].player;
            tables::Seat {
                criteria: &criteria[player],
                rating: entrants::rating(&self.tournament.players[player]),
                vertex: position,
            }
        };
        let games: Vec<_> = pairs.iter().map(|&(a, b)| (seat(a), seat(b))).collect();
        Ok(tables::number(&games, self.parameters.opengotha))
    }
}

fn player_index(tournament: &Tournament) -> HashMap<&str, usize> {
    tournament
        .players
        .iter()
        .enumerate()
        .map(|(position, player)| (player.id.as_str(), position))
        .collect()
}

/// The pairs (positions in pairing order) of a maximum-cost perfect matching of the
/// players at positions `free`, in OpenGotha's groups above 600 players ([`groups`]),
/// matched at once when `parallelism` allows (a 2,000-player round is five groups).
fn best_pairs(
    criteria: &Criteria,
    list: &[Entrant],
    free: &[usize],
    parallelism: Parallelism,
) -> Result<Vec<(usize, usize)>, PairingError> {
    let keys: Vec<(usize, i64)> = free
        .iter()
        .map(|&position| {
            let entrant = &list[position];
            (entrant.category, entrant.score.div_euclid(4))
        })
        .collect();
    let groups: Vec<Vec<usize>> = groups::split(&keys)
        .into_iter()
        .map(|group| group.into_iter().map(|index| free[index]).collect())
        .collect();
    let matched = parallelism.map(groups, |players| {
        group_pairs(criteria, &players, parallelism)
    });
    let mut pairs = Vec::with_capacity(free.len() / 2);
    for group in matched {
        pairs.extend(group?);
    }
    Ok(pairs)
}

/// The pairs of a maximum-cost perfect matching of the players at positions `players`.
fn group_pairs(
    criteria: &Criteria,
    players: &[usize],
    parallelism: Parallelism,
) -> Result<Vec<(usize, usize)>, PairingError> {
    let size = players.len();
    // The upper triangle, row by row (the graph copies it below the diagonal), shared
    // out: a 600-player group costs 180,000 pairs.
    let rows = parallelism.map((0..size).collect(), |a| {
        let mut row = vec![0; size];
        for b in a + 1..size {
            row[b] = criteria.cost(players[a], players[b]).total();
        }
        row
    });
    let graph = Graph::new(size, rows.concat())?;
    let mates = matching::paced_perfect_matching(&graph, &|| parallelism.pace())
        .ok_or(PairingError::Unmatched(size))?;
    Ok(mates
        .iter()
        .enumerate()
        .filter(|&(a, &b)| a < b)
        .map(|(a, &b)| (players[a], players[b]))
        .collect())
}

/// The colour of entrant `a` against `b`: with a handicap the stronger takes White;
/// in an even game the one who has had Black more often, and between equal histories
/// the deterministic draw of the pair decides.
fn colour_of_first(
    criteria: &Criteria,
    list: &[Entrant],
    a: usize,
    b: usize,
    handicap: u32,
) -> Color {
    let first_is_white = if handicap > 0 {
        criteria.pseudo_rank(a) > criteria.pseudo_rank(b)
    } else if list[a].colour_balance != list[b].colour_balance {
        list[a].colour_balance < list[b].colour_balance
    } else {
        criteria.draw(1, a, b, 0) == 0
    };
    if first_is_white {
        Color::White
    } else {
        Color::Black
    }
}
