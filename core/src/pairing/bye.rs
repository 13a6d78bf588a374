//! The bye when the number of players is odd.
//!
//! OpenGotha gives the bye before pairing, to the player who has had the fewest byes,
//! then the lowest main score, then the lowest in the pairing order (placement criteria,
//! then the seeding's additional criterion): the bye goes to the weakest player who has
//! not had one.

use super::entrants::Entrant;

/// The position in `entrants` (in pairing order, best first) of the player given the bye;
/// the players of games the organizer fixed (`fixed`, player indices) are not candidates.
pub fn choose(entrants: &[Entrant], fixed: &[usize]) -> Option<usize> {
    entrants
        .iter()
        .enumerate()
        .filter(|(_, entrant)| !fixed.contains(&entrant.player))
        .min_by_key(|(position, entrant)| {
            (entrant.byes, entrant.score, std::cmp::Reverse(*position))
        })
        .map(|(position, _)| position)
}
