//! Connected sets of points that share a content: chains (FFG "chaîne"), empty
//! regions (FFG "territoire" when they touch one colour only, Tromp-Taylor rule 3
//! "reaching") and Benson's enclosed regions, all found by one flood fill.

use crate::board::Board;
use crate::point::{Color, Point};

/// The maximal orthogonally connected sets of points whose content passes a test.
pub struct Regions {
    /// For each point (row-major), the index of its region, or `None` when outside every region.
    region_of: Vec<Option<usize>>,
    /// The points of each region, in the order the fill reached them.
    members: Vec<Vec<Point>>,
}

impl Regions {
    /// The components of the points whose content `belongs` accepts.
    pub fn of(board: &Board, belongs: impl Fn(Option<Color>) -> bool) -> Regions {
        Regions::find(board, belongs, |_, _| true)
    }

    /// The chains of both colours (FFG "chaîne": same-coloured connected stones).
    pub fn chains(board: &Board) -> Regions {
        Regions::find(
            board,
            |content| content.is_some(),
            |first, second| first == second,
        )
    }

    /// The components of the points `belongs` accepts, neighbours joined when `joins` their contents.
    fn find(
        board: &Board,
        belongs: impl Fn(Option<Color>) -> bool,
        joins: impl Fn(Option<Color>, Option<Color>) -> bool,
    ) -> Regions {
        let size = board.size();
        let mut region_of = vec![None; size.points()];
        let mut members = Vec::new();
        for seed in size.all_points() {
            if region_of[size.index(seed)].is_some() || !belongs(board.get(seed)) {
                continue;
            }
            let region = members.len();
            region_of[size.index(seed)] = Some(region);
            let mut points = vec![seed];
            let mut next = 0;
            while let Some(&point) = points.get(next) {
                next += 1;
                let content = board.get(point);
                for neighbour in board.adjacent(point) {
                    let slot = &mut region_of[size.index(neighbour)];
                    if slot.is_none()
                        && belongs(board.get(neighbour))
                        && joins(content, board.get(neighbour))
                    {
                        *slot = Some(region);
                        points.push(neighbour);
                    }
                }
            }
            members.push(points);
        }
        Regions { region_of, members }
    }

    /// The region holding `point`, if any (`point` must be on the board the regions were found on).
    pub fn region_of(&self, board: &Board, point: Point) -> Option<usize> {
        self.region_of
            .get(board.size().index(point))
            .copied()
            .flatten()
    }

    /// The points of each region.
    pub fn members(&self) -> &[Vec<Point>] {
        &self.members
    }

    /// The distinct regions of `other` orthogonally adjacent to region `region`, in increasing order.
    pub fn neighbours_in(&self, board: &Board, region: usize, other: &Regions) -> Vec<usize> {
        let mut found: Vec<usize> = self.members[region]
            .iter()
            .flat_map(|&point| board.adjacent(point))
            .filter_map(|neighbour| other.region_of(board, neighbour))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }
}
