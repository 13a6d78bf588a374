//! Gabow's O(n³) implementation of Edmonds' weighted matching (H. N. Gabow, "Implementation
//! of algorithms for maximum matching on nonbipartite graphs", Stanford PhD thesis, 1973; as
//! presented in E. Lawler, *Combinatorial Optimization: Networks and Matroids*, 1976, ch. 6),
//! the algorithm OpenGotha's help names for its pairing ("Pairing algorithm").
//!
//! Among matchings of equal weight, the one returned depends on the order in which the
//! algorithm meets vertices and edges. OpenGotha's choice among tied pairings is reproduced by
//! following the same order, observed by running OpenGotha's matching on thousands of random
//! graphs full of ties (identical mates on every one, blossoms and their expansions included):
//!
//! - every pair is an edge of weight 2·cost; every dual starts at the largest weight / 2;
//! - a stage labels the free vertices outer in increasing order, each scanning its edges in
//!   increasing order of the other end as soon as it is labelled;
//! - each vertex holds its next event (the time at which an edge from an outer vertex becomes
//!   tight for an unlabelled vertex: the first edge found is kept on ties; for the base of an
//!   outer blossom, the first tight edge to another outer blossom, its candidate edges kept in
//!   increasing order of their far end, one per far end, the first found on ties);
//! - the next event is the smallest, **the lowest vertex on ties**; one augmentation ends the
//!   stage, and the next stage starts with every tree dissolved, blossoms kept;
//! - duals are lazy (outer and inner vertices carry the time they were labelled), so an
//!   inner blossom expands when its internal matched edges would lose their slack, and the
//!   matching inside blossoms is resolved only when a blossom expands.
//!
//! Speed without changing a choice: a vertex labelled outer on its own (every free vertex
//! at the start of a stage, most matched ones later) only times its candidate edges when
//! it is scanned; their list, which decides nothing until one of them is the next event or
//! the vertex joins a blossom, is made then, from the outer vertices of the time of the
//! scan (a stage's outer vertices stay outer). Most lists are never made: a stage ends at
//! its first augmentation. The next event is the smallest time, found in one pass, then
//! its first vertex in another.
//!
//! Written from the published algorithm; no OpenGotha code (GPL) was read.

use crate::pairing::{Cancelled, Checkpoint};

/// An edge `from → to` (both from 1), or the dummy edge of a free vertex.
type Edge = usize;

/// A blossom of the current search, kept to expand it: its sub-blossoms (named by their
/// representative vertex) around the odd cycle from the blossom's own representative, the
/// edge joining each to the next, and how the representative's own sub-blossom chained its
/// vertices before the blossom formed.
struct Blossom {
    cycle: Vec<usize>,
    edges: Vec<Edge>,
    old_first: usize,
    old_last: usize,
}

/// The state of the search. Vertices are `1..=n`, `dummy = n + 1` stands for "none" (the
/// mate of a free vertex, the end of every vertex chain).
struct Search {
    n: usize,
    /// Twice each edge's cost, indexed by the edge.
    weight: Vec<i64>,
    /// A power of two: an edge is `from * stride + to`.
    stride: usize,
    shift: u32,
    dummy: usize,
    dummy_edge: Edge,
    /// The time at which a free vertex's dual reaches zero: no later event adds weight.
    last_d: i64,
    /// The current time of the stage (the total dual change so far).
    delta: i64,
    /// The edge to each vertex's mate (`dummy_edge`: free); exact only for the
    /// representatives of top-level blossoms, the others being resolved on expansion.
    mate: Vec<Edge>,
    /// For the representative of an outer blossom, the edge that labelled it (≥ 0); negative
    /// for every other vertex (a mark while a blossom is looked for).
    link: Vec<i64>,
    /// The representative of the top-level blossom holding each vertex.
    base: Vec<usize>,
    /// Each blossom's vertices chained from its representative to `last`.
    next_vertex: Vec<usize>,
    last: Vec<usize>,
    /// Twice the dual of each vertex, lazy: an outer vertex carries the time it was
    /// labelled, an inner blossom the time its dual would reach zero.
    y: Vec<i64>,
    /// Each vertex's next event.
    next_d: Vec<i64>,
    /// For an unlabelled vertex, the edge of its next event; for the representative of an
    /// outer blossom, the first of its edges to other outer blossoms.
    next_edge: Vec<Edge>,
    /// The next candidate edge of an outer blossom, indexed by edge.
    next_pair: Vec<u32>,
    pair_point: Edge,
    /// The blossoms each vertex represents, innermost first.
    nest: Vec<Vec<Blossom>>,
    /// What a scan does with an edge to each vertex, by the label of its blossom: kept
    /// for every vertex so that a scan reads it in order ([`Search::refresh`]).
    kind: Vec<Kind>,
    /// Ticks each time vertices turn outer; a stage's outer vertices never lose the label.
    clock: u64,
    /// When each vertex last turned outer.
    outer_at: Vec<u64>,
    /// For a vertex scanned alone ([`Search::scan_alone`]), when: its candidates are the
    /// outer vertices of that time, listed only if they are needed; `u64::MAX` once listed
    /// (or for a blossom, whose candidates are always listed).
    scanned_at: Vec<u64>,
}

/// What a scan does with an edge to a vertex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The vertex is outer: the edge is a candidate of the scanning blossom.
    Outer,
    /// The vertex is unlabelled (or in an inner blossom that may expand): the edge may be
    /// its next event.
    Unlabelled,
    /// The vertex is inner on its own: nothing to record.
    Inner,
}

/// Each vertex's mate (from 0) in a matching of largest total cost, the vertices met in
/// Gabow's order: `costs` is the row-major matrix of a complete graph on `n` vertices (the
/// entries `u < v` are read). Free vertices are `None`. Costs stay within ±2⁵⁹ (see
/// [`super::MAX_WEIGHT`]): duals and slacks then fit an `i64`. `checkpoint` is asked before
/// each stage whether to go on.
pub fn gabow_matching(
    n: usize,
    costs: &[i64],
    checkpoint: &Checkpoint<'_>,
) -> Result<Vec<Option<usize>>, Cancelled> {
    let mut search = Search::new(n, costs);
    search.run(checkpoint)?;
    Ok((1..=n)
        .map(|v| {
            let mate = search.mate[v];
            (mate != search.dummy_edge).then(|| search.to(mate) - 1)
        })
        .collect())
}

impl Search {
    fn new(n: usize, costs: &[i64]) -> Search {
        let stride = (n + 2).next_power_of_two();
        let dummy = n + 1;
        let dummy_edge = dummy * stride + dummy;
        let mut weight = vec![0; stride * stride];
        let mut heaviest = None;
        for u in 0..n {
            for v in u + 1..n {
                let doubled = 2 * costs[u * n + v];
                weight[(u + 1) * stride + v + 1] = doubled;
                weight[(v + 1) * stride + u + 1] = doubled;
                heaviest = heaviest.max(Some(doubled));
            }
        }
        let last_d = heaviest.unwrap_or(0) / 2;
        let size = n + 2;
        Search {
            n,
            weight,
            stride,
            shift: stride.trailing_zeros(),
            dummy,
            dummy_edge,
            last_d,
            delta: 0,
            mate: vec![dummy_edge; size],
            link: vec![-(dummy_edge as i64); size],
            base: (0..size).collect(),
            next_vertex: vec![0; size],
            last: (0..size).collect(),
            y: vec![last_d; size],
            next_d: vec![last_d; size],
            next_edge: vec![dummy_edge; size],
            next_pair: vec![dummy_edge as u32; stride * stride],
            pair_point: dummy_edge,
            nest: (0..size).map(|_| Vec::new()).collect(),
            kind: vec![Kind::Unlabelled; size],
            clock: 0,
            outer_at: vec![0; size],
            scanned_at: vec![u64::MAX; size],
        }
    }

    fn to(&self, e: Edge) -> usize {
        e & (self.stride - 1)
    }

    fn from(&self, e: Edge) -> usize {
        e >> self.shift
    }

    fn opposite(&self, e: Edge) -> Edge {
        self.to(e) * self.stride + self.from(e)
    }

    fn slack(&self, e: Edge) -> i64 {
        self.y[self.from(e)] + self.y[self.to(e)] - self.weight[e]
    }

    fn next_pair(&self, e: Edge) -> Edge {
        self.next_pair[e] as Edge
    }

    /// The blossom at the far end of `e`.
    fn base_end(&self, e: Edge) -> usize {
        self.base[self.to(e)]
    }

    /// The blossom matched to blossom `v`.
    fn base_mate(&self, v: usize) -> usize {
        self.base[self.to(self.mate[v])]
    }

    /// The stages, `checkpoint` asked before each.
    fn run(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), Cancelled> {
        loop {
            checkpoint()?;
            self.delta = 0;
            self.kind.fill(Kind::Unlabelled);
            self.scanned_at.fill(u64::MAX);
            for v in 1..=self.n {
                if self.mate[v] == self.dummy_edge {
                    self.pointer(self.dummy, v, self.dummy_edge as i64);
                }
            }
            let augmenting = loop {
                let events = &self.next_d[1..=self.n];
                let time = events.iter().copied().min().unwrap_or(self.last_d);
                let i = 1 + events.iter().position(|&event| event == time).unwrap_or(0);
                if time == self.last_d {
                    break None;
                }
                self.delta = time;
                let v = self.base[i];
                if self.link[v] >= 0 {
                    if let Some(e) = self.pair(v) {
                        break Some(e);
                    }
                } else {
                    let w = self.base_mate(v);
                    if self.link[w] < 0 {
                        let e = self.opposite(self.next_edge[i]);
                        self.pointer(v, w, e as i64);
                    } else {
                        self.unpair(v, w);
                    }
                }
            };
            match augmenting {
                Some(e) => {
                    self.last_d -= self.delta;
                    self.set_bounds();
                    let g = self.opposite(e);
                    self.rematch(self.base_end(e), g);
                    self.rematch(self.base_end(g), e);
                }
                None => {
                    self.expand_all();
                    return Ok(());
                }
            }
        }
    }

    /// Labels blossom `u` inner and its mate `v` outer through edge `e` (scanning `v` when
    /// it was not outer yet).
    fn pointer(&mut self, u: usize, v: usize, e: i64) {
        self.link[u] = -(self.dummy_edge as i64);
        let (last_u, last_v) = (self.last[u], self.last[v]);
        self.next_vertex[last_u] = self.dummy;
        self.next_vertex[last_v] = self.dummy;
        let shift = if self.last[u] != u {
            -(self.slack(self.mate[self.next_vertex[u]]) / 2)
        } else {
            self.last_d
        };
        let mut i = u;
        while i != self.dummy {
            self.y[i] += shift;
            self.next_d[i] += shift;
            i = self.next_vertex[i];
        }
        let was_outer = self.link[v] >= 0;
        self.link[v] = e;
        self.refresh(u);
        self.refresh(v);
        if !was_outer {
            if self.last[v] == v {
                self.scan_alone(v);
            } else {
                self.next_pair[self.dummy_edge] = self.dummy_edge as u32;
                self.scan(v, self.delta);
            }
        }
    }

    /// Records the outer–outer edge `e` among the candidates of blossom `newbase`, kept in
    /// increasing order of their far end, one per far end (the tighter; the first on ties).
    fn insert_pair(&mut self, e: Edge, newbase: usize) {
        let neighbour = self.to(e);
        let time = self.slack(e) / 2;
        let mut next = self.next_pair(self.pair_point);
        while self.to(next) < neighbour {
            self.pair_point = next;
            next = self.next_pair(next);
        }
        if self.to(next) == neighbour {
            if time >= self.slack(next) / 2 {
                return;
            }
            next = self.next_pair(next);
        }
        self.next_pair[self.pair_point] = e as u32;
        self.pair_point = e;
        self.next_pair[e] = next as u32;
        if self.next_d[newbase] > time {
            self.next_d[newbase] = time;
        }
    }

    /// Scans the vertices of the blossom whose representative is `x`, newly outer, their
    /// duals moved by `shift`.
    fn scan(&mut self, mut x: usize, shift: i64) {
        let newbase = self.base[x];
        let stop = self.next_vertex[self.last[x]];
        while x != stop {
            self.y[x] += shift;
            self.next_d[x] = self.last_d;
            self.pair_point = self.dummy_edge;
            let row = x * self.stride;
            let y = self.y[x];
            for neighbour in 1..=self.n {
                let e = row + neighbour;
                match self.kind[neighbour] {
                    Kind::Unlabelled => {
                        let time = y + self.y[neighbour] - self.weight[e];
                        if self.next_d[neighbour] > time {
                            self.next_d[neighbour] = time;
                            self.next_edge[neighbour] = e;
                        }
                    }
                    Kind::Outer if self.base[neighbour] != newbase => self.insert_pair(e, newbase),
                    Kind::Outer | Kind::Inner => {}
                }
            }
            x = self.next_vertex[x];
        }
        self.next_edge[newbase] = self.next_pair(self.dummy_edge);
        self.scanned_at[newbase] = u64::MAX;
    }

    /// Whether outer vertex `x`, scanned alone at `scanned`, had an edge to `neighbour` among
    /// its candidates: the other vertices outer at that time.
    fn was_candidate(&self, x: usize, neighbour: usize, scanned: u64) -> bool {
        neighbour != x && self.kind[neighbour] == Kind::Outer && self.outer_at[neighbour] <= scanned
    }

    /// Scans vertex `v`, newly outer on its own: as [`Search::scan`], but its candidates are
    /// only timed (their list, the outer vertices of now in increasing order, is made if
    /// a tight one is looked for or `v` joins a blossom: most never are).
    fn scan_alone(&mut self, v: usize) {
        self.y[v] += self.delta;
        let n = self.n;
        let row = v * self.stride;
        let y = self.y[v];
        let weights = &self.weight[row + 1..=row + n];
        let ys = &self.y[1..=n];
        let kinds = &self.kind[1..=n];
        let next_d = &mut self.next_d[1..=n];
        let next_edge = &mut self.next_edge[1..=n];
        // An unlabelled neighbour may take its event from `v`; an outer one (`v` aside) is a
        // candidate whose time counts.
        let mut closest = i64::MAX;
        for i in 0..n {
            let time = y + ys[i] - weights[i];
            match kinds[i] {
                Kind::Unlabelled => {
                    if next_d[i] > time {
                        next_d[i] = time;
                        next_edge[i] = row + 1 + i;
                    }
                }
                Kind::Outer if i + 1 != v => closest = closest.min(time),
                Kind::Outer | Kind::Inner => {}
            }
        }
        self.next_d[v] = if closest == i64::MAX {
            self.last_d
        } else {
            self.last_d.min(closest / 2)
        };
        self.scanned_at[v] = self.clock;
    }

    /// Moves the candidates of outer blossom `v`, now inside `newbase`, to `newbase`'s.
    fn merge_pairs(&mut self, v: usize, newbase: usize) {
        self.next_d[v] = self.last_d;
        self.pair_point = self.dummy_edge;
        if self.scanned_at[v] != u64::MAX {
            let scanned = std::mem::replace(&mut self.scanned_at[v], u64::MAX);
            let row = v * self.stride;
            for neighbour in 1..=self.n {
                if self.was_candidate(v, neighbour, scanned) && self.base[neighbour] != newbase {
                    self.insert_pair(row + neighbour, newbase);
                }
            }
            return;
        }
        let mut f = self.next_edge[v];
        while f != self.dummy_edge {
            let e = f;
            f = self.next_pair(f);
            if self.base[self.to(e)] != newbase {
                self.insert_pair(e, newbase);
            }
        }
    }

    /// An edge between two outer blossoms became tight at outer blossom `v`: the augmenting
    /// edge when the two are in different trees, otherwise a new blossom is formed.
    fn pair(&mut self, mut v: usize) -> Option<Edge> {
        let e = if self.scanned_at[v] != u64::MAX {
            let scanned = self.scanned_at[v];
            let row = v * self.stride;
            let tight = (1..=self.n)
                .find(|&neighbour| {
                    self.was_candidate(v, neighbour, scanned)
                        && self.slack(row + neighbour) == 2 * self.delta
                })
                .unwrap_or(self.dummy);
            row + tight
        } else {
            let mut e = self.next_edge[v];
            while self.slack(e) != 2 * self.delta {
                e = self.next_pair(e);
            }
            e
        };
        let mark = -(e as i64);
        let mut w = self.base_end(e);
        let w_mate = self.base_mate(w);
        self.link[w_mate] = mark;
        let mut u = self.base_mate(v);
        while self.link[u] != mark {
            self.link[u] = mark;
            if self.mate[w] != self.dummy_edge {
                std::mem::swap(&mut v, &mut w);
            }
            v = self.base[self.to(self.link[v] as Edge)];
            u = self.base_mate(v);
        }
        if u == self.dummy && v != w {
            return Some(e);
        }
        let newbase = v;
        let old_first = self.next_vertex[newbase];
        let old_last = self.last[newbase];
        let mut newlast = newbase;
        let side_a = self.link_path(e, newbase, &mut newlast);
        let side_b = self.link_path(self.opposite(e), newbase, &mut newlast);
        self.next_vertex[newlast] = old_first;
        if self.last[newbase] == newbase {
            self.last[newbase] = newlast;
        }
        self.refresh(newbase);
        // The cycle from the representative: down side A (the far end of `e`), across `e`,
        // up side B.
        let mut cycle = vec![newbase];
        let mut edges = Vec::new();
        for &(outer, inner, up) in side_a.iter().rev() {
            edges.push(self.opposite(up));
            cycle.push(inner);
            edges.push(self.mate[outer]);
            cycle.push(outer);
        }
        edges.push(self.opposite(e));
        for &(outer, inner, up) in &side_b {
            cycle.push(outer);
            edges.push(self.mate[outer]);
            cycle.push(inner);
            edges.push(up);
        }
        self.nest[newbase].push(Blossom {
            cycle,
            edges,
            old_first,
            old_last,
        });
        self.next_pair[self.dummy_edge] = self.dummy_edge as u32;
        self.merge_pairs(newbase, newbase);
        let mut i = self.next_vertex[newbase];
        loop {
            self.merge_pairs(i, newbase);
            i = self.next_vertex[self.last[i]];
            let shift = 2 * self.delta - self.slack(self.mate[i]);
            self.scan(i, shift);
            i = self.next_vertex[self.last[i]];
            if i == old_first {
                break;
            }
        }
        None
    }

    /// Walks from the far end of `e` up the tree to `newbase`, chaining each outer blossom
    /// and its inner mate into the new blossom: the (outer, inner, edge up from the inner)
    /// triples, bottom up.
    fn link_path(
        &mut self,
        mut e: Edge,
        newbase: usize,
        newlast: &mut usize,
    ) -> Vec<(usize, usize, Edge)> {
        let mut path = Vec::new();
        let mut v = self.base_end(e);
        while v != newbase {
            let u = self.base_mate(v);
            self.link[u] = self.opposite(e) as i64;
            self.next_vertex[*newlast] = v;
            let last_v = self.last[v];
            self.next_vertex[last_v] = u;
            *newlast = self.last[u];
            let mut i = v;
            while i != self.dummy {
                self.base[i] = newbase;
                i = self.next_vertex[i];
            }
            let up = self.link[v] as Edge;
            path.push((v, u, up));
            e = up;
            v = self.base_end(e);
        }
        path
    }

    /// Records what a scan does with an edge to each vertex of blossom `b`, after its label
    /// (or its mate's) changed: outer blossoms take candidate edges, unlabelled ones and
    /// inner blossoms of several vertices take events, inner vertices on their own nothing.
    fn refresh(&mut self, b: usize) {
        if b == self.dummy {
            return;
        }
        let kind = if self.link[b] >= 0 {
            Kind::Outer
        } else if self.link[self.base_mate(b)] < 0 || self.last[b] != b {
            Kind::Unlabelled
        } else {
            Kind::Inner
        };
        self.clock += 1;
        let mut i = b;
        while i != self.dummy {
            if kind == Kind::Outer && self.kind[i] != Kind::Outer {
                self.outer_at[i] = self.clock;
            }
            self.kind[i] = kind;
            i = self.next_vertex[i];
        }
    }

    /// Ends a stage: the lazy duals made exact again, every label removed.
    fn set_bounds(&mut self) {
        for v in 1..=self.n {
            if self.link[v] < 0 || self.base[v] != v {
                self.next_d[v] = self.last_d;
                continue;
            }
            self.link[v] = -self.link[v];
            let mut i = v;
            while i != self.dummy {
                self.y[i] -= self.delta;
                i = self.next_vertex[i];
            }
            let f = self.mate[v];
            if f != self.dummy_edge {
                let shift = self.slack(f);
                let mut i = self.base_end(f);
                while i != self.dummy {
                    self.y[i] -= shift;
                    i = self.next_vertex[i];
                }
            }
            self.next_d[v] = self.last_d;
        }
    }

    /// Augments along the tree from blossom `first`, newly matched through `e`.
    fn rematch(&mut self, mut first: usize, mut e: Edge) {
        self.mate[first] = e;
        let mut next = -self.link[first];
        while next != self.dummy_edge as i64 {
            e = next as Edge;
            let f = self.opposite(e);
            first = self.base_end(e);
            let second = self.base_end(f);
            next = -self.link[first];
            self.link[first] = -(self.mate[second] as i64);
            self.link[second] = -(self.mate[first] as i64);
            self.mate[first] = f;
            self.mate[second] = e;
        }
    }

    /// Undoes top-level blossom `b` into its sub-blossoms, matched inside as its cycle
    /// requires from the vertex matched outside: its cycle, edges and the position of that
    /// sub-blossom.
    fn expand(&mut self, b: usize) -> Option<(Vec<usize>, Vec<Edge>, usize)> {
        let blossom = self.nest[b].pop()?;
        if blossom.old_last == b {
            self.last[b] = b;
            self.next_vertex[b] = self.dummy;
        } else {
            self.last[b] = blossom.old_last;
            self.next_vertex[b] = blossom.old_first;
        }
        for &sub in &blossom.cycle {
            let last = self.last[sub];
            self.next_vertex[last] = self.dummy;
            let mut i = sub;
            while i != self.dummy {
                self.base[i] = sub;
                i = self.next_vertex[i];
            }
        }
        let mate = self.mate[b];
        let matched = if mate == self.dummy_edge {
            b
        } else {
            self.to(self.opposite(mate))
        };
        let k = blossom.cycle.len();
        let at = blossom
            .cycle
            .iter()
            .position(|&sub| sub == self.base[matched])?;
        self.mate[blossom.cycle[at]] = mate;
        let mut j = (at + 1) % k;
        while j != at {
            let next = (j + 1) % k;
            let (a, c) = (blossom.cycle[j], blossom.cycle[next]);
            let edge = blossom.edges[j];
            let (into_a, into_c) = if self.base[self.to(edge)] == c {
                (self.opposite(edge), edge)
            } else {
                (edge, self.opposite(edge))
            };
            self.mate[a] = into_c;
            self.mate[c] = into_a;
            j = (next + 1) % k;
        }
        for &sub in &blossom.cycle {
            self.link[sub] = -(self.dummy_edge as i64);
        }
        for &sub in &blossom.cycle {
            self.refresh(sub);
        }
        Some((blossom.cycle, blossom.edges, at))
    }

    /// Expands inner blossom `oldbase` (matched to outer `oldmate`) whose dual reached zero:
    /// the sub-blossoms on the even path from the one the tree enters by to the one matched
    /// to `oldmate` stay in the tree, labelled from the entry down; the others leave it.
    fn unpair(&mut self, oldbase: usize, oldmate: usize) {
        let mut link = self.link[oldmate];
        let Some((cycle, edges, at)) = self.expand(oldbase) else {
            return;
        };
        let k = cycle.len();
        let entry = self.to(self.opposite(link as Edge));
        let Some(mut p) = cycle.iter().position(|&sub| sub == self.base[entry]) else {
            return;
        };
        let step = if ((at + k - p) % k).is_multiple_of(2) {
            1
        } else {
            k - 1
        };
        while p != at {
            let q = (p + step) % k;
            self.pointer(cycle[p], cycle[q], link);
            let r = (q + step) % k;
            let edge = if step == 1 { edges[q] } else { edges[r] };
            let towards_r = if self.base[self.to(edge)] == cycle[r] {
                edge
            } else {
                self.opposite(edge)
            };
            link = self.opposite(towards_r) as i64;
            p = r;
        }
        self.pointer(cycle[at], oldmate, link);
    }

    /// At the end, every blossom undone, innermost last, so that every vertex's mate is
    /// exact.
    fn expand_all(&mut self) {
        let mut pending: Vec<usize> = (1..=self.n).filter(|&v| self.base[v] == v).collect();
        while let Some(v) = pending.pop() {
            if let Some((cycle, _, _)) = self.expand(v) {
                pending.extend(cycle);
            }
        }
    }
}
