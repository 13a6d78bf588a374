//! The bye when the number of players is odd.
//!
//! OpenGotha 3.51 gives the bye before pairing, to the player of lowest weight: rank
//! (30K = −30 … 9D = 8), plus twice the McMahon score before the round (even in a Swiss
//! tournament), plus 1,000 per bye already had; on equal weights, to the last of them in
//! the player order. This reproduced all 506 byes checked
//! (`shared/docs/opengotha-pairing.md`).

use super::entrants::Entrant;
use crate::standings::Tournament;

/// The position in `entrants` (in player order) of the player given the bye; the
/// players of games the organizer fixed (`fixed`, player indices) are not candidates.
pub fn choose(tournament: &Tournament, entrants: &[Entrant], fixed: &[usize]) -> Option<usize> {
    // In quarter points: 4·rank + 2·(4·MMS) + 4,000·byes.
    let weight = |entrant: &Entrant| {
        4 * i64::from(tournament.players[entrant.player].rank.value())
            + 2 * entrant.mms
            + 4000 * i64::from(entrant.byes)
    };
    entrants
        .iter()
        .enumerate()
        .filter(|(_, entrant)| !fixed.contains(&entrant.player))
        .min_by_key(|(position, entrant)| (weight(entrant), std::cmp::Reverse(*position)))
        .map(|(position, _)| position)
}
