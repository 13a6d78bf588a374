//! The cost of a pair: OpenGotha's weighted criteria ("Pairing settings" in its help, and
//! the weights it dumps per pair), base, main and secondary.
//!
//! A higher cost is a more desirable pair. Each criterion earns at most its weight; the
//! score difference, category and geography criteria follow OpenGotha's concave curve
//! `(1 − x)(1 + k·x)` of the normalized distance `x` (`k` is `paiStandardNX1Factor`).
//! Every value is computed in integers, as a fraction truncated once, the way OpenGotha
//! casts its costs to whole numbers.

use super::entrants::{Entrant, Groups, MainScore};
use super::handicap::{handicap, pseudo_rank};
use super::parameters::{
    DrawPosition, OpenGothaVersion, PairingParameters, Ratio, Seeding, System,
};
use crate::standings::Tournament;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// A pair's cost, criterion by criterion, with OpenGotha's dump names in the comments.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct Cost {
    /// `baseDuplicateGameCost`: earned when the two have not met yet.
    pub duplicate_game: i64,
    /// `baseRandomCost`.
    pub random: i64,
    /// `baseBWBalanceCost`.
    pub colour_balance: i64,
    /// `mainCategoryCost`.
    pub categories: i64,
    /// `mainScoreDiffCost`.
    pub score_difference: i64,
    /// `mainDUDDCost`.
    pub draw_up_down: i64,
    /// `mainSeedCost`.
    pub seeding: i64,
    /// `secHandiCost`.
    pub handicap: i64,
    /// `secGeoCost`.
    pub geography: i64,
}

impl Cost {
    /// Each criterion's part under the name OpenGotha's pairing settings give it (its
    /// help, "Pairing settings"), in the order of its evaluation function: the one list
    /// every explanation of a pair shows.
    pub fn terms(&self) -> [(&'static str, i64); 9] {
        // Destructured, so that a criterion added to `Cost` cannot be left out.
        let Cost {
            duplicate_game,
            random,
            colour_balance,
            categories,
            score_difference,
            draw_up_down,
            seeding,
            handicap,
            geography,
        } = *self;
        [
            (Criterion::Rematch.setting(), duplicate_game),
            ("Random", random),
            (Criterion::Colours.setting(), colour_balance),
            (Criterion::Category.setting(), categories),
            (Criterion::Score.setting(), score_difference),
            (Criterion::DrawUpDown.setting(), draw_up_down),
            (Criterion::Seeding.setting(), seeding),
            (Criterion::Handicap.setting(), handicap),
            (Criterion::Geography.setting(), geography),
        ]
    }

    /// `totalCost`: the criteria plus one, so that every pair is an edge of the graph.
    pub fn total(&self) -> i64 {
        self.terms()
            .into_iter()
            .fold(1i64, |total, (_, cost)| total.saturating_add(cost))
    }

    /// The pair in words, criterion by criterion: how far it meets each criterion the
    /// round weighs (a weight above zero; the random draw aside, which is no reason), in
    /// the order of OpenGotha's evaluation function. A criterion earns at most its
    /// weight: all of it is met fully, none of it not at all.
    pub fn in_words(&self, parameters: &PairingParameters) -> Vec<Reason> {
        let (base, main, secondary) = (&parameters.base, &parameters.main, &parameters.secondary);
        [
            (
                Criterion::Rematch,
                self.duplicate_game,
                base.avoid_duplicate_game,
            ),
            (
                Criterion::Colours,
                self.colour_balance,
                base.balance_white_black,
            ),
            (
                Criterion::Category,
                self.categories,
                main.avoid_mixing_categories,
            ),
            (
                Criterion::Score,
                self.score_difference,
                main.minimize_score_difference,
            ),
            (Criterion::DrawUpDown, self.draw_up_down, main.draw_up_down),
            (Criterion::Seeding, self.seeding, main.seeding),
            (
                Criterion::Handicap,
                self.handicap,
                secondary.minimize_handicap,
            ),
            (
                Criterion::Geography,
                self.geography,
                secondary.avoid_same_geography,
            ),
        ]
        .into_iter()
        .filter(|&(_, _, weight)| weight > 0)
        .map(|(criterion, cost, weight)| Reason {
            criterion,
            met: if cost >= weight {
                Met::Fully
            } else if cost <= 0 {
                Met::Not
            } else {
                Met::Partly
            },
        })
        .collect()
    }
}

/// A criterion of the pairing, as a director reads it; the API names it in snake case
/// (`draw_up_down`) so that a page writes it in its reader's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Criterion {
    Rematch,
    Colours,
    Category,
    Score,
    DrawUpDown,
    Seeding,
    Handicap,
    Geography,
}

impl Criterion {
    /// The criterion under the name OpenGotha's pairing settings give it.
    pub fn setting(self) -> &'static str {
        match self {
            Criterion::Rematch => "Avoid pairing same pair twice",
            Criterion::Colours => "Balance White and Black",
            Criterion::Category => "Avoid mixing categories",
            Criterion::Score => "Minimize score difference",
            Criterion::DrawUpDown => "Draw-up/draw-down",
            Criterion::Seeding => "Seeding system",
            Criterion::Handicap => "Minimize handicap",
            Criterion::Geography => "Avoid intra-country and intra-clubs/groups pairing",
        }
    }
}

/// How far a pair meets a criterion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Met {
    Fully,
    Partly,
    Not,
}

/// A pair's criterion and how far the pair meets it ([`Cost::in_words`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct Reason {
    pub criterion: Criterion,
    pub met: Met,
}

impl Reason {
    /// What the pair is, by this criterion, in a few words.
    pub fn words(&self) -> &'static str {
        use Criterion as C;
        use Met::{Fully, Not, Partly};
        match (self.criterion, self.met) {
            (C::Rematch, Not) => "a rematch",
            (C::Rematch, _) => "a first meeting",
            (C::Colours, Fully) => "colours balanced",
            (C::Colours, _) => "colours not balanced",
            (C::Category, Fully) => "the same category",
            (C::Category, Partly) => "neighbouring categories",
            (C::Category, Not) => "distant categories",
            (C::Score, Fully) => "the same score",
            (C::Score, Partly) => "close scores",
            (C::Score, Not) => "scores far apart",
            (C::DrawUpDown, Fully) => "no draw-up or draw-down",
            (C::DrawUpDown, _) => "a draw-up or draw-down",
            (C::Seeding, Fully) => "placed as the seeding system asks",
            (C::Seeding, Partly) => "near the seeding system's place",
            (C::Seeding, Not) => "away from the seeding system's place",
            (C::Handicap, Fully) => "the least handicap",
            (C::Handicap, Partly) => "some handicap",
            (C::Handicap, Not) => "a large handicap",
            (C::Geography, Fully) => "different clubs and countries",
            (C::Geography, Partly) => "a club, group or country in common, set apart",
            (C::Geography, Not) => "the same club or country",
        }
    }
}

/// Everything the cost of a pair needs, computed once per round.
pub struct Criteria<'a> {
    tournament: &'a Tournament,
    parameters: &'a PairingParameters,
    entrants: &'a [Entrant],
    /// The round's groups: their number is the scale of score differences and geography.
    groups: Groups,
    /// The McMahon score (whole points) each entrant has in the handicap criterion:
    /// their own, or the highest one when above a threshold.
    handicap_scores: Vec<i64>,
    categories: usize,
    seeding: Seeding,
    seed: u64,
    pseudo_ranks: Vec<i32>,
    /// What the deterministic random draws from each entrant's name ([`Criteria::draw`]).
    names: Vec<NameSums>,
    /// Each entrant's country and club, as numbers equal where the names are equal
    /// without regard to ASCII case.
    places: Vec<(usize, usize)>,
    /// The concave criteria, by distance: score difference, categories and handicap.
    score_curve: Curve,
    category_curve: Curve,
    handicap_curve: Curve,
}

/// A name (surname then first name, in UTF-16 units as OpenGotha hashes it), reduced to
/// what the draw of a pair needs: its place among the entrants' names (equal names, equal
/// places), its length, and the sums of its units unweighted and weighted by their
/// position from 1. Two names chained weigh the second's units from the first's length
/// on, so the pair's sum is `first.weighted + second.weighted + first.length ·
/// second.plain`: no pair walks the names again.
#[derive(Debug, Clone, Copy)]
struct NameSums {
    order: usize,
    length: u64,
    plain: u64,
    weighted: u64,
}

/// `weight · (1 − x)(1 + k·x)` for the distances from 0 to `range` ([`concave`]), computed
/// once per round: the pairs only look it up (a range is the number of score groups, a few
/// dozen; past [`Curve::TABLE`] distances the value is computed).
struct Curve {
    weight: i64,
    range: i128,
    k: Ratio,
    values: Vec<i64>,
}

impl Curve {
    const TABLE: i128 = 4096;

    fn new(weight: i64, range: i128, k: Ratio) -> Curve {
        Curve {
            weight,
            range,
            k,
            values: (0..=range.clamp(0, Curve::TABLE))
                .map(|distance| concave(weight, distance, range, k))
                .collect(),
        }
    }

    fn at(&self, distance: usize) -> i64 {
        match self.values.get(distance) {
            Some(&value) => value,
            None => concave(
                self.weight,
                i128::try_from(distance).unwrap_or(i128::MAX),
                self.range,
                self.k,
            ),
        }
    }
}

impl<'a> Criteria<'a> {
    pub fn new(
        tournament: &'a Tournament,
        parameters: &'a PairingParameters,
        entrants: &'a [Entrant],
        categories: usize,
        round: u32,
        seed: u64,
    ) -> Criteria<'a> {
        let secondary = &parameters.secondary;
        let pseudo_ranks = entrants
            .iter()
            .map(|entrant| {
                let player = &tournament.players[entrant.player];
                pseudo_rank(
                    &tournament.handicap,
                    &tournament.mcmahon,
                    player.rank,
                    entrant.mms,
                )
            })
            .collect();
        let main = MainScore::of(tournament);
        let groups = Groups::of(tournament, main, round, categories);
        let mcmahon = &tournament.mcmahon;
        let handicap_range = if main == MainScore::McMahon {
            i128::from(groups.count)
        } else {
            i128::from(mcmahon.bar.value() - mcmahon.floor.value()) + 3 + i128::from(round) - 1
        };
        let highest =
            i64::from(mcmahon.bar.value() - mcmahon.zero.value()) + 2 + i64::from(round) - 1;
        let handicap_scores = entrants
            .iter()
            .map(|entrant| {
                let player = &tournament.players[entrant.player];
                let rank = i64::from(player.rank.value());
                let held = player.rank.max(mcmahon.floor).min(mcmahon.bar);
                let start = held.value() + player.mms_correction;
                let above = 4 * rank + entrant.wins
                    >= 4 * i64::from(secondary.rank_threshold.value())
                    || if secondary.wins_threshold {
                        entrant.wins >= 2 * i64::from(tournament.rounds)
                    } else {
                        entrant.wins >= 4 * i64::from(tournament.rounds)
                    }
                    || secondary.bar_threshold && start >= mcmahon.bar.value();
                if above {
                    highest
                } else {
                    entrant.mms.div_euclid(4)
                }
            })
            .collect();
        let units: Vec<Vec<u16>> = entrants
            .iter()
            .map(|entrant| {
                let player = &tournament.players[entrant.player];
                format!("{}{}", player.surname, player.first_name)
                    .encode_utf16()
                    .collect()
            })
            .collect();
        let mut sorted: Vec<&Vec<u16>> = units.iter().collect();
        sorted.sort_unstable();
        sorted.dedup();
        let names = units
            .iter()
            .map(|name| NameSums {
                order: sorted.partition_point(|other| *other < name),
                length: name.len() as u64,
                plain: name.iter().map(|&unit| u64::from(unit)).sum(),
                weighted: name
                    .iter()
                    .zip(1u64..)
                    .map(|(&unit, position)| u64::from(unit) * position)
                    .sum(),
            })
            .collect();
        let mut numbers: HashMap<String, usize> = HashMap::new();
        let mut number = |name: &str| {
            let next = numbers.len();
            *numbers.entry(name.to_ascii_lowercase()).or_insert(next)
        };
        let places = entrants
            .iter()
            .map(|entrant| {
                let player = &tournament.players[entrant.player];
                (number(&player.country), number(&player.club))
            })
            .collect();
        let concavity = parameters.concavity;
        let score_curve = Curve::new(
            parameters.main.minimize_score_difference,
            i128::from(groups.count),
            concavity,
        );
        let category_curve = Curve::new(
            parameters.main.avoid_mixing_categories,
            categories.max(1) as i128,
            concavity,
        );
        let handicap_curve = Curve::new(secondary.minimize_handicap, handicap_range, concavity);
        Criteria {
            tournament,
            parameters,
            entrants,
            groups,
            handicap_scores,
            categories: categories.max(1),
            seeding: parameters.seeding_of(round).0,
            seed,
            pseudo_ranks,
            names,
            places,
            score_curve,
            category_curve,
            handicap_curve,
        }
    }

    /// The stones the game between entrants `a` and `b` would have.
    pub fn handicap(&self, a: usize, b: usize) -> u32 {
        handicap(
            &self.tournament.handicap,
            self.pseudo_ranks[a],
            self.pseudo_ranks[b],
        )
    }

    /// The pseudo-rank the handicap of entrant `a` is computed from.
    pub fn pseudo_rank(&self, a: usize) -> i32 {
        self.pseudo_ranks[a]
    }

    /// Whether `a` and `b` met in an earlier round.
    pub fn met(&self, a: usize, b: usize) -> bool {
        self.entrants[a]
            .opponents
            .contains(&self.entrants[b].player)
    }

    /// The cost of pairing entrants `a` and `b`, costed with the one first in the player
    /// order first (the random criteria are not symmetric).
    pub fn cost(&self, a: usize, b: usize) -> Cost {
        let (a, b) = (a.min(b), a.max(b));
        let (first, second) = (&self.entrants[a], &self.entrants[b]);
        let base = &self.parameters.base;
        let handicap = self.handicap(a, b);
        let categories =
            if self.categories > 1 && self.parameters.system == System::SwissWithCategories {
                self.category_curve
                    .at(first.category.abs_diff(second.category))
            } else {
                0
            };
        let (handicap_cost, geography) = self.secondary(a, b);
        Cost {
            duplicate_game: if self.met(a, b) {
                0
            } else {
                base.avoid_duplicate_game
            },
            random: if base.random > 0 {
                let salt = if base.deterministic { 0 } else { self.seed };
                self.draw(base.random, a, b, salt)
            } else {
                0
            },
            colour_balance: if handicap == 0 {
                colour_balance(
                    base.balance_white_black,
                    first.colour_balance,
                    second.colour_balance,
                )
            } else {
                0
            },
            categories,
            score_difference: if first.category == second.category {
                self.score_curve.at(first.group.abs_diff(second.group))
            } else {
                0
            },
            draw_up_down: self.draw_up_down(first, second),
            seeding: self.seeding(first, second, a, b),
            handicap: handicap_cost,
            geography,
        }
    }

    /// A number from 0 to `max` drawn from the two players' names (OpenGotha's
    /// deterministic random): the same pair always draws the same number, and the
    /// number depends on who comes first. OpenGotha 3.51 hashes the names in their
    /// order and draws the complement when it swapped them; 3.50 and older hash them in
    /// the player order (`a` first) as they are: the seeding costs OpenGotha 3.49.04 and
    /// 3.50 give the committed cases `mm349` and `mm350` differ from 3.51's just so.
    pub fn draw(&self, max: i64, a: usize, b: usize, salt: u64) -> i64 {
        let (mut first, mut second, mut inverse) = (&self.names[a], &self.names[b], false);
        if first.order > second.order && self.parameters.opengotha != OpenGothaVersion::Until350 {
            std::mem::swap(&mut first, &mut second);
            inverse = true;
        }
        let sum = first
            .weighted
            .wrapping_add(second.weighted)
            .wrapping_add(first.length.wrapping_mul(second.plain))
            .wrapping_add(salt);
        let modulus = u64::try_from(max).unwrap_or(0).saturating_add(1);
        let drawn = i64::try_from(sum.wrapping_mul(1_234_567) % modulus).unwrap_or(0);
        if inverse {
            max - drawn
        } else {
            drawn
        }
    }

    /// Seeding inside a group: how well the pair follows the round's seeding system.
    ///
    /// Split and fold and split and slip take from the weight its share
    /// `W·x/d·x/d`, evaluated left to right in integers, truncating at each step (`d` is
    /// the group size less one in fold, the group size in slip), so a fractional cost
    /// rounds up: 5,000,000 less a ninth is 4,444,445 in the dumps.
    fn seeding(&self, first: &Entrant, second: &Entrant, a: usize, b: usize) -> i64 {
        let weight = self.parameters.main.seeding;
        if first.group != second.group || weight == 0 {
            return 0;
        }
        let size = first.group_size as i128;
        let (place_1, place_2) = (first.place as i128, second.place as i128);
        match self.seeding {
            Seeding::SplitAndRandom => {
                if (2 * place_1 < size) != (2 * place_2 < size) {
                    weight - self.draw(weight / 5, a, b, 0)
                } else {
                    0
                }
            }
            Seeding::SplitAndFold => {
                if size < 2 {
                    return 0;
                }
                let distance = place_1 + place_2 - (size - 1);
                seeding_share(weight, distance, size - 1)
            }
            Seeding::SplitAndSlip => {
                let distance = 2 * (place_1 - place_2).abs() - size;
                seeding_share(weight, distance, size)
            }
        }
    }

    /// Draw-ups and draw-downs: a pair across groups earns two fifths of the weight, one
    /// fifth more for each player it draws back the other way (when compensating), one
    /// fifth less for each it draws the same way again; plus up to a tenth for each player
    /// by where they stand in their group (top, middle or bottom as the settings prefer).
    /// Players [`DRAW_REACH`] groups apart or more are not drawn to each other at all: the
    /// criterion earns nothing (its help, "Pairing evaluation function"; OpenGotha 3.52.03
    /// as 3.51.02). Between categories the cost is divided by (category gap + 1)⁴.
    fn draw_up_down(&self, first: &Entrant, second: &Entrant) -> i64 {
        let main = &self.parameters.main;
        let out_of_reach = first.group.abs_diff(second.group) >= DRAW_REACH;
        if first.group == second.group || main.draw_up_down == 0 || out_of_reach {
            return 0;
        }
        let (upper, lower) = if first.group < second.group {
            (first, second)
        } else {
            (second, first)
        };
        let mut scenario: i128 = 2;
        if upper.drawn_down > 0 {
            scenario -= 1;
        }
        if lower.drawn_up > 0 {
            scenario -= 1;
        }
        if main.compensate_draw_up_down {
            if scenario != 0 && upper.drawn_up > upper.drawn_down {
                scenario += 1;
            }
            if scenario != 0 && lower.drawn_down > lower.drawn_up {
                scenario += 1;
            }
        }
        let position = |entrant: &Entrant, mode: DrawPosition| -> i128 {
            let (place, size) = (entrant.place as i128, entrant.group_size as i128);
            match mode {
                DrawPosition::Top => size - 1 - place,
                DrawPosition::Middle => size - 1 - (2 * place - size + 1).abs(),
                DrawPosition::Bottom => place,
            }
        };
        let divisor = (first.category.abs_diff(second.category) as i64 + 1).pow(4);
        draw_shares(
            main.draw_up_down,
            scenario,
            (
                position(upper, main.draw_down_position),
                upper.group_size as i128,
            ),
            (
                position(lower, main.draw_up_position),
                lower.group_size as i128,
            ),
        ) / divisor
    }

    /// Handicap and geography, for every pair whatever the players' ranks, wins or start
    /// scores (OpenGotha 3.51.02 and 3.52.03 alike, measured on 1,898 rounds: 3.52's help
    /// says players above the secondary thresholds are spared them, its engine does not).
    ///
    /// The handicap criterion earns `W·(1 − x)(1 + k·x)` with `x` the gap of the two
    /// McMahon scores (whole points, a player above a threshold counting as the highest
    /// score) over its range; stones, ceiling and correction play no part.
    fn secondary(&self, a: usize, b: usize) -> (i64, i64) {
        let secondary = &self.parameters.secondary;
        let distance = self.handicap_scores[a].abs_diff(self.handicap_scores[b]);
        let handicap_cost = self
            .handicap_curve
            .at(usize::try_from(distance).unwrap_or(usize::MAX));
        let ((country_a, club_a), (country_b, club_b)) = (self.places[a], self.places[b]);
        let apart = |same: bool, gap: u32| if same { 0 } else { gap };
        let geography = geography(
            self.parameters.main.minimize_score_difference,
            secondary.avoid_same_geography,
            self.groups.count,
            self.parameters.concavity,
            apart(country_a == country_b, secondary.country_gap),
            apart(club_a == club_b, secondary.club_gap),
        );
        (handicap_cost, geography)
    }
}

/// What a pair earns for geography: `S − trunc(G·(1 − g)(1 + k·g))`, at most `G`, where
/// `S` is the score-difference weight, `G` the geography weight and `g` how far apart
/// the two players are: the larger of the country ratio `cf / R` (countries differ) and
/// the club ratio `1.2·kf / R` (clubs differ), each at most 1, plus half the smaller,
/// plus `0.5 / R` when not 0 (`R` the number of groups, `cf` and `kf` the gaps
/// `paiSePreferMMSDiffRatherThanSame…`, 0 for the places they share). Measured on
/// OpenGotha 3.51 (`shared/docs/opengotha-pairing.md`); no OpenGotha document gives it.
/// Computed in doubles, as OpenGotha does (`1.2·3` is not 3.6 there), then truncated.
/// With `G` much larger than `S` (Swiss with categories: 2·10^13 and 10^11) most pairs
/// cost less than nothing.
fn geography(
    score_weight: i64,
    weight: i64,
    groups: i64,
    concavity: Ratio,
    country: u32,
    club: u32,
) -> i64 {
    let groups = groups.max(1) as f64;
    let country = (f64::from(country) / groups).min(1.0);
    let club = (1.2 * f64::from(club) / groups).min(1.0);
    let mut g = country.max(club) + country.min(club) / 2.0;
    if g > 0.0 {
        g += 0.5 / groups;
    }
    let k = concavity.numerator as f64 / concavity.denominator.max(1) as f64;
    let kept = weight as f64 * (1.0 - g) * (1.0 + k * g);
    // `as` truncates toward zero and saturates, as Java's cast to long does.
    score_weight.saturating_sub(kept as i64).min(weight)
}

/// The group gap from which two players earn nothing for draw-ups and draw-downs: "if players have a group distance >= 4, set to 0" (its help), and its
/// dumps agree (a 1d at the bar and a 5k earn 0 before round 1, a 6k at 25½ points and an
/// 11k at 22 earn it whole before round 4).
const DRAW_REACH: usize = 4;

/// `weight · (1 − x)(1 + k·x)` with `x = distance / range` (at most 1), truncated.
fn concave(weight: i64, distance: i128, range: i128, k: Ratio) -> i64 {
    let range = range.max(1);
    let distance = distance.min(range);
    let (k_numerator, k_denominator) = (i128::from(k.numerator), i128::from(k.denominator).max(1));
    let numerator =
        i128::from(weight) * (range - distance) * (range * k_denominator + k_numerator * distance);
    narrow(numerator / (range * range * k_denominator))
}

/// OpenGotha's colour balance: the whole weight when one player has had more White and
/// the other more Black, half when one is even and the other off by two or more.
fn colour_balance(weight: i64, first: i32, second: i32) -> i64 {
    if first.signum() * second.signum() < 0 {
        weight
    } else if first == 0 && second.abs() >= 2 || second == 0 && first.abs() >= 2 {
        weight / 2
    } else {
        0
    }
}

/// The draw-up/down cost: a fifth of the weight per `scenario` step, plus each player's
/// tenth of it scaled by their `(position, group size)`, each share truncated on its own
/// as OpenGotha's dumps show (53,333,332 for two players in the middle of groups of
/// three: 40,000,000 + 6,666,666 + 6,666,666, not 53,333,333).
fn draw_shares(weight: i64, scenario: i128, upper: (i128, i128), lower: (i128, i128)) -> i64 {
    let weight = i128::from(weight);
    let share = |(position, size): (i128, i128)| weight * position / (10 * size.max(1));
    narrow(weight * 2 * scenario / 10 + share(upper) + share(lower))
}

/// The weight less `W·x/d·x/d`, truncated at each step (see [`Criteria::seeding`]).
fn seeding_share(weight: i64, distance: i128, divisor: i128) -> i64 {
    let weight = i128::from(weight);
    let divisor = divisor.max(1);
    narrow(weight - weight * distance / divisor * distance / divisor)
}

/// An `i128` cost back to `i64`, saturating: weights are `i64` and every criterion earns
/// at most its weight, so only absurd parameters saturate.
fn narrow(value: i128) -> i64 {
    i64::try_from(value).unwrap_or(if value < 0 { i64::MIN } else { i64::MAX })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HALF: Ratio = Ratio {
        numerator: 1,
        denominator: 2,
    };

    #[test]
    fn players_from_elsewhere_earn_the_score_lost_over_the_gap_and_more() {
        let score = 100_000_000_000;
        // Same country, different clubs (club gap 3), geography weighing as the score.
        assert_eq!(geography(score, score, 24, HALF, 0, 3), 10_000_868_056);
        assert_eq!(geography(score, score, 27, HALF, 0, 3), 8_745_541_839);
        // Different countries (gap 1) and clubs.
        assert_eq!(geography(score, score, 26, HALF, 1, 3), 10_411_242_604);
        assert_eq!(geography(score, score, 26, HALF, 0, 0), 0);
    }

    #[test]
    fn a_heavy_geography_weight_makes_the_cost_negative() {
        // Swiss with categories' defaults: the same club costs S − G, and players of
        // different clubs still cost less than nothing.
        let (score, geo) = (100_000_000_000, 20_000_000_000_000);
        assert_eq!(geography(score, geo, 15, HALF, 0, 0), score - geo);
        let apart = geography(score, geo, 15, HALF, 1, 3);
        assert!(apart < 0 && apart > score - geo, "{apart}");
        // The weight caps it.
        assert_eq!(geography(score, 0, 15, HALF, 1, 3), 0);
    }

    #[test]
    fn draw_up_down_shares_are_truncated_one_by_one() {
        assert_eq!(draw_shares(100_000_000, 2, (2, 3), (2, 3)), 53_333_332);
        assert_eq!(draw_shares(100_000_000, 2, (2, 3), (0, 1)), 46_666_666);
        assert_eq!(draw_shares(100_000_000, 1, (0, 2), (1, 2)), 25_000_000);
    }

    #[test]
    fn seeding_takes_the_share_truncated_step_by_step() {
        // Split and slip, places 0 and 2 of 3: x = 2·2 − 3 = 1, 5,000,000·1/3·1/3.
        assert_eq!(seeding_share(5_000_000, 1, 3), 4_444_445);
        assert_eq!(seeding_share(5_000_000, 0, 3), 5_000_000);
        assert_eq!(seeding_share(5_000_000, 2, 2), 0);
        // Left to right: 7·2/3 = 4, 4·2/3 = 2 (not 28/9 = 3).
        assert_eq!(seeding_share(7, 2, 3), 5);
        assert_eq!(seeding_share(7, -2, 3), 5);
    }

    #[test]
    fn the_score_difference_is_measured_in_groups() {
        // A 1d and a 5k before round 1 (bar 1d, floor 20k: 24 groups): five groups apart,
        // even when no player stands between them; (19/24)(1 + 5/48) of the weight.
        assert_eq!(concave(100_000_000_000, 5, 24, HALF), 87_413_194_444);
        assert_eq!(concave(100_000_000_000, 0, 24, HALF), 100_000_000_000);
        assert_eq!(concave(100_000_000_000, 40, 24, HALF), 0);
    }
}
