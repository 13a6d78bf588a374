//! Table numbers, as OpenGotha 3.51 numbers them (`shared/docs/opengotha-pairing.md`;
//! its help says only that tables are "chosen according to availability"):
//!
//! each game is represented by its weaker player by the placement criteria evaluated at
//! the round being paired (scores before the round), or, on equal criteria, by the
//! higher-rated of the two; games are sorted by their representative's criteria, best
//! first, then its rating, higher first, then the engine's order (the lower vertex of
//! each pair). This reproduced the tables of all 971 rounds measured whose pairs were
//! OpenGotha's. OpenGotha 3.50 and older have no rating step: they keep the engine's
//! order on equal criteria.

use crate::standings::Score;
use std::cmp::{Ordering, Reverse};

/// One player of a game, as the table numbering sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat<'a> {
    /// Placement criteria at the round paired, in the tournament's order.
    pub criteria: &'a [Score],
    pub rating: i32,
    /// Vertex in the matching (the player order).
    pub vertex: usize,
}

/// Table numbers (from 1) for `games`; `by_rating` is false for OpenGotha 3.50 and older.
pub fn number(games: &[(Seat, Seat)], by_rating: bool) -> Vec<u32> {
    let mut order: Vec<usize> = (0..games.len()).collect();
    order.sort_by_key(|&game| {
        let (a, b) = &games[game];
        let weaker = representative(a, b, by_rating);
        (
            Reverse(weaker.criteria),
            Reverse(if by_rating { weaker.rating } else { 0 }),
            a.vertex.min(b.vertex),
        )
    });
    let mut tables = vec![0; games.len()];
    for (table, game) in (1u32..).zip(order) {
        tables[game] = table;
    }
    tables
}

/// The player a game is numbered by: the weaker one, or on equal criteria the
/// higher-rated one.
fn representative<'s, 'c>(a: &'s Seat<'c>, b: &'s Seat<'c>, by_rating: bool) -> &'s Seat<'c> {
    match a.criteria.cmp(b.criteria) {
        Ordering::Less => a,
        Ordering::Greater => b,
        Ordering::Equal if by_rating && b.rating > a.rating => b,
        Ordering::Equal => a,
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

    #[test]
    fn games_follow_their_weaker_player_then_rating_then_the_engine() {
        let points = |p: i64| vec![Score::from_quarters(4 * p)];
        let (ten, nine, eight) = (points(10), points(9), points(8));
        let games = [
            // The leader against an 8: represented by the 8.
            (seat(&ten, 2400, 0), seat(&eight, 1800, 5)),
            // Two 9s: represented by the higher-rated, 2000.
            (seat(&nine, 1900, 1), seat(&nine, 2000, 2)),
            // Two 9s again: 2100 goes first when ratings count.
            (seat(&nine, 2100, 3), seat(&nine, 1700, 4)),
        ];
        assert_eq!(number(&games, true), [3, 2, 1]);
        assert_eq!(number(&games, false), [3, 1, 2]);
    }
}
