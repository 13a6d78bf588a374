//! A draft adjusted by hand before it is published, as OpenGotha's pair frame allows
//! ("Games Pair frame" in its help): exchange a game's colours, change a game's table
//! number ("if necessary, OpenGotha will automatically renumber the game previously
//! assigned to the target table"), renumber the tables "by best score order", and
//! exchange two players between their games. Every edit checks the draft first (one
//! game per table, one game per player) and leaves it untouched when refused.

use super::consistency::{self, Board, Inconsistency};
use std::fmt::Display;
use std::hash::Hash;

/// The highest table number a round may use, as the pairings' store accepts them.
pub const MAX_TABLE: u32 = 10_000;

/// A game of a draft, as the edits see it: whatever else it carries (names, handicap,
/// the cost of the pair) goes along with it.
pub trait Game {
    type Player: Eq + Hash + Clone + Display;
    fn table(&self) -> u32;
    fn set_table(&mut self, table: u32);
    fn white(&self) -> &Self::Player;
    fn black(&self) -> &Self::Player;
    /// The players change sides; handicap and komi stay with the table.
    fn swap_colours(&mut self);
}

/// Why an edit of a draft was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError<P: Display> {
    #[error("the draft has no table {0}")]
    NoTable(u32),
    #[error("table {table} is not a table number: choose one from 1 to {MAX_TABLE}")]
    TableOutOfRange { table: u32 },
    #[error("player {0} plays no game of the draft")]
    NotInDraft(P),
    #[error("choose two players of different tables")]
    SameTable,
    #[error("the numbers to give are {given} for {games} games")]
    Numbers { given: usize, games: usize },
    #[error(transparent)]
    Inconsistent(#[from] Inconsistency<P>),
}

/// Checks that the draft holds together: one game per table, one game per player.
pub fn check<G: Game>(games: &[G]) -> Result<(), EditError<G::Player>> {
    for game in games {
        if !(1..=MAX_TABLE).contains(&game.table()) {
            return Err(EditError::TableOutOfRange {
                table: game.table(),
            });
        }
    }
    let boards = games.iter().map(|game| Board {
        table: i64::from(game.table()),
        black: game.black(),
        white: game.white(),
    });
    consistency::check(boards, &[])?;
    Ok(())
}

fn position<G: Game>(games: &[G], table: u32) -> Result<usize, EditError<G::Player>> {
    games
        .iter()
        .position(|game| game.table() == table)
        .ok_or(EditError::NoTable(table))
}

/// Exchanges the colours of the game at `table`.
pub fn swap_colours<G: Game>(games: &mut [G], table: u32) -> Result<(), EditError<G::Player>> {
    check(games)?;
    let at = position(games, table)?;
    games[at].swap_colours();
    Ok(())
}

/// Moves the game at `from` to table `to`; the game that was there, if any, takes
/// `from`. The games stay listed by table number.
pub fn move_table<G: Game>(
    games: &mut [G],
    from: u32,
    to: u32,
) -> Result<(), EditError<G::Player>> {
    check(games)?;
    if !(1..=MAX_TABLE).contains(&to) {
        return Err(EditError::TableOutOfRange { table: to });
    }
    let moved = position(games, from)?;
    if let Some(there) = games.iter().position(|game| game.table() == to) {
        games[there].set_table(from);
    }
    games[moved].set_table(to);
    games.sort_by_key(Game::table);
    Ok(())
}

/// Gives the games the table numbers `numbers` (one per game, in the games' order: the
/// pairing's own numbering, [`super::Round::number_tables`]), then lists them by table.
pub fn renumber<G: Game>(games: &mut [G], numbers: &[u32]) -> Result<(), EditError<G::Player>> {
    check(games)?;
    if numbers.len() != games.len() {
        return Err(EditError::Numbers {
            given: numbers.len(),
            games: games.len(),
        });
    }
    let before: Vec<u32> = games.iter().map(Game::table).collect();
    for (game, &table) in games.iter_mut().zip(numbers) {
        game.set_table(table);
    }
    if let Err(error) = check(games) {
        for (game, table) in games.iter_mut().zip(before) {
            game.set_table(table);
        }
        return Err(error);
    }
    games.sort_by_key(Game::table);
    Ok(())
}

/// The two games to keep so that `first` and `second` take each other's place: each
/// plays the other's opponent (the engine then drafts the rest around them).
pub fn exchanged<G: Game>(
    games: &[G],
    first: &G::Player,
    second: &G::Player,
) -> Result<[[G::Player; 2]; 2], EditError<G::Player>> {
    check(games)?;
    let opponent = |player: &G::Player| {
        games
            .iter()
            .find_map(|game| {
                if game.white() == player {
                    Some(game.black().clone())
                } else if game.black() == player {
                    Some(game.white().clone())
                } else {
                    None
                }
            })
            .ok_or_else(|| EditError::NotInDraft(player.clone()))
    };
    let (of_first, of_second) = (opponent(first)?, opponent(second)?);
    if first == second || of_first == *second {
        return Err(EditError::SameTable);
    }
    Ok([[first.clone(), of_second], [second.clone(), of_first]])
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Table {
        table: u32,
        white: u32,
        black: u32,
        handicap: u32,
    }

    impl Game for Table {
        type Player = u32;
        fn table(&self) -> u32 {
            self.table
        }
        fn set_table(&mut self, table: u32) {
            self.table = table;
        }
        fn white(&self) -> &u32 {
            &self.white
        }
        fn black(&self) -> &u32 {
            &self.black
        }
        fn swap_colours(&mut self) {
            std::mem::swap(&mut self.white, &mut self.black);
        }
    }

    /// `n` games: table `t` has players `2t` (white) and `2t + 1` (black).
    fn draft(n: u32) -> Vec<Table> {
        (1..=n)
            .map(|table| Table {
                table,
                white: 2 * table,
                black: 2 * table + 1,
                handicap: table % 3,
            })
            .collect()
    }

    /// Who plays whom, whatever the tables: the pairs an edit of tables must keep.
    fn pairs(games: &[Table]) -> BTreeMap<u32, u32> {
        games.iter().map(|game| (game.white, game.black)).collect()
    }

    #[test]
    fn swapping_colours_swaps_the_players_of_that_table_only() {
        let mut games = draft(3);
        swap_colours(&mut games, 2).unwrap();
        assert_eq!(
            (games[1].white, games[1].black, games[1].handicap),
            (5, 4, 2)
        );
        assert_eq!(games[0], draft(3)[0]);
        assert_eq!(swap_colours(&mut games, 9), Err(EditError::NoTable(9)));
    }

    #[test]
    fn moving_to_a_taken_table_exchanges_the_two_tables() {
        let mut games = draft(4);
        move_table(&mut games, 4, 1).unwrap();
        let tables: Vec<(u32, u32)> = games.iter().map(|game| (game.table, game.white)).collect();
        assert_eq!(tables, [(1, 8), (2, 4), (3, 6), (4, 2)]);
    }

    #[test]
    fn moving_to_a_free_table_leaves_a_gap_and_keeps_the_list_in_order() {
        let mut games = draft(3);
        move_table(&mut games, 1, 12).unwrap();
        let tables: Vec<u32> = games.iter().map(|game| game.table).collect();
        assert_eq!(tables, [2, 3, 12]);
    }

    #[test]
    fn a_move_out_of_range_or_from_no_table_is_refused_and_changes_nothing() {
        let mut games = draft(3);
        assert_eq!(
            move_table(&mut games, 1, 0),
            Err(EditError::TableOutOfRange { table: 0 })
        );
        assert_eq!(
            move_table(&mut games, 1, MAX_TABLE + 1),
            Err(EditError::TableOutOfRange {
                table: MAX_TABLE + 1
            })
        );
        assert_eq!(move_table(&mut games, 7, 1), Err(EditError::NoTable(7)));
        assert_eq!(games, draft(3));
    }

    #[test]
    fn an_inconsistent_draft_is_refused_before_any_edit() {
        let mut twice = draft(3);
        twice[2].table = 1;
        assert!(matches!(
            move_table(&mut twice, 2, 3),
            Err(EditError::Inconsistent(Inconsistency::TableTaken {
                table: 1,
                ..
            }))
        ));
        let mut player_twice = draft(3);
        player_twice[1].black = 2;
        assert!(matches!(
            swap_colours(&mut player_twice, 1),
            Err(EditError::Inconsistent(Inconsistency::PlayerTwice {
                player: 2,
                ..
            }))
        ));
        assert_eq!(player_twice[0], draft(3)[0]);
    }

    #[test]
    fn renumbering_gives_the_numbers_and_sorts_by_them() {
        let mut games = draft(3);
        renumber(&mut games, &[3, 1, 2]).unwrap();
        let tables: Vec<(u32, u32)> = games.iter().map(|game| (game.table, game.white)).collect();
        assert_eq!(tables, [(1, 4), (2, 6), (3, 2)]);
    }

    #[test]
    fn renumbering_with_a_number_twice_or_too_few_changes_nothing() {
        let mut games = draft(3);
        assert!(matches!(
            renumber(&mut games, &[1, 1, 2]),
            Err(EditError::Inconsistent(Inconsistency::TableTaken {
                table: 1,
                ..
            }))
        ));
        assert_eq!(
            renumber(&mut games, &[1, 2]),
            Err(EditError::Numbers { given: 2, games: 3 })
        );
        assert_eq!(games, draft(3));
    }

    #[test]
    fn exchanging_two_players_gives_each_the_other_s_opponent() {
        let games = draft(3);
        assert_eq!(exchanged(&games, &2, &7).unwrap(), [[2, 6], [7, 3]]);
        assert_eq!(exchanged(&games, &2, &3), Err(EditError::SameTable));
        assert_eq!(exchanged(&games, &2, &2), Err(EditError::SameTable));
        assert_eq!(exchanged(&games, &2, &99), Err(EditError::NotInDraft(99)));
    }

    proptest! {
        /// Any sequence of moves keeps who plays whom, one game per table, the games in
        /// table order, and the set of players; each move puts its game where asked.
        #[test]
        fn moves_keep_the_pairs_and_the_tables_distinct(
            n in 1u32..12,
            moves in proptest::collection::vec((1u32..14, 1u32..14), 0..20),
        ) {
            let mut games = draft(n);
            let pairs_before = pairs(&games);
            for (from, to) in moves {
                let moved = games.iter().find(|game| game.table == from).map(|game| game.white);
                match move_table(&mut games, from, to) {
                    Ok(()) => {
                        let at = games.iter().find(|game| game.table == to).map(|game| game.white);
                        prop_assert_eq!(at, moved);
                    }
                    Err(error) => prop_assert_eq!(error, EditError::NoTable(from)),
                }
                prop_assert!(check(&games).is_ok());
                prop_assert!(games.windows(2).all(|two| two[0].table < two[1].table));
                prop_assert_eq!(&pairs(&games), &pairs_before);
            }
        }

        /// Renumbering with any permutation of 1..=n yields tables 1..=n in order and
        /// keeps every pair with the number it was given.
        #[test]
        fn renumbering_by_a_permutation_keeps_the_pairs(
            numbers in (1usize..12).prop_flat_map(|n| Just((1..=n as u32).collect::<Vec<_>>()).prop_shuffle()),
        ) {
            let n = numbers.len() as u32;
            let mut games = draft(n);
            let given: BTreeMap<u32, u32> = games.iter().map(|game| game.white).zip(numbers.iter().copied()).collect();
            renumber(&mut games, &numbers).unwrap();
            prop_assert_eq!(games.iter().map(|game| game.table).collect::<Vec<_>>(), (1..=n).collect::<Vec<_>>());
            for game in &games {
                prop_assert_eq!(given[&game.white], game.table);
            }
            prop_assert_eq!(pairs(&games), pairs(&draft(n)));
        }
    }
}
