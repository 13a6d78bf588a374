//! The tablet: which game a table's tablet shows.
//!
//! A tablet is signed in once for a table number of a tournament (issue 23) and follows
//! the rounds as they are published. A round's pairing is published as a whole, and a
//! round may be published while a game of the round before is still in play at the same
//! table (a late game): the tablet stays with that game until it has a result, then goes
//! on to the next round's.

/// A published round's pairing at one table: the round's number and whether the pairing
/// has its result (a finished game, or a result the staff entered).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableRound {
    pub round: u32,
    pub decided: bool,
}

/// The round whose game a table's tablet acts on: the earliest published round whose
/// pairing at the table has no result yet, else the latest (its finished game is shown
/// until the next round is published); `None` when no published round uses the table.
pub fn round_at_table(rounds: &[TableRound]) -> Option<u32> {
    let mut sorted = rounds.to_vec();
    sorted.sort_by_key(|entry| entry.round);
    sorted
        .iter()
        .find(|entry| !entry.decided)
        .or(sorted.last())
        .map(|entry| entry.round)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(round: u32, decided: bool) -> TableRound {
        TableRound { round, decided }
    }

    #[test]
    fn no_published_round_uses_the_table() {
        assert_eq!(round_at_table(&[]), None);
    }

    #[test]
    fn a_late_game_keeps_the_tablet_until_it_has_a_result() {
        assert_eq!(round_at_table(&[at(2, false), at(1, false)]), Some(1));
        assert_eq!(round_at_table(&[at(1, true), at(2, false)]), Some(2));
    }

    #[test]
    fn once_every_game_is_decided_the_latest_is_shown() {
        assert_eq!(
            round_at_table(&[at(1, true), at(3, true), at(2, true)]),
            Some(3)
        );
    }
}
