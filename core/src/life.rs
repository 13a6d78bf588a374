//! Unconditional life: Benson's algorithm (D. B. Benson, "Life in the game of Go",
//! Information Sciences 10, 1976). A chain it finds alive cannot be captured even if
//! its owner passes every turn, so calling it dead (FFG rule 5 bis) is a mistake the
//! referee should hear about before the count.

use crate::board::Board;
use crate::point::{Color, Point};
use crate::region::Regions;

/// The stones of `color` that are unconditionally alive, in row-major order.
///
/// Benson: let X be the chains of `color` and R the regions enclosed by them (maximal
/// connected sets of points that are not `color`'s stones). A region is *vital* to a
/// chain when it has an empty point and every empty point of it is a liberty of that
/// chain. Repeat until nothing changes: drop the chains with fewer than two vital
/// regions left, then drop the regions that touch a dropped chain. The chains left are
/// unconditionally alive.
pub fn unconditionally_alive(board: &Board, color: Color) -> Vec<Point> {
    let chains = Regions::of(board, |content| content == Some(color));
    let enclosed = Regions::of(board, |content| content != Some(color));
    let borders: Vec<Vec<usize>> = (0..enclosed.members().len())
        .map(|region| enclosed.neighbours_in(board, region, &chains))
        .collect();
    let vital_to: Vec<Vec<usize>> = (0..enclosed.members().len())
        .map(|region| {
            let empty: Vec<Point> = enclosed.members()[region]
                .iter()
                .copied()
                .filter(|&point| board.get(point).is_none())
                .collect();
            if empty.is_empty() {
                return Vec::new();
            }
            borders[region]
                .iter()
                .copied()
                .filter(|&chain| {
                    empty.iter().all(|&point| {
                        board
                            .adjacent(point)
                            .any(|next| chains.region_of(board, next) == Some(chain))
                    })
                })
                .collect()
        })
        .collect();
    let mut chain_alive = vec![true; chains.members().len()];
    let mut region_kept = vec![true; enclosed.members().len()];
    loop {
        let mut changed = false;
        for (chain, alive) in chain_alive.iter_mut().enumerate() {
            let vital = (0..vital_to.len())
                .filter(|&region| region_kept[region] && vital_to[region].contains(&chain))
                .count();
            if *alive && vital < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (region, kept) in region_kept.iter_mut().enumerate() {
            if *kept && borders[region].iter().any(|&chain| !chain_alive[chain]) {
                *kept = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut stones: Vec<Point> = chains
        .members()
        .iter()
        .zip(&chain_alive)
        .filter(|(_, &alive)| alive)
        .flat_map(|(stones, _)| stones.iter().copied())
        .collect();
    stones.sort_unstable_by_key(|point| (point.y, point.x));
    stones
}
