//! A round's pairings hold together: one game per table, one game per player, and no
//! player both at a board and given the round's bye (a bye is that player's result for
//! the round). One check for every way a round's pairings come in: a draft published, a
//! table entered or corrected by hand, a whole round replaced.

use std::collections::HashSet;
use std::fmt::Display;
use std::hash::Hash;

/// One game of the round, as the check sees it: its table and its two players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board<P> {
    /// Wide enough for the table numbers of every caller (the store's are `i32`).
    pub table: i64,
    pub black: P,
    pub white: P,
}

/// Why a round's pairings do not hold together; `index` is the game's place in the list
/// checked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Inconsistency<P: Display> {
    #[error("table {table} has two games (game {index} of the list)")]
    TableTaken { table: i64, index: usize },
    #[error("player {player} is paired twice in this round (game {index} of the list)")]
    PlayerTwice { player: P, index: usize },
    #[error("player {player} has a bye in this round and cannot also play in it")]
    ByeAndGame { player: P },
}

impl<P: Display> Inconsistency<P> {
    /// The stable code of the refusal, the same whichever way the pairings came in.
    pub fn code(&self) -> &'static str {
        match self {
            Inconsistency::TableTaken { .. } => "pairing.table_taken",
            Inconsistency::PlayerTwice { .. } => "pairing.player_already_paired",
            Inconsistency::ByeAndGame { .. } => "pairing.player_has_bye",
        }
    }
}

/// Checks `boards` (the round's games) against each other and against `byes` (the
/// players given the round's bye); the first inconsistency found, in list order.
pub fn check<'a, P>(
    boards: impl IntoIterator<Item = Board<&'a P>>,
    byes: &[P],
) -> Result<(), Inconsistency<P>>
where
    P: Eq + Hash + Clone + Display + 'a,
{
    let mut tables = HashSet::new();
    let mut players = HashSet::new();
    for (index, board) in boards.into_iter().enumerate() {
        if !tables.insert(board.table) {
            return Err(Inconsistency::TableTaken {
                table: board.table,
                index,
            });
        }
        for player in [board.black, board.white] {
            if !players.insert(player) {
                return Err(Inconsistency::PlayerTwice {
                    player: player.clone(),
                    index,
                });
            }
            if byes.contains(player) {
                return Err(Inconsistency::ByeAndGame {
                    player: player.clone(),
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board<'a>(table: i64, black: &'a String, white: &'a String) -> Board<&'a String> {
        Board {
            table,
            black,
            white,
        }
    }

    #[test]
    fn a_round_holds_together_or_says_what_breaks_it() {
        let [a, b, c, d, e] = ["a", "b", "c", "d", "e"].map(String::from);
        assert_eq!(
            check(
                [board(1, &a, &b), board(2, &c, &d)],
                std::slice::from_ref(&e)
            ),
            Ok(())
        );
        let twice = check([board(1, &a, &b), board(1, &c, &d)], &[]).unwrap_err();
        assert_eq!(twice, Inconsistency::TableTaken { table: 1, index: 1 });
        assert_eq!(twice.code(), "pairing.table_taken");
        let player = check([board(1, &a, &b), board(2, &c, &a)], &[]).unwrap_err();
        assert_eq!(
            player,
            Inconsistency::PlayerTwice {
                player: a.clone(),
                index: 1
            }
        );
        assert_eq!(player.code(), "pairing.player_already_paired");
        let against_self = check([board(1, &a, &a)], &[]).unwrap_err();
        assert_eq!(against_self.code(), "pairing.player_already_paired");
        let bye = check(
            [board(1, &a, &b), board(2, &c, &d)],
            std::slice::from_ref(&d),
        )
        .unwrap_err();
        assert_eq!(bye, Inconsistency::ByeAndGame { player: d });
        assert_eq!(bye.code(), "pairing.player_has_bye");
    }
}
