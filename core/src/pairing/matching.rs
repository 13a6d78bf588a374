//! Maximum-weight matching on a general graph: Edmonds' blossom algorithm in its
//! primal–dual form (Galil, "Efficient algorithms for finding maximum matching in graphs",
//! ACM Computing Surveys 18, 1986), O(n³).
//!
//! OpenGotha pairs a round by giving every pair of players a cost and taking the matching
//! of largest total cost ("Pairing algorithm" in its help, after Gabow's O(n³) Edmonds).
//! Costs reach 10¹⁵, so everything is integer: duals are kept doubled so that they stay
//! whole, and the largest weight is bounded so that no sum overflows.
//!
//! On a complete graph whose weights are all positive, a maximum-weight matching is
//! perfect when the number of vertices is even: two free vertices could still be matched
//! to each other, adding weight. [`maximum_weight_perfect_matching`] asks for a perfect
//! matching outright, which frees the duals from staying equal on the free vertices: it
//! starts from duals fitted to each vertex's heaviest edge and a greedy matching of the
//! edges they make tight (as Kolmogorov's Blossom V does), so that only the vertices the
//! greedy pass left free need stages of the algorithm. Weights are doubled inside, and every
//! starting dual is even, so that all the vertices of an alternating tree keep one parity
//! and the halved slacks stay whole.

use std::collections::VecDeque;
use thiserror::Error;

/// The largest weight accepted: duals are four times the weights at most, and sums of
/// them must not overflow an `i64`.
pub const MAX_WEIGHT: i64 = 1 << 58;

/// Why a graph was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchingError {
    #[error("edge {u}–{v}: weight {weight} is outside 0..={max}", max = MAX_WEIGHT)]
    Weight { u: usize, v: usize, weight: i64 },
    #[error("a weight matrix of {len} entries is not square for {vertices} vertices")]
    Shape { len: usize, vertices: usize },
}

/// The weights of an undirected graph on `vertices` vertices: a row-major square matrix,
/// of which the entries `u < v` are read (and copied over the others). A weight of 0 is
/// no edge.
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
                if !(0..=MAX_WEIGHT).contains(&weight) {
                    return Err(MatchingError::Weight { u, v, weight });
                }
                // Both halves hold the weight: a vertex's edges are then one row, read in
                // order when its neighbours are scanned.
                weights[v * vertices + u] = weight;
            }
        }
        Ok(Graph { vertices, weights })
    }

    pub fn vertices(&self) -> usize {
        self.vertices
    }

    /// The weight of the edge between `u` and `v` (0: none).
    pub fn weight(&self, u: usize, v: usize) -> i64 {
        self.weights[u * self.vertices + v]
    }
}

/// Each vertex's mate in a matching of largest total weight, or `None` for a free vertex.
pub fn maximum_weight_matching(graph: &Graph) -> Vec<Option<usize>> {
    let neighbours = (0..graph.vertices)
        .map(|u| {
            (0..graph.vertices)
                .filter(|&v| v != u && graph.weight(u, v) > 0)
                .collect()
        })
        .collect();
    let mut blossoms = Blossoms::new(graph, neighbours, false);
    blossoms.run();
    blossoms.mates()
}

/// How many of its heaviest edges, and of its neighbours in vertex order, each vertex
/// keeps in the first sparse graph of [`maximum_weight_perfect_matching`].
const CANDIDATES: usize = 12;

/// How many of its most violated pairs each vertex brings into the next sparse graph.
/// Adding every violated pair makes the second graph dense and its search nearly cold
/// (at 2,000 players of `bench/pair.sh`, 73,000 pairs violated after the first search:
/// all of them, 0.59 s for the second search; each vertex's 24 worst, 34,000 pairs, 0.36 s
/// and two short searches after it, the whole matching a fifth faster).
const MOST_VIOLATED: usize = 24;

/// Each vertex's mate in a perfect matching of largest total weight (0-weight pairs are
/// not edges), or `None` when the graph has no perfect matching.
///
/// A pairing's best pairs are among each player's heaviest edges and its neighbours in
/// pairing order, so the matching is first found on that sparse graph; then the final
/// duals are checked against every edge of the whole graph. When they are feasible for
/// all of them, the matching is optimal for the whole graph (linear-programming duality,
/// the certificate Edmonds' algorithm produces); otherwise the edges they violate are
/// added (each vertex's [`MOST_VIOLATED`] worst) and the search runs again (a sparse graph
/// without a perfect matching widens).
pub fn maximum_weight_perfect_matching(graph: &Graph) -> Option<Vec<usize>> {
    maximum_weight_perfect_matching_from(graph, CANDIDATES)
}

/// [`maximum_weight_perfect_matching`] starting from a sparse graph of `keep` candidates
/// per vertex (at least 1); the result does not depend on `keep`, only the time taken.
pub fn maximum_weight_perfect_matching_from(graph: &Graph, keep: usize) -> Option<Vec<usize>> {
    let n = graph.vertices;
    let mut keep = keep.max(1);
    let mut added: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut start = None;
    // The first sparse graph and its width, computed again only when it widens.
    let mut sparse = (0, Vec::new());
    loop {
        let whole = 2 * keep >= n;
        let width = if whole { n } else { keep };
        if sparse.0 != width {
            sparse = (width, candidates(graph, width));
        }
        let neighbours = widened(&sparse.1, &added);
        let mut blossoms = Blossoms::new(graph, neighbours, true);
        blossoms.start_from(start.as_ref());
        blossoms.run();
        start = Some(blossoms.warm_state());
        let mates: Option<Vec<usize>> = blossoms.mates().into_iter().collect();
        match mates {
            Some(mates) => {
                let violated = blossoms.violated_edges();
                if violated.is_empty() {
                    return Some(mates);
                }
                add_most_violated(violated, &mut added);
            }
            None if whole => return None,
            None => keep *= 2,
        }
    }
}

/// Adds to `added` the violated edges (with how much each is violated) that are among the
/// [`MOST_VIOLATED`] worst of one of their ends.
fn add_most_violated(mut violated: Vec<(i64, usize, usize)>, added: &mut [Vec<usize>]) {
    violated.sort_unstable_by(|a, b| b.cmp(a));
    let mut taken = vec![0usize; added.len()];
    for (_, u, v) in violated {
        if taken[u] < MOST_VIOLATED || taken[v] < MOST_VIOLATED {
            taken[u] += 1;
            taken[v] += 1;
            added[u].push(v);
            added[v].push(u);
        }
    }
}

/// The sparse graph's neighbour lists with the `added` edges (kept symmetric).
fn widened(sparse: &[Vec<usize>], added: &[Vec<usize>]) -> Vec<Vec<usize>> {
    sparse
        .iter()
        .zip(added)
        .map(|(list, more)| {
            let mut list: Vec<usize> = list.iter().chain(more).copied().collect();
            list.sort_unstable();
            list.dedup();
            list
        })
        .collect()
}

/// Each vertex's neighbours in the sparse graph: its `keep` heaviest edges and the
/// vertices within `keep` of it in vertex order, made symmetric.
fn candidates(graph: &Graph, keep: usize) -> Vec<Vec<usize>> {
    let n = graph.vertices;
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut heaviest: Vec<(i64, usize)> = Vec::with_capacity(n);
    for u in 0..n {
        heaviest.clear();
        heaviest.extend(
            (0..n)
                .filter(|&v| v != u && graph.weight(u, v) > 0)
                .map(|v| (-graph.weight(u, v), v)),
        );
        if heaviest.len() > keep {
            heaviest.select_nth_unstable(keep);
            heaviest.truncate(keep);
        }
        let near = u.saturating_sub(keep)..(u + keep + 1).min(n);
        let chosen = heaviest
            .iter()
            .map(|&(_, v)| v)
            .chain(near.filter(|&v| v != u && graph.weight(u, v) > 0));
        for v in chosen.collect::<Vec<_>>() {
            neighbours[u].push(v);
            neighbours[v].push(u);
        }
    }
    for list in &mut neighbours {
        list.sort_unstable();
        list.dedup();
    }
    neighbours
}

/// Where a search on a wider sparse graph starts from: the previous search's final vertex
/// duals (twice the weights' scale, blossom duals folded into their vertices) and mates,
/// both indexed from 1 as inside [`Blossoms`].
struct Start {
    dual: Vec<i64>,
    mate: Vec<usize>,
}

/// A vertex's label in the alternating forest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    Free,
    Outer,
    Inner,
}

/// The algorithm's state. Vertices are `1..=n`, blossoms `n+1..=2n`; 0 is "none".
struct Blossoms<'a> {
    graph: &'a Graph,
    n: usize,
    /// One past the highest blossom index in use.
    used: usize,
    /// `edge[x * width + y]`: the original vertices `(u, v)`, `u` in `x`, `v` in `y`, of
    /// the tightest edge between the two (top-level) blossoms, or `(0, 0)`; read through
    /// [`Blossoms::edge`].
    edge: Vec<(u32, u32)>,
    /// When each blossom formed (a count; 0 for the vertices), for [`Blossoms::edge`].
    born: Vec<u64>,
    births: u64,
    width: usize,
    /// Each vertex's neighbours (from 1) in the graph searched.
    neighbours: Vec<Vec<usize>>,
    /// Twice the dual variable of each vertex and blossom.
    dual: Vec<i64>,
    mate: Vec<usize>,
    /// The vertex of an outer blossom giving `x` its smallest slack.
    slack: Vec<usize>,
    /// That slack when it was found, plus the rate it falls at (by `x`'s label) times the
    /// total dual change (`shift`) then: read back without touching the edge or the
    /// weights, which are far apart in memory (see [`Blossoms::current_slack`]).
    slack_key: Vec<i64>,
    /// The total of the dual changes of this search.
    shift: i64,
    /// The top-level blossom each vertex or blossom belongs to.
    top: Vec<usize>,
    parent: Vec<usize>,
    label: Vec<Label>,
    /// The root of the alternating tree a labelled top-level blossom belongs to.
    root: Vec<usize>,
    /// How many vertices are free (each the root of a tree).
    free: usize,
    visited: Vec<u64>,
    visit_stamp: u64,
    /// A blossom's sub-blossoms, in cycle order from its base.
    flower: Vec<Vec<usize>>,
    /// `flower_from[b * (n + 1) + v]`: the sub-blossom of `b` that holds vertex `v`.
    flower_from: Vec<u32>,
    queue: VecDeque<usize>,
    /// Looking for a perfect matching: duals may go below zero.
    perfect: bool,
}

impl<'a> Blossoms<'a> {
    /// The starting state, every vertex free; `perfect` looks for a perfect matching (the
    /// caller then starts it with [`Blossoms::start_from`]).
    fn new(graph: &'a Graph, neighbours: Vec<Vec<usize>>, perfect: bool) -> Blossoms<'a> {
        let n = graph.vertices;
        // Blossoms form a laminar family of odd sets, each merging at least three
        // top-level sets into one: at most (n − 1) / 2 live at once, and a blossom takes
        // the lowest free index, so they fit in n + 1 ..= n + n / 2.
        let width = n + n / 2 + 2;
        let mut edge = vec![(0, 0); width * width];
        let mut flower_from = vec![0; width * (n + 1)];
        let mut heaviest = 0;
        let mut from_one = vec![Vec::new()];
        for (u, list) in (1..=n).zip(neighbours) {
            flower_from[u * (n + 1) + u] = u as u32;
            for &v in &list {
                edge[u * width + v + 1] = (u as u32, v as u32 + 1);
                heaviest = heaviest.max(graph.weight(u - 1, v));
            }
            from_one.push(list.into_iter().map(|v| v + 1).collect());
        }
        let mut dual = vec![0; width];
        dual[1..=n].fill(2 * heaviest);
        Blossoms {
            graph,
            n,
            used: n,
            edge,
            width,
            neighbours: from_one,
            dual,
            mate: vec![0; width],
            slack: vec![0; width],
            slack_key: vec![0; width],
            born: vec![0; width],
            births: 0,
            shift: 0,
            top: (0..width).collect(),
            parent: vec![0; width],
            label: vec![Label::Free; width],
            root: vec![0; width],
            free: 0,
            visited: vec![0; width],
            visit_stamp: 0,
            flower: vec![Vec::new(); width],
            flower_from,
            queue: VecDeque::new(),
            perfect,
        }
    }

    /// The start of a search for a perfect matching: duals fitted to each vertex's
    /// heaviest edge, or, on a graph widened after a search, that search's duals and
    /// mates ([`Blossoms::warm_start`]); then the tight edges left, matched greedily.
    fn start_from(&mut self, start: Option<&Start>) {
        match start {
            Some(start) => self.warm_start(start),
            None => {
                for u in 1..=self.n {
                    self.dual[u] = self.neighbours[u]
                        .iter()
                        .map(|&v| 2 * self.graph.weight(u - 1, v - 1))
                        .max()
                        .unwrap_or(0);
                }
            }
        }
        self.match_greedily();
    }

    /// The previous search's duals made even and feasible for the widened graph, and its
    /// matched edges that stay tight: any even feasible duals and matching of tight edges
    /// are a valid start for the primal–dual search (a perfect matching puts no sign on
    /// the vertex duals), and these leave only the vertices near the new edges to search.
    fn warm_start(&mut self, start: &Start) {
        let n = self.n;
        self.dual[..=n].copy_from_slice(&start.dual);
        // Every dual even: an odd matched pair moves one unit from one end to the other
        // when the lowered end's other edges have room, so that their edge stays tight.
        for u in 1..=n {
            if self.dual[u] % 2 == 0 {
                continue;
            }
            let v = start.mate[u];
            if v > u && self.dual[v] % 2 != 0 {
                if self.least_slack(v, u) >= 1 {
                    self.dual[u] += 1;
                    self.dual[v] -= 1;
                } else if self.least_slack(u, v) >= 1 {
                    self.dual[u] -= 1;
                    self.dual[v] += 1;
                } else {
                    self.dual[u] += 1;
                    self.dual[v] += 1;
                }
            } else {
                self.dual[u] += 1;
            }
        }
        // Feasible on the new edges: each dual raised to the least that covers them.
        for u in 1..=n {
            if let Some(bound) = self.neighbours[u]
                .iter()
                .map(|&v| 4 * self.graph.weight(u - 1, v - 1) - self.dual[v])
                .max()
            {
                self.dual[u] = self.dual[u].max(bound);
            }
        }
        for u in 1..=n {
            let v = start.mate[u];
            if v != 0 && self.edge(u, v).0 != 0 && self.slack_of((u, v)) == 0 {
                self.mate[u] = v;
            }
        }
    }

    /// The least slack of `u`'s edges other than the one to `except`.
    fn least_slack(&self, u: usize, except: usize) -> i64 {
        self.neighbours[u]
            .iter()
            .filter(|&&v| v != except)
            .map(|&v| self.slack_of((u, v)))
            .min()
            .unwrap_or(i64::MAX)
    }

    /// The final vertex duals, each with half the dual of every blossom holding it (an
    /// edge inside a blossom stays covered, one leaving it more than covered), and mates.
    fn warm_state(&self) -> Start {
        let mut dual = self.dual[..=self.n].to_vec();
        let mut members = Vec::new();
        for blossom in self.n + 1..=self.used {
            if self.top[blossom] != 0 {
                members.clear();
                self.members(blossom, &mut members);
                for &u in &members {
                    dual[u] += self.dual[blossom] / 2;
                }
            }
        }
        Start {
            dual,
            mate: self.mate[..=self.n].to_vec(),
        }
    }

    /// Matches the free vertices greedily along tight edges.
    fn match_greedily(&mut self) {
        let n = self.n;
        // Each pass lowers the duals of the free vertices as far as feasibility lets them,
        // then matches free vertices joined by a tight edge; a lowered dual can make an
        // edge tight for a vertex of a later pass.
        for _ in 0..3 {
            for u in 1..=n {
                if self.mate[u] != 0 {
                    continue;
                }
                if let Some(bound) = self.neighbours[u]
                    .iter()
                    .map(|&v| 4 * self.graph.weight(u - 1, v - 1) - self.dual[v])
                    .max()
                {
                    self.dual[u] = bound;
                }
            }
            for u in 1..=n {
                if self.mate[u] != 0 {
                    continue;
                }
                let tight = self.neighbours[u]
                    .iter()
                    .copied()
                    .find(|&v| self.mate[v] == 0 && self.slack_of((u, v)) == 0);
                if let Some(v) = tight {
                    self.mate[u] = v;
                    self.mate[v] = u;
                }
            }
        }
    }

    fn mates(&self) -> Vec<Option<usize>> {
        (1..=self.n)
            .map(|vertex| match self.mate[vertex] {
                0 => None,
                mate => Some(mate - 1),
            })
            .collect()
    }

    /// The tightest edge between `x` and `y`, kept once, in the row of the younger of the
    /// two when one is a blossom: a blossom writes its own row when it forms (one pass
    /// over memory, not a column of writes), and `(x, y)` is `(y, x)` turned round.
    fn edge(&self, x: usize, y: usize) -> (usize, usize) {
        let (u, v) = if y > self.n && (x <= self.n || self.born[y] > self.born[x]) {
            let (v, u) = self.edge[y * self.width + x];
            (u, v)
        } else {
            self.edge[x * self.width + y]
        };
        (u as usize, v as usize)
    }

    fn set_edge(&mut self, x: usize, y: usize, ends: (usize, usize)) {
        self.edge[x * self.width + y] = (ends.0 as u32, ends.1 as u32);
    }

    /// Twice the slack of the edge `(u, v)` between two vertices.
    fn slack_of(&self, (u, v): (usize, usize)) -> i64 {
        self.dual[u] + self.dual[v] - 4 * self.graph.weight(u - 1, v - 1)
    }

    /// How fast a slack to an outer blossom falls as the duals change, by the label of
    /// the blossom at its other end: outer ones fall too, inner ones rise as much.
    fn rate(&self, x: usize) -> i64 {
        match self.label[x] {
            Label::Outer => 2,
            Label::Free => 1,
            Label::Inner => 0,
        }
    }

    /// The slack of `x`'s slack edge now: every change of `x`'s label resets its slack
    /// edge, and an edge whose outer end leaves its tree is refreshed
    /// ([`Blossoms::fresh_slack`]), so the rate has held since the key was set.
    fn current_slack(&self, x: usize) -> i64 {
        self.slack_key[x] - self.rate(x) * self.shift
    }

    fn update_slack(&mut self, u: usize, x: usize) {
        let slack = self.slack_of(self.edge(u, x));
        if self.slack[x] == 0 || self.slack[x] == u || slack < self.current_slack(x) {
            self.slack[x] = u;
            self.slack_key[x] = slack + self.rate(x) * self.shift;
        }
    }

    fn set_slack(&mut self, x: usize) {
        self.slack[x] = 0;
        let mut members = Vec::new();
        self.members(x, &mut members);
        for member in members {
            for index in 0..self.neighbours[member].len() {
                let u = self.neighbours[member][index];
                if self.top[u] != x && self.label[self.top[u]] == Label::Outer {
                    self.update_slack(u, x);
                }
            }
        }
    }

    /// The vertices of `x`: itself, or those of its sub-blossoms.
    fn members(&self, x: usize, into: &mut Vec<usize>) {
        if x <= self.n {
            into.push(x);
        } else {
            for &sub in &self.flower[x] {
                self.members(sub, into);
            }
        }
    }

    /// The edges of the whole graph whose final duals are not feasible, with how far
    /// short they fall: each edge's two vertex duals and the duals of the blossoms holding
    /// both must cover its weight.
    fn violated_edges(&self) -> Vec<(i64, usize, usize)> {
        let n = self.n;
        let mut parent = vec![0; self.used + 1];
        for blossom in n + 1..=self.used {
            if self.top[blossom] != 0 {
                for &sub in &self.flower[blossom] {
                    parent[sub] = blossom;
                }
            }
        }
        // Each vertex's enclosing blossoms, innermost first.
        let ancestors: Vec<Vec<usize>> = (0..=n)
            .map(|mut x| {
                let mut chain = Vec::new();
                while x != 0 && parent[x] != 0 {
                    x = parent[x];
                    chain.push(x);
                }
                chain
            })
            .collect();
        let mut violated = Vec::new();
        for u in 1..=n {
            for v in u + 1..=n {
                let weight = self.graph.weight(u - 1, v - 1);
                if weight == 0 {
                    continue;
                }
                let mut cover = self.dual[u] + self.dual[v];
                if self.top[u] == self.top[v] && self.top[u] > n {
                    // The blossoms holding both: the common outer end of the two chains.
                    cover += ancestors[u]
                        .iter()
                        .rev()
                        .zip(ancestors[v].iter().rev())
                        .take_while(|(mine, theirs)| mine == theirs)
                        .map(|(&blossom, _)| self.dual[blossom])
                        .sum::<i64>();
                }
                if cover < 4 * weight {
                    violated.push((4 * weight - cover, u - 1, v - 1));
                }
            }
        }
        violated
    }

    fn push(&mut self, x: usize) {
        if x <= self.n {
            self.queue.push_back(x);
        } else {
            for index in 0..self.flower[x].len() {
                self.push(self.flower[x][index]);
            }
        }
    }

    fn set_top(&mut self, x: usize, blossom: usize) {
        self.top[x] = blossom;
        if x > self.n {
            for index in 0..self.flower[x].len() {
                self.set_top(self.flower[x][index], blossom);
            }
        }
    }

    /// The position of sub-blossom `sub` in `blossom`'s cycle, the cycle turned so that
    /// the even path from the base reaches it.
    fn even_position(&mut self, blossom: usize, sub: usize) -> usize {
        let flower = &mut self.flower[blossom];
        let position = flower.iter().position(|&x| x == sub).unwrap_or(0);
        if position % 2 == 1 {
            flower[1..].reverse();
            flower.len() - position
        } else {
            position
        }
    }

    fn set_mate(&mut self, u: usize, v: usize) {
        let (inside, outside) = self.edge(u, v);
        self.mate[u] = outside;
        if u > self.n {
            let sub = self.flower_from[u * (self.n + 1) + inside] as usize;
            let position = self.even_position(u, sub);
            for index in 0..position {
                let (x, y) = (self.flower[u][index], self.flower[u][index ^ 1]);
                self.set_mate(x, y);
            }
            self.set_mate(sub, v);
            self.flower[u].rotate_left(position);
        }
    }

    fn augment(&mut self, mut u: usize, mut v: usize) {
        loop {
            let next = self.top[self.mate[u]];
            self.set_mate(u, v);
            if next == 0 {
                return;
            }
            let back = self.top[self.parent[next]];
            self.set_mate(next, back);
            u = back;
            v = next;
        }
    }

    fn lowest_common_ancestor(&mut self, mut u: usize, mut v: usize) -> usize {
        self.visit_stamp += 1;
        while u != 0 || v != 0 {
            if u != 0 {
                if self.visited[u] == self.visit_stamp {
                    return u;
                }
                self.visited[u] = self.visit_stamp;
                u = self.top[self.mate[u]];
                if u != 0 {
                    u = self.top[self.parent[u]];
                }
            }
            std::mem::swap(&mut u, &mut v);
        }
        0
    }

    fn add_blossom(&mut self, u: usize, ancestor: usize, v: usize) {
        let mut blossom = self.n + 1;
        while blossom <= self.used && self.top[blossom] != 0 {
            blossom += 1;
        }
        if blossom > self.used {
            self.used += 1;
        }
        self.dual[blossom] = 0;
        self.label[blossom] = Label::Outer;
        self.root[blossom] = self.root[ancestor];
        self.mate[blossom] = self.mate[ancestor];
        let mut flower = vec![ancestor];
        self.walk_to(u, ancestor, &mut flower);
        flower[1..].reverse();
        self.walk_to(v, ancestor, &mut flower);
        self.flower[blossom] = flower;
        self.set_top(blossom, blossom);
        self.births += 1;
        self.born[blossom] = self.births;
        for x in 1..=self.used {
            self.set_edge(blossom, x, (0, 0));
        }
        let row = blossom * (self.n + 1);
        self.flower_from[row..row + self.n + 1].fill(0);
        let mut members = Vec::new();
        for index in 0..self.flower[blossom].len() {
            let sub = self.flower[blossom][index];
            for x in 1..=self.used {
                let candidate = self.edge(sub, x);
                if candidate.0 != 0 {
                    let current = self.edge(blossom, x);
                    if current.0 == 0 || self.slack_of(candidate) < self.slack_of(current) {
                        self.set_edge(blossom, x, candidate);
                    }
                }
            }
            members.clear();
            self.members(sub, &mut members);
            for &vertex in &members {
                self.flower_from[row + vertex] = sub as u32;
            }
        }
        self.set_slack(blossom);
    }

    /// Appends the tree path from `x` up to `ancestor` (pairs of a blossom and its mate),
    /// queueing the inner ones, which become outer in the new blossom.
    fn walk_to(&mut self, mut x: usize, ancestor: usize, flower: &mut Vec<usize>) {
        while x != ancestor {
            let y = self.top[self.mate[x]];
            flower.push(x);
            flower.push(y);
            self.push(y);
            x = self.top[self.parent[y]];
        }
    }

    fn expand_blossom(&mut self, blossom: usize) {
        for index in 0..self.flower[blossom].len() {
            let sub = self.flower[blossom][index];
            self.set_top(sub, sub);
            self.root[sub] = self.root[blossom];
        }
        let entry = self.edge(blossom, self.parent[blossom]).0;
        let sub = self.flower_from[blossom * (self.n + 1) + entry] as usize;
        let position = self.even_position(blossom, sub);
        for index in (0..position).step_by(2) {
            let inner = self.flower[blossom][index];
            let outer = self.flower[blossom][index + 1];
            self.parent[inner] = self.edge(outer, inner).0;
            self.label[inner] = Label::Inner;
            self.label[outer] = Label::Outer;
            self.slack[inner] = 0;
            self.set_slack(outer);
            self.push(outer);
        }
        self.label[sub] = Label::Inner;
        self.parent[sub] = self.parent[blossom];
        for index in position + 1..self.flower[blossom].len() {
            let rest = self.flower[blossom][index];
            self.label[rest] = Label::Free;
            self.set_slack(rest);
        }
        self.top[blossom] = 0;
    }

    /// Grows the forest along the tight edge `(u, v)` from the outer vertex `u`: an
    /// unlabelled blossom joins `u`'s tree, an outer one of the same tree closes a blossom,
    /// an outer one of another tree gives an augmenting path, which is augmented.
    fn on_tight_edge(&mut self, (u, v): (usize, usize)) {
        let (top_u, top_v) = (self.top[u], self.top[v]);
        match self.label[top_v] {
            Label::Free => {
                self.parent[top_v] = u;
                self.label[top_v] = Label::Inner;
                let next = self.top[self.mate[top_v]];
                self.root[top_v] = self.root[top_u];
                self.root[next] = self.root[top_u];
                self.slack[top_v] = 0;
                self.slack[next] = 0;
                self.label[next] = Label::Outer;
                self.push(next);
            }
            Label::Outer => {
                let ancestor = self.lowest_common_ancestor(top_u, top_v);
                if ancestor == 0 {
                    let roots = (self.root[top_u], self.root[top_v]);
                    self.augment(top_u, top_v);
                    self.augment(top_v, top_u);
                    self.free -= 2;
                    self.dissolve(roots);
                } else {
                    self.add_blossom(top_u, ancestor, top_v);
                }
            }
            Label::Inner => {}
        }
    }

    /// Unlabels the two trees an augmentation went through, keeping the others: their
    /// edges stay tight and their duals feasible, so the search goes on with them instead
    /// of growing the whole forest again (several augmentations per stage, as in
    /// Kolmogorov's Blossom V). The slacks that pointed into the two trees are refreshed
    /// when next read ([`Blossoms::fresh_slack`]).
    fn dissolve(&mut self, roots: (usize, usize)) {
        let mut unlabelled = Vec::new();
        for x in 1..=self.used {
            if self.top[x] == x
                && self.label[x] != Label::Free
                && (self.root[x] == roots.0 || self.root[x] == roots.1)
            {
                self.label[x] = Label::Free;
                unlabelled.push(x);
            }
        }
        for x in unlabelled {
            self.set_slack(x);
        }
    }

    /// `x`'s slack vertex, recomputed when the tree it was in has been unlabelled.
    fn fresh_slack(&mut self, x: usize) -> usize {
        let u = self.slack[x];
        if u != 0 && self.label[self.top[u]] != Label::Outer {
            self.set_slack(x);
        }
        self.slack[x]
    }

    /// Grows alternating trees from every free vertex, adjusting the duals and augmenting,
    /// until every vertex is matched or no augmentation can add weight (or, looking for a
    /// perfect matching, none can be found).
    fn run(&mut self) {
        self.label[1..=self.used].fill(Label::Free);
        self.slack[1..=self.used].fill(0);
        self.queue.clear();
        self.free = 0;
        for x in 1..=self.used {
            if self.top[x] == x && self.mate[x] == 0 {
                self.parent[x] = 0;
                self.label[x] = Label::Outer;
                self.root[x] = x;
                self.free += 1;
                self.push(x);
            }
        }
        while self.free >= 2 {
            while let Some(u) = self.queue.pop_front() {
                for index in 0..self.neighbours[u].len() {
                    if self.label[self.top[u]] != Label::Outer {
                        break;
                    }
                    let v = self.neighbours[u][index];
                    let ends = self.edge(u, v);
                    if self.top[u] != self.top[v] {
                        if self.slack_of(ends) == 0 {
                            self.on_tight_edge(ends);
                            if self.free < 2 {
                                return;
                            }
                        } else {
                            self.update_slack(u, self.top[v]);
                        }
                    }
                }
            }
            let mut delta = i64::MAX;
            for blossom in self.n + 1..=self.used {
                if self.top[blossom] == blossom && self.label[blossom] == Label::Inner {
                    delta = delta.min(self.dual[blossom] / 2);
                }
            }
            for x in 1..=self.used {
                if self.top[x] == x && self.label[x] != Label::Inner && self.fresh_slack(x) != 0 {
                    let slack = self.current_slack(x);
                    debug_assert_eq!(slack, self.slack_of(self.edge(self.slack[x], x)));
                    match self.label[x] {
                        Label::Free => delta = delta.min(slack),
                        Label::Outer => delta = delta.min(slack / 2),
                        Label::Inner => {}
                    }
                }
            }
            if self.perfect {
                // Nothing bounds the change: no edge can ever join the trees, so the free
                // vertices cannot all be matched.
                if delta == i64::MAX {
                    return;
                }
            } else if (1..=self.n)
                .any(|u| self.label[self.top[u]] == Label::Outer && self.dual[u] <= delta)
            {
                // An outer vertex whose dual would reach zero: no augmentation adds weight.
                return;
            }
            for u in 1..=self.n {
                match self.label[self.top[u]] {
                    Label::Outer => self.dual[u] -= delta,
                    Label::Inner => self.dual[u] += delta,
                    Label::Free => {}
                }
            }
            for blossom in self.n + 1..=self.used {
                if self.top[blossom] == blossom {
                    match self.label[blossom] {
                        Label::Outer => self.dual[blossom] += 2 * delta,
                        Label::Inner => self.dual[blossom] -= 2 * delta,
                        Label::Free => {}
                    }
                }
            }
            self.shift += delta;
            self.queue.clear();
            for x in 1..=self.used {
                let u = self.slack[x];
                if self.top[x] == x
                    && u != 0
                    && self.label[x] != Label::Inner
                    && self.current_slack(x) == 0
                    && self.top[u] != x
                    && self.label[self.top[u]] == Label::Outer
                {
                    debug_assert_eq!(self.slack_of(self.edge(u, x)), 0);
                    self.on_tight_edge(self.edge(u, x));
                    if self.free < 2 {
                        return;
                    }
                }
            }
            for blossom in self.n + 1..=self.used {
                if self.top[blossom] == blossom
                    && self.label[blossom] == Label::Inner
                    && self.dual[blossom] == 0
                {
                    self.expand_blossom(blossom);
                }
            }
        }
    }
}
