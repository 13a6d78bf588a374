//! The matching: maximum against a brute-force reference that tries every matching, costs of
//! either sign; OpenGotha's choice among tied matchings (recorded from OpenGotha itself);
//! the same choice whatever the presentation of the same graph.

// Helpers outside #[test] functions: a failed unwrap there is a failed test too.
#![allow(clippy::unwrap_used)]

use arbitre_core::pairing::matching::{
    maximum_weight_matching, maximum_weight_perfect_matching, Graph, MatchingError, MAX_WEIGHT,
};
use proptest::prelude::*;

/// The reference: the largest total cost of any matching (`perfect`: of a perfect one, `None`
/// when there is none), by trying every choice for the lowest free vertex: leave it free
/// (unless the matching must be perfect) or match it to each other free vertex.
fn best_total(graph: &Graph, free: &mut Vec<bool>, perfect: bool) -> Option<i64> {
    let Some(u) = free.iter().position(|&is_free| is_free) else {
        return Some(0);
    };
    free[u] = false;
    let mut best = if perfect {
        None
    } else {
        best_total(graph, free, perfect)
    };
    for v in u + 1..graph.vertices() {
        if free[v] {
            free[v] = false;
            if let Some(rest) = best_total(graph, free, perfect) {
                best = best.max(Some(graph.weight(u, v) + rest));
            }
            free[v] = true;
        }
    }
    free[u] = true;
    best
}

/// The total cost of a matching, checked to be one (mates agree).
fn total(graph: &Graph, mates: &[Option<usize>]) -> i64 {
    let mut sum = 0;
    for (u, mate) in mates.iter().enumerate() {
        if let Some(v) = *mate {
            assert_eq!(mates[v], Some(u), "mates disagree");
            if u < v {
                sum += graph.weight(u, v);
            }
        }
    }
    sum
}

fn graph(vertices: usize, upper: &[i64]) -> Graph {
    let mut weights = vec![0; vertices * vertices];
    let mut costs = upper.iter();
    for u in 0..vertices {
        for v in u + 1..vertices {
            weights[u * vertices + v] = *costs.next().unwrap();
        }
    }
    Graph::new(vertices, weights).unwrap()
}

/// A complete graph on 2..=max vertices whose costs are drawn from `costs`.
fn graphs(max: usize, costs: std::ops::RangeInclusive<i64>) -> impl Strategy<Value = Graph> {
    (2..=max).prop_flat_map(move |vertices| {
        proptest::collection::vec(costs.clone(), vertices * (vertices - 1) / 2)
            .prop_map(move |upper| graph(vertices, &upper))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The matching has the largest total cost, negative costs included (a pair of negative
    /// cost is better left out).
    #[test]
    fn maximum_against_brute_force(graph in graphs(9, -6..=6)) {
        let mates = maximum_weight_matching(&graph);
        let mut free = vec![true; graph.vertices()];
        prop_assert_eq!(Some(total(&graph, &mates)), best_total(&graph, &mut free, false));
    }

    /// The perfect matching has the largest total cost among perfect matchings, whatever the
    /// sign of the costs, and exists exactly when the number of vertices is even.
    #[test]
    fn perfect_maximum_against_brute_force(
        graph in graphs(10, -MAX_WEIGHT / 4..=MAX_WEIGHT / 4),
        few in graphs(10, -3..=2),
    ) {
        for graph in [graph, few] {
            let mut free = vec![true; graph.vertices()];
            let best = best_total(&graph, &mut free, true);
            let mates = maximum_weight_perfect_matching(&graph);
            prop_assert_eq!(mates.is_some(), graph.vertices().is_multiple_of(2));
            prop_assert_eq!(mates.is_some(), best.is_some());
            if let Some(mates) = mates {
                let mates: Vec<Option<usize>> = mates.into_iter().map(Some).collect();
                prop_assert_eq!(Some(total(&graph, &mates)), best);
            }
        }
    }

    /// Among tied matchings the choice depends on the costs and the vertex numbering only:
    /// the same graph given by its upper triangle, its lower one, or a full matrix whose
    /// entries are written in any order gives the same pairs.
    #[test]
    fn ties_broken_the_same_whatever_the_presentation(
        graph in graphs(14, 1..=3),
        order in Just(()).prop_perturb(|_, mut rng| rng.random::<u64>()),
    ) {
        let n = graph.vertices();
        let expected = maximum_weight_perfect_matching(&graph);
        let mut pairs: Vec<(usize, usize)> =
            (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
        // A deterministic shuffle of the order the entries are written in.
        let mut state = order | 1;
        for i in (1..pairs.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pairs.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let mut full = vec![0; n * n];
        let mut lower = vec![0; n * n];
        for &(u, v) in &pairs {
            full[u * n + v] = graph.weight(u, v);
            full[v * n + u] = graph.weight(u, v);
            lower[v * n + u] = graph.weight(u, v);
        }
        let transposed: Vec<i64> = (0..n * n).map(|i| lower[(i % n) * n + i / n]).collect();
        prop_assert_eq!(maximum_weight_perfect_matching(&Graph::new(n, full).unwrap()), expected.clone());
        prop_assert_eq!(maximum_weight_perfect_matching(&Graph::new(n, transposed).unwrap()), expected);
    }
}

/// OpenGotha's own matching on graphs full of ties (`data/opengotha_ties.txt`): arbitre
/// returns exactly its mates, free vertices included.
#[test]
fn ties_broken_as_opengotha_breaks_them() {
    let data = include_str!("data/opengotha_ties.txt");
    let mut cases = 0;
    for line in data.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let n: usize = fields[0].parse().unwrap();
        let upper: Vec<i64> = fields[1].split(' ').map(|x| x.parse().unwrap()).collect();
        let expected: Vec<Option<usize>> = fields[2]
            .split(' ')
            .map(|x| x.parse::<usize>().unwrap().checked_sub(1))
            .collect();
        assert_eq!(
            maximum_weight_matching(&graph(n, &upper)),
            expected,
            "{line}"
        );
        cases += 1;
    }
    assert_eq!(cases, 64);
}

/// Four and six players all alike: OpenGotha pairs 1–3 and 2–4, then 1–5, 2–4 and 3–6.
#[test]
fn equal_costs_pair_as_opengotha() {
    let four = graph(4, &[1; 6]);
    assert_eq!(
        maximum_weight_perfect_matching(&four),
        Some(vec![2, 3, 0, 1])
    );
    let six = graph(6, &[1; 15]);
    assert_eq!(
        maximum_weight_perfect_matching(&six),
        Some(vec![4, 3, 5, 1, 0, 2])
    );
}

#[test]
fn odd_and_tiny_graphs() {
    assert_eq!(maximum_weight_perfect_matching(&graph(3, &[1, 1, 1])), None);
    assert_eq!(
        maximum_weight_perfect_matching(&graph(0, &[])),
        Some(vec![])
    );
    assert_eq!(
        maximum_weight_perfect_matching(&graph(2, &[-5])),
        Some(vec![1, 0])
    );
    assert_eq!(maximum_weight_matching(&graph(2, &[-5])), vec![None, None]);
    assert_eq!(maximum_weight_matching(&graph(1, &[])), vec![None]);
}

#[test]
fn out_of_range_costs_and_shapes_are_refused() {
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
    let mut weights = vec![0; 4];
    weights[1] = -MAX_WEIGHT - 1;
    assert!(Graph::new(2, weights).is_err());
    assert_eq!(
        Graph::new(3, vec![0; 4]),
        Err(MatchingError::Shape {
            len: 4,
            vertices: 3
        })
    );
}
