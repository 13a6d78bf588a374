//! The matching of a round: among all the ways to pair its players, the one of largest total
//! cost, found as OpenGotha finds it ("Pairing algorithm" in its help: Gabow's O(n³)
//! implementation of Edmonds' algorithm, [`gabow`]).
//!
//! Many pairings of a round often cost exactly the same (players of equal standing are
//! interchangeable to most criteria). Which of them OpenGotha plays depends on the order in
//! which its algorithm meets the players (vertex `i` is the `i`-th player of the pairing
//! order), so arbitre runs the same algorithm in the same order: its choice among tied
//! pairings is OpenGotha's.
//!
//! Costs are integers of either sign (geography makes most pairs' cost negative in Swiss
//! with categories). Everything stays an integer: the algorithm works with doubled weights
//! and halved slacks, and [`MAX_WEIGHT`] bounds the costs so that no dual overflows.

mod gabow;

use super::{Cancelled, Checkpoint};
use thiserror::Error;

/// The largest cost accepted, either sign: duals reach a few times the largest weight, and
/// must fit an `i64`.
pub const MAX_WEIGHT: i64 = 1 << 58;

/// Why a graph was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchingError {
    #[error("edge {u}–{v}: cost {weight} is outside -{max}..={max}", max = MAX_WEIGHT)]
    Weight { u: usize, v: usize, weight: i64 },
    #[error("a cost matrix of {len} entries is not square for {vertices} vertices")]
    Shape { len: usize, vertices: usize },
}

/// The costs of a complete graph on `vertices` vertices: a row-major square matrix, of which
/// the entries `u < v` are read (and copied over the others). Every pair is an edge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    vertices: usize,
    weights: Vec<i64>,
}

impl Graph {
    pub fn new(vertices: usize, mut weights: Vec<i64>) -> Result<Graph, MatchingError> {
        if vertices.checked_mul(vertices) != Some(weights.len()) {
            return Err(MatchingError::Shape {
                len: weights.len(),
                vertices,
            });
        }
        for u in 0..vertices {
            for v in u + 1..vertices {
                let weight = weights[u * vertices + v];
                if !(-MAX_WEIGHT..=MAX_WEIGHT).contains(&weight) {
                    return Err(MatchingError::Weight { u, v, weight });
                }
                weights[v * vertices + u] = weight;
            }
        }
        Ok(Graph { vertices, weights })
    }

    pub fn vertices(&self) -> usize {
        self.vertices
    }

    /// The cost of the edge between `u` and `v`.
    pub fn weight(&self, u: usize, v: usize) -> i64 {
        self.weights[u * self.vertices + v]
    }
}

/// Each vertex's mate in a matching of largest total cost, or `None` for a free vertex,
/// exactly as OpenGotha's matching returns it: a pair whose cost is not positive may be
/// left out, and among matchings of equal cost the one Gabow's algorithm meets first in
/// vertex order is returned.
pub fn maximum_weight_matching(graph: &Graph) -> Vec<Option<usize>> {
    // A checkpoint that always goes on: never cancelled.
    gabow::gabow_matching(graph.vertices, &graph.weights, &|| Ok(())).unwrap_or_default()
}

/// Each vertex's mate in a perfect matching of largest total cost (`None` when the number
/// of vertices is odd), ties broken as OpenGotha breaks them.
///
/// Every perfect matching has the same number of pairs, so adding one constant to every
/// cost changes none of their order; it does not change the algorithm's course either (the
/// slacks stay the same, only the point where a free vertex's dual would reach zero moves).
/// The costs are raised until the lowest is 1: then the matching of largest cost is
/// perfect, and it is the one OpenGotha returns wherever OpenGotha's is perfect.
pub fn maximum_weight_perfect_matching(graph: &Graph) -> Option<Vec<usize>> {
    // A checkpoint that always goes on: never cancelled.
    cancellable_perfect_matching(graph, &|| Ok(())).unwrap_or_default()
}

/// As [`maximum_weight_perfect_matching`], asking `checkpoint` before each stage of the
/// algorithm (one augmentation: at most a few hundred thousand steps on a 600-player
/// group) whether to go on. The matching is the same, or [`Cancelled`].
pub fn cancellable_perfect_matching(
    graph: &Graph,
    checkpoint: &Checkpoint<'_>,
) -> Result<Option<Vec<usize>>, Cancelled> {
    let n = graph.vertices;
    if !n.is_multiple_of(2) {
        return Ok(None);
    }
    let lowest = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| graph.weight(u, v)))
        .min()
        .unwrap_or(1);
    let mates = if lowest >= 1 {
        gabow::gabow_matching(n, &graph.weights, checkpoint)?
    } else {
        let raised: Vec<i64> = graph.weights.iter().map(|cost| cost + 1 - lowest).collect();
        gabow::gabow_matching(n, &raised, checkpoint)?
    };
    Ok(mates.into_iter().collect())
}
