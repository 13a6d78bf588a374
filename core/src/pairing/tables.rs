//! Table numbers: OpenGotha numbers a round's tables from its best-placed players down,
//! so table 1 holds the best player of the round, table 2 the best of the others, and so on.

/// Table numbers (from 1) for games given as the pairing-order positions of their two
/// players: each game is ranked by its better-placed player.
pub fn number(games: &[(usize, usize)]) -> Vec<u32> {
    let mut order: Vec<usize> = (0..games.len()).collect();
    order.sort_by_key(|&game| games[game].0.min(games[game].1));
    let mut tables = vec![0; games.len()];
    for (table, game) in (1u32..).zip(order) {
        tables[game] = table;
    }
    tables
}
