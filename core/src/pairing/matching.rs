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
//! to each other, adding weight.

use std::collections::VecDeque;
use thiserror::Error;

/// The largest weight accepted: duals are doubled weights, and a dual plus a dual minus
/// twice a weight must not overflow an `i64`.
pub const MAX_WEIGHT: i64 = 1 << 60;

/// Why a graph was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchingError {
    #[error("edge {u}–{v}: weight {weight} is outside 0..={max}", max = MAX_WEIGHT)]
    Weight { u: usize, v: usize, weight: i64 },
    #[error("a weight matrix of {len} entries is not square for {vertices} vertices")]
    Shape { len: usize, vertices: usize },
}

/// The weights of an undirected graph on `vertices` vertices: a row-major square matrix,
/// of which the entries `u < v` are read. A weight of 0 is no edge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    vertices: usize,
    weights: Vec<i64>,
}

impl Graph {
    pub fn new(vertices: usize, weights: Vec<i64>) -> Result<Graph, MatchingError> {
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
            }
        }
        Ok(Graph { vertices, weights })
    }

    pub fn vertices(&self) -> usize {
        self.vertices
    }

    /// The weight of the edge between `u` and `v` (0: none).
    pub fn weight(&self, u: usize, v: usize) -> i64 {
        let (low, high) = if u < v { (u, v) } else { (v, u) };
        self.weights[low * self.vertices + high]
    }
}

/// Each vertex's mate in a matching of largest total weight, or `None` for a free vertex.
pub fn maximum_weight_matching(graph: &Graph) -> Vec<Option<usize>> {
    let mut blossoms = Blossoms::new(graph);
    while blossoms.augment_once() {}
    (1..=graph.vertices)
        .map(|vertex| match blossoms.mate[vertex] {
            0 => None,
            mate => Some(mate - 1),
        })
        .collect()
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
    /// the tightest edge between the two (top-level) blossoms, or `(0, 0)`.
    edge: Vec<(u32, u32)>,
    width: usize,
    /// Twice the dual variable of each vertex and blossom.
    dual: Vec<i64>,
    mate: Vec<usize>,
    /// The vertex of an outer blossom giving `x` its smallest slack.
    slack: Vec<usize>,
    /// The top-level blossom each vertex or blossom belongs to.
    top: Vec<usize>,
    parent: Vec<usize>,
    label: Vec<Label>,
    visited: Vec<u64>,
    visit_stamp: u64,
    /// A blossom's sub-blossoms, in cycle order from its base.
    flower: Vec<Vec<usize>>,
    /// `flower_from[b * (n + 1) + v]`: the sub-blossom of `b` that holds vertex `v`.
    flower_from: Vec<u32>,
    queue: VecDeque<usize>,
}

impl<'a> Blossoms<'a> {
    fn new(graph: &'a Graph) -> Blossoms<'a> {
        let n = graph.vertices;
        let width = 2 * n + 1;
        let mut edge = vec![(0, 0); width * width];
        let mut flower_from = vec![0; width * (n + 1)];
        let mut heaviest = 0;
        for u in 1..=n {
            flower_from[u * (n + 1) + u] = u as u32;
            for v in 1..=n {
                if u != v && graph.weight(u - 1, v - 1) > 0 {
                    edge[u * width + v] = (u as u32, v as u32);
                    heaviest = heaviest.max(graph.weight(u - 1, v - 1));
                }
            }
        }
        let mut dual = vec![0; width];
        dual[1..=n].fill(heaviest);
        Blossoms {
            graph,
            n,
            used: n,
            edge,
            width,
            dual,
            mate: vec![0; width],
            slack: vec![0; width],
            top: (0..width).collect(),
            parent: vec![0; width],
            label: vec![Label::Free; width],
            visited: vec![0; width],
            visit_stamp: 0,
            flower: vec![Vec::new(); width],
            flower_from,
            queue: VecDeque::new(),
        }
    }

    fn edge(&self, x: usize, y: usize) -> (usize, usize) {
        let (u, v) = self.edge[x * self.width + y];
        (u as usize, v as usize)
    }

    fn set_edge(&mut self, x: usize, y: usize, ends: (usize, usize)) {
        self.edge[x * self.width + y] = (ends.0 as u32, ends.1 as u32);
    }

    /// Twice the slack of the edge `(u, v)` between two vertices.
    fn slack_of(&self, (u, v): (usize, usize)) -> i64 {
        self.dual[u] + self.dual[v] - 2 * self.graph.weight(u - 1, v - 1)
    }

    fn update_slack(&mut self, u: usize, x: usize) {
        if self.slack[x] == 0
            || self.slack_of(self.edge(u, x)) < self.slack_of(self.edge(self.slack[x], x))
        {
            self.slack[x] = u;
        }
    }

    fn set_slack(&mut self, x: usize) {
        self.slack[x] = 0;
        for u in 1..=self.n {
            if self.edge(u, x).0 != 0 && self.top[u] != x && self.label[self.top[u]] == Label::Outer
            {
                self.update_slack(u, x);
            }
        }
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
        self.mate[blossom] = self.mate[ancestor];
        let mut flower = vec![ancestor];
        let mut x = u;
        while x != ancestor {
            let y = self.top[self.mate[x]];
            flower.push(x);
            flower.push(y);
            self.push(y);
            x = self.top[self.parent[y]];
        }
        flower[1..].reverse();
        let mut x = v;
        while x != ancestor {
            let y = self.top[self.mate[x]];
            flower.push(x);
            flower.push(y);
            self.push(y);
            x = self.top[self.parent[y]];
        }
        self.flower[blossom] = flower;
        self.set_top(blossom, blossom);
        for x in 1..=self.used {
            self.set_edge(blossom, x, (0, 0));
            self.set_edge(x, blossom, (0, 0));
        }
        let row = blossom * (self.n + 1);
        self.flower_from[row..row + self.n + 1].fill(0);
        for index in 0..self.flower[blossom].len() {
            let sub = self.flower[blossom][index];
            for x in 1..=self.used {
                let candidate = self.edge(sub, x);
                if candidate.0 != 0 {
                    let current = self.edge(blossom, x);
                    if current.0 == 0 || self.slack_of(candidate) < self.slack_of(current) {
                        self.set_edge(blossom, x, candidate);
                        self.set_edge(x, blossom, self.edge(x, sub));
                    }
                }
            }
            for vertex in 1..=self.n {
                if self.flower_from[sub * (self.n + 1) + vertex] != 0 {
                    self.flower_from[row + vertex] = sub as u32;
                }
            }
        }
        self.set_slack(blossom);
    }

    fn expand_blossom(&mut self, blossom: usize) {
        for index in 0..self.flower[blossom].len() {
            let sub = self.flower[blossom][index];
            self.set_top(sub, sub);
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

    /// Grows the forest along the tight edge `(u, v)`; true when it found an augmenting
    /// path and augmented.
    fn on_tight_edge(&mut self, (u, v): (usize, usize)) -> bool {
        let (top_u, top_v) = (self.top[u], self.top[v]);
        match self.label[top_v] {
            Label::Free => {
                self.parent[top_v] = u;
                self.label[top_v] = Label::Inner;
                let next = self.top[self.mate[top_v]];
                self.slack[top_v] = 0;
                self.slack[next] = 0;
                self.label[next] = Label::Outer;
                self.push(next);
                false
            }
            Label::Outer => {
                let ancestor = self.lowest_common_ancestor(top_u, top_v);
                if ancestor == 0 {
                    self.augment(top_u, top_v);
                    self.augment(top_v, top_u);
                    true
                } else {
                    self.add_blossom(top_u, ancestor, top_v);
                    false
                }
            }
            Label::Inner => false,
        }
    }

    /// One stage: grows alternating trees from every free vertex, adjusting the duals,
    /// until it augments (true) or no augmentation can add weight (false).
    fn augment_once(&mut self) -> bool {
        self.label[1..=self.used].fill(Label::Free);
        self.slack[1..=self.used].fill(0);
        self.queue.clear();
        for x in 1..=self.used {
            if self.top[x] == x && self.mate[x] == 0 {
                self.parent[x] = 0;
                self.label[x] = Label::Outer;
                self.push(x);
            }
        }
        if self.queue.is_empty() {
            return false;
        }
        loop {
            while let Some(u) = self.queue.pop_front() {
                if self.label[self.top[u]] == Label::Inner {
                    continue;
                }
                for v in 1..=self.n {
                    let ends = self.edge(u, v);
                    if ends.0 != 0 && self.top[u] != self.top[v] {
                        if self.slack_of(ends) == 0 {
                            if self.on_tight_edge(ends) {
                                return true;
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
                if self.top[x] == x && self.slack[x] != 0 {
                    let slack = self.slack_of(self.edge(self.slack[x], x));
                    match self.label[x] {
                        Label::Free => delta = delta.min(slack),
                        Label::Outer => delta = delta.min(slack / 2),
                        Label::Inner => {}
                    }
                }
            }
            // An outer vertex whose dual would reach zero: no augmentation adds weight.
            if (1..=self.n)
                .any(|u| self.label[self.top[u]] == Label::Outer && self.dual[u] <= delta)
            {
                return false;
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
            self.queue.clear();
            for x in 1..=self.used {
                if self.top[x] == x
                    && self.slack[x] != 0
                    && self.top[self.slack[x]] != x
                    && self.slack_of(self.edge(self.slack[x], x)) == 0
                    && self.on_tight_edge(self.edge(self.slack[x], x))
                {
                    return true;
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
