//! Table numbers. OpenGotha's help says only that tables are "chosen according to
//! availability"; the tables it recorded in pairgoth's test files show the order.
//!
//! * McMahon: game by game from the one whose weaker player stands best in the
//!   standings before the round (placement criteria, then names). In `simplemm`, round 1,
//!   3d against 3d (both 32 McMahon points) has table 2 and 6d against 3d (33 and 32)
//!   table 3, the 3d Lemoine standing after the 3d Lefebvre by name; in `notsimplemm`,
//!   round 4, 1d against 5k (32 and 26) comes before 7k against 1d (26 and 31), the 5k
//!   standing before the 7k on SOSM. Rounds 1 to 4 of the one and 1 to 5 of the other
//!   are numbered exactly so.
//! * Swiss: game by game from the one whose stronger player comes first in the pairing
//!   order (wins, placement criteria, then the seeding's additional order): round 1 of
//!   `simpleswiss` (everyone on 0 wins) numbers its tables by rating, 5d first, where the
//!   McMahon rule would have followed the names.

/// Where a player of a game stands: their standings row before the round and their
/// position in the pairing order (rows from 1, positions from 0).
#[derive(Debug, Clone, Copy)]
pub struct Standing {
    pub row: u32,
    pub position: usize,
}

/// Table numbers (from 1) for `games`, McMahon's way when `mcmahon` (see the module).
pub fn number(games: &[(Standing, Standing)], mcmahon: bool) -> Vec<u32> {
    let mut order: Vec<usize> = (0..games.len()).collect();
    order.sort_by_key(|&game| {
        let (a, b) = games[game];
        if mcmahon {
            a.row.max(b.row) as usize
        } else {
            a.position.min(b.position)
        }
    });
    let mut tables = vec![0; games.len()];
    for (table, game) in (1u32..).zip(order) {
        tables[game] = table;
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(rows: (u32, u32), positions: (usize, usize)) -> (Standing, Standing) {
        (
            Standing {
                row: rows.0,
                position: positions.0,
            },
            Standing {
                row: rows.1,
                position: positions.1,
            },
        )
    }

    #[test]
    fn mcmahon_tables_follow_the_weaker_player_swiss_tables_the_stronger() {
        // By standings rows, the leader against the 6th comes after the 2nd against the 3rd
        // and the 4th against the 5th; by pairing positions, first.
        let games = [
            game((1, 6), (0, 5)),
            game((2, 3), (1, 2)),
            game((4, 5), (3, 4)),
        ];
        assert_eq!(number(&games, true), [3, 1, 2]);
        assert_eq!(number(&games, false), [1, 2, 3]);
    }
}
