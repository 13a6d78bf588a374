//! The blossom matching against a brute-force reference that tries every matching.

// Helpers outside #[test] functions: a failed unwrap there is a failed test too.
#![allow(clippy::unwrap_used)]

use arbitre_core::pairing::matching::{maximum_weight_matching, Graph, MatchingError, MAX_WEIGHT};
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
        let base = 500_000_000_000_000;
        let graph = graph(vertices, low.into_iter().map(|weight| base + weight).collect());
        let mates = maximum_weight_matching(&graph);
        let mut free = vec![true; graph.vertices()];
        prop_assert_eq!(total(&graph, &mates), best_total(&graph, &mut free));
        if vertices % 2 == 0 {
            prop_assert!(mates.iter().all(Option::is_some), "a complete positive graph is matched perfectly");
        }
    }
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
