//! Table numbers, as OpenGotha numbers them (`shared/docs/opengotha-pairing.md`, "Tables"
//! and "OpenGotha 3.52"; its help says only that tables are "chosen according to
//! availability"). Games start in the engine's order (by the lower vertex of each pair)
//! and are sorted by a representative player's placement criteria, evaluated at the round
//! being paired (scores before the round), best first:
//!
//! * up to 3.51, the representative is the game's weaker player, or, on equal criteria,
//!   the higher-rated. In 3.50 and older, games go by its criteria, ties in the engine's
//!   order. In 3.51, by its criteria, then its rating, higher first, and two games equal
//!   on both are ordered as Java's sort leaves them when its comparison answers "the
//!   other goes first" both ways ([`super::java_sort`]): the engine's order in a round of
//!   fewer than 32 games, and mostly in a longer one, where a merge of the sort's runs can
//!   put the later game first (round 2 of OpenGotha's `remote/20210108111429_TestMM500.xml`,
//!   250 games: four such pairs of tables). This reproduced the tables of all 1,895 rounds
//!   measured with the release line that wrote each file (the same sort applied to 3.50's
//!   comparison loses 101 rounds of 3.49 and 3.50 files: theirs is a stable order).
//! * in 3.52, the representative is the stronger player, on equal criteria the
//!   higher-rated, on equal rating White; games go by its criteria and rating, and two
//!   games equal on both are ordered as Java's sort leaves them when its comparison answers
//!   "the first asked goes first" both ways ([`super::java_sort`]): reversed in a round of
//!   fewer than 32 games, in a pattern of the sort's runs and merges in a longer one. This
//!   reproduced the tables of all 1,898 rounds measured with OpenGotha 3.52.03.

use super::java_sort;
use super::parameters::OpenGothaVersion;
use crate::standings::Score;
use std::cmp::{Ordering, Reverse};

/// One player of a game, as the table numbering sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat<'a> {
    /// Placement criteria at the round paired, in the tournament's order.
    pub criteria: &'a [Score],
    /// The rating as OpenGotha's pairing sees it ([`super::entrants::rating`]).
    pub rating: i32,
    /// Vertex in the matching (the player order).
    pub vertex: usize,
}

/// Table numbers (from 1) for `games`, each game's White seat first.
pub fn number(games: &[(Seat, Seat)], version: OpenGothaVersion) -> Vec<u32> {
    let mut order: Vec<usize> = (0..games.len()).collect();
    order.sort_by_key(|&game| games[game].0.vertex.min(games[game].1.vertex));
    match version {
        OpenGothaVersion::Until350 => {
            order.sort_by_key(|&game| {
                let (white, black) = &games[game];
                Reverse(weaker(white, black, false).criteria)
            });
        }
        OpenGothaVersion::V351 => {
            let key = |game: &usize| {
                let (white, black) = &games[*game];
                let weaker = weaker(white, black, true);
                (weaker.criteria, weaker.rating)
            };
            java_sort::sort(&mut order, |a, b| match key(b).cmp(&key(a)) {
                Ordering::Equal => Ordering::Greater,
                decided => decided,
            });
        }
        OpenGothaVersion::Since352 => {
            let key = |game: &usize| {
                let (white, black) = &games[*game];
                let stronger = stronger(white, black);
                (stronger.criteria, stronger.rating)
            };
            java_sort::sort(&mut order, |a, b| match key(b).cmp(&key(a)) {
                Ordering::Equal => Ordering::Less,
                decided => decided,
            });
        }
    }
    let mut tables = vec![0; games.len()];
    for (table, game) in (1u32..).zip(order) {
        tables[game] = table;
    }
    tables
}

/// The weaker player of a game, or on equal criteria the higher-rated one (the first
/// seat when ratings do not count or are equal).
fn weaker<'s, 'c>(a: &'s Seat<'c>, b: &'s Seat<'c>, by_rating: bool) -> &'s Seat<'c> {
    match a.criteria.cmp(b.criteria) {
        Ordering::Less => a,
        Ordering::Greater => b,
        Ordering::Equal if by_rating && b.rating > a.rating => b,
        Ordering::Equal => a,
    }
}

/// The stronger player of a game (`white`, `black`), on equal criteria the higher-rated,
/// on equal rating White.
fn stronger<'s, 'c>(white: &'s Seat<'c>, black: &'s Seat<'c>) -> &'s Seat<'c> {
    match (white.criteria, white.rating).cmp(&(black.criteria, black.rating)) {
        Ordering::Less => black,
        Ordering::Greater | Ordering::Equal => white,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(criteria: &[Score], rating: i32, vertex: usize) -> Seat<'_> {
        Seat {
            criteria,
            rating,
            vertex,
        }
    }

    fn points(p: i64) -> Vec<Score> {
        vec![Score::from_quarters(4 * p)]
    }

    #[test]
    fn up_to_351_games_follow_their_weaker_player_then_rating_then_the_engine() {
        let (ten, nine, eight) = (points(10), points(9), points(8));
        let games = [
            // The leader against an 8: represented by the 8.
            (seat(&ten, 2400, 0), seat(&eight, 1800, 5)),
            // Two 9s: represented by the higher-rated, 2000.
            (seat(&nine, 1900, 1), seat(&nine, 2000, 2)),
            // Two 9s again: 2100 goes first when ratings count.
            (seat(&nine, 2100, 3), seat(&nine, 1700, 4)),
        ];
        assert_eq!(number(&games, OpenGothaVersion::V351), [3, 2, 1]);
        assert_eq!(number(&games, OpenGothaVersion::Until350), [3, 1, 2]);
    }

    /// `shared/docs/opengotha-pairing.md`, "Tables: the stronger player represents the
    /// game": games 32–27 and 30–29 (McMahon scores): 3.52 gives the first table 1 (32 and
    /// 30 represent them), 3.51 the second (27 and 29).
    #[test]
    fn in_352_games_follow_their_stronger_player() {
        let (s32, s27, s30, s29) = (points(32), points(27), points(30), points(29));
        let games = [
            (seat(&s32, 0, 0), seat(&s27, 0, 3)),
            (seat(&s30, 0, 1), seat(&s29, 0, 2)),
        ];
        assert_eq!(number(&games, OpenGothaVersion::Since352), [1, 2]);
        assert_eq!(number(&games, OpenGothaVersion::V351), [2, 1]);
    }

    #[test]
    fn in_352_equal_games_of_a_short_round_come_in_reverse_engine_order() {
        let same = points(5);
        let games: Vec<(Seat, Seat)> = (0..4)
            .map(|game| (seat(&same, 2500, 2 * game), seat(&same, 2500, 2 * game + 1)))
            .collect();
        assert_eq!(number(&games, OpenGothaVersion::Since352), [4, 3, 2, 1]);
        assert_eq!(number(&games, OpenGothaVersion::V351), [1, 2, 3, 4]);
    }

    #[test]
    fn in_352_on_equal_criteria_the_higher_rated_then_white_represents() {
        let same = points(5);
        let games = [
            // Represented by the 2100 (Black).
            (seat(&same, 2000, 0), seat(&same, 2100, 1)),
            // Represented by the 2050s, White.
            (seat(&same, 2050, 2), seat(&same, 2050, 3)),
        ];
        assert_eq!(number(&games, OpenGothaVersion::Since352), [1, 2]);
    }
}
