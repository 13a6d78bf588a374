//! The blossom matching against a brute-force reference that tries every matching.

// Helpers outside #[test] functions: a failed unwrap there is a failed test too.
#![allow(clippy::unwrap_used)]

use arbitre_core::pairing::matching::{
    maximum_weight_matching, maximum_weight_perfect_matching, maximum_weight_perfect_matching_from,
    Graph, MatchingError, MAX_WEIGHT,
};
use proptest::prelude::*;

/// The largest total weight of any matching, by trying every choice for the lowest free
/// vertex: leave it free or match it along one of its edges.
fn best_total(graph: &Graph, free: &mut Vec<bool>) -> i64 {
    let Some(u) = free.iter().position(|&is_free| is_free) else {
        return 0;
    };
    free[u] = false;
    let mut best = best_total(graph, free);
    for v in u + 1..graph.vertices() {
        if free[v] && graph.weight(u, v) > 0 {
            free[v] = false;
            best = best.max(graph.weight(u, v) + best_total(graph, free));
            free[v] = true;
        }
    }
    free[u] = true;
    best
}

/// The largest total weight of a perfect matching, or `None` when there is none.
fn best_perfect_total(graph: &Graph, free: &mut Vec<bool>) -> Option<i64> {
    let Some(u) = free.iter().position(|&is_free| is_free) else {
        return Some(0);
    };
    free[u] = false;
    let mut best = None;
    for v in u + 1..graph.vertices() {
        if free[v] && graph.weight(u, v) > 0 {
            free[v] = false;
            if let Some(rest) = best_perfect_total(graph, free) {
                best = best.max(Some(graph.weight(u, v) + rest));
            }
            free[v] = true;
        }
    }
    free[u] = true;
    best
}

/// Checks a perfect matching (or its absence) against the brute-force best.
fn check_perfect(graph: &Graph, mates: Option<Vec<usize>>) -> Result<(), TestCaseError> {
    let mut free = vec![true; graph.vertices()];
    let best = best_perfect_total(graph, &mut free);
    prop_assert_eq!(mates.is_some(), best.is_some());
    if let Some(mates) = mates {
        let mates: Vec<Option<usize>> = mates.into_iter().map(Some).collect();
        prop_assert_eq!(Some(total(graph, &mates)), best);
    }
    Ok(())
}

/// A complete graph on an even number of vertices whose weights differ only far below a
/// large common part, as OpenGotha's do.
fn close_large(vertices: usize, low: Vec<i64>) -> Graph {
    let base = 500_000_000_000_000;
    graph(
        vertices,
        low.into_iter().map(|weight| base + weight).collect(),
    )
}

/// Checks that `mates` is a matching of `graph` along its edges and returns its weight.
fn total(graph: &Graph, mates: &[Option<usize>]) -> i64 {
    assert_eq!(mates.len(), graph.vertices());
    let mut sum = 0;
    for (u, mate) in mates.iter().enumerate() {
        if let Some(v) = *mate {
            assert_eq!(mates[v], Some(u), "{u} and {v} are not each other's mates");
            assert!(graph.weight(u, v) > 0, "{u}–{v} is not an edge");
            if u < v {
                sum += graph.weight(u, v);
            }
        }
    }
    sum
}

fn graph(vertices: usize, upper: Vec<i64>) -> Graph {
    let mut weights = vec![0; vertices * vertices];
    let mut entries = upper.into_iter();
    for u in 0..vertices {
        for v in u + 1..vertices {
            let weight = entries.next().unwrap_or(0);
            weights[u * vertices + v] = weight;
            weights[v * vertices + u] = weight;
        }
    }
    Graph::new(vertices, weights).unwrap()
}

fn graphs(max_weight: i64) -> impl Strategy<Value = Graph> {
    (0usize..=11).prop_flat_map(move |vertices| {
        let edges = vertices * vertices.saturating_sub(1) / 2;
        // A third of the pairs are not edges, so that sparse graphs are tried too.
        proptest::collection::vec(prop_oneof![1 => Just(0i64), 2 => 1..=max_weight], edges)
            .prop_map(move |upper| graph(vertices, upper))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn small_weights_reach_the_brute_force_maximum(graph in graphs(12)) {
        let mates = maximum_weight_matching(&graph);
        let mut free = vec![true; graph.vertices()];
        prop_assert_eq!(total(&graph, &mates), best_total(&graph, &mut free));
    }

    #[test]
    fn opengotha_sized_weights_reach_the_brute_force_maximum(graph in graphs(1_000_000_000_000_000)) {
        let mates = maximum_weight_matching(&graph);
        let mut free = vec![true; graph.vertices()];
        prop_assert_eq!(total(&graph, &mates), best_total(&graph, &mut free));
    }

    /// Weights that differ only far below a large common part, as OpenGotha's do.
    #[test]
    fn close_large_weights_reach_the_brute_force_maximum(
        vertices in 0usize..=11,
        low in proptest::collection::vec(0i64..1000, 55),
    ) {
        let graph = close_large(vertices, low);
        let mates = maximum_weight_matching(&graph);
        let mut free = vec![true; graph.vertices()];
        prop_assert_eq!(total(&graph, &mates), best_total(&graph, &mut free));
        if vertices % 2 == 0 {
            prop_assert!(mates.iter().all(Option::is_some), "a complete positive graph is matched perfectly");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// The perfect matching, started from fitted duals and a greedy matching, against the
    /// best perfect matching found by trying them all (or none when there is none).
    #[test]
    fn perfect_matchings_reach_the_brute_force_maximum(graph in graphs(12)) {
        check_perfect(&graph, maximum_weight_perfect_matching(&graph))?;
    }

    /// From a sparse graph of one or two candidates per vertex: the duals' check on the
    /// whole graph must bring in every edge the best matching needs.
    #[test]
    fn sparse_starts_reach_the_same_maximum(graph in graphs(1_000_000), keep in 1usize..=2) {
        check_perfect(&graph, maximum_weight_perfect_matching_from(&graph, keep))?;
    }

    #[test]
    fn perfect_matchings_of_close_large_weights_reach_the_brute_force_maximum(
        vertices in (0usize..=6).prop_map(|half| 2 * half),
        low in proptest::collection::vec(0i64..1000, 66),
        keep in prop_oneof![Just(1usize), Just(12)],
    ) {
        let complete = close_large(vertices, low);
        check_perfect(&complete, maximum_weight_perfect_matching_from(&complete, keep))?;
    }

    /// A few hubs whose every edge carries a bonus (as OpenGotha's colour balance makes
    /// some players everyone's heaviest edge): from one candidate per vertex, the first
    /// sparse graph is all hub edges, its duals are violated across the rest of the graph,
    /// and each wider search starts warm from the previous one's duals and mates.
    #[test]
    fn warm_restarts_around_hubs_reach_the_brute_force_maximum(
        vertices in (1usize..=6).prop_map(|half| 2 * half),
        hubs in proptest::collection::vec(any::<bool>(), 12),
        low in proptest::collection::vec(1i64..=40, 66),
        bonus in 1i64..=60,
    ) {
        let mut weights = vec![0; vertices * vertices];
        let mut entries = low.into_iter();
        for u in 0..vertices {
            for v in u + 1..vertices {
                let hub_bonus = if hubs[u] || hubs[v] { bonus } else { 0 };
                let weight = entries.next().unwrap_or(1) + hub_bonus;
                weights[u * vertices + v] = weight;
                weights[v * vertices + u] = weight;
            }
        }
        let graph = Graph::new(vertices, weights).unwrap();
        check_perfect(&graph, maximum_weight_perfect_matching_from(&graph, 1))?;
    }
}

#[test]
fn a_perfect_matching_may_have_to_take_a_light_edge() {
    // 0–1 (10) is the heaviest, but the only perfect matching is 0–2 (1) and 1–3 (1).
    let square = graph(4, vec![10, 1, 0, 0, 1, 0]);
    assert_eq!(
        maximum_weight_perfect_matching(&square),
        Some(vec![2, 3, 0, 1])
    );
    assert_eq!(
        maximum_weight_perfect_matching(&graph(3, vec![1, 1, 1])),
        None
    );
}

#[test]
fn a_triangle_takes_its_heaviest_edge() {
    let graph = graph(3, vec![5, 3, 4]);
    assert_eq!(
        maximum_weight_matching(&graph),
        vec![Some(1), Some(0), None]
    );
}

#[test]
fn a_heavy_middle_edge_can_lose_to_two_outer_ones() {
    // 0–1 (3), 1–2 (5), 2–3 (3): the two outer edges (6) beat the middle one (5).
    let graph = graph(4, vec![3, 0, 0, 5, 0, 3]);
    assert_eq!(
        maximum_weight_matching(&graph),
        vec![Some(1), Some(0), Some(3), Some(2)]
    );
}

#[test]
fn weights_out_of_range_are_refused() {
    let mut weights = vec![0; 4];
    weights[1] = MAX_WEIGHT + 1;
    assert_eq!(
        Graph::new(2, weights),
        Err(MatchingError::Weight {
            u: 0,
            v: 1,
            weight: MAX_WEIGHT + 1
        })
    );
    assert_eq!(
        Graph::new(3, vec![0; 4]),
        Err(MatchingError::Shape {
            len: 4,
            vertices: 3
        })
    );
    let mut negative = vec![0; 4];
    negative[1] = -1;
    assert!(Graph::new(2, negative).is_err());
}
