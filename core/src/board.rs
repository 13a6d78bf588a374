//! The board: stones, chains and their liberties, kept incrementally so that a move
//! costs a few dozen nanoseconds and allocates nothing.
//!
//! Layout: a padded one-dimensional grid (a border column shared by neighbouring rows,
//! a border row above and below), so that the four neighbours of any point are
//! `±1` and `±stride` without bounds checks. Each chain is a circular list of its
//! stones with a representative (`head`) that holds the chain's pseudo-liberty count:
//! the number of (stone, adjacent empty point) pairs. A chain has no liberty exactly
//! when that count is zero, and it is in atari on a point `p` exactly when the count
//! equals the number of its stones adjacent to `p`: both facts are all the rules need.

use crate::point::{BoardSize, Color, Point};
use crate::rules::Suicide;
use std::fmt;

const EMPTY: u8 = 0;
const BORDER: u8 = 3;
/// The head of an empty point: no chain.
const NO_CHAIN: u16 = u16::MAX;
/// The head of a border point. Apart from `NO_CHAIN`, so that a move reads its four
/// neighbours' heads and nothing else to tell chains, liberties and the edge apart.
/// Both sentinels index slots of the room beyond every board's points (the largest
/// padded grid has 2,863 points): a liberty count written through them changes nothing.
const EDGE: u16 = u16::MAX - 1;

/// Whether a head names a chain (a stone), rather than an empty or border point.
fn is_chain(head: u16) -> bool {
    head < EDGE
}

fn cell_of(color: Color) -> u8 {
    color.index() as u8 + 1
}

fn color_of(cell: u8) -> Option<Color> {
    match cell {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// Room for the padded grid of the largest board (54 × 53 + 1 points). Every grid has
/// this room whatever the board's size, and indices are masked into it: the compiler
/// then drops the bounds checks of the move loops (and a correct index is unchanged).
const ROOM: usize = 4096;

/// One array per point property, indexed by padded position.
#[derive(Clone)]
struct Grid<T>([T; ROOM]);

impl<T: Copy> Grid<T> {
    fn filled(value: T) -> Grid<T> {
        Grid([value; ROOM])
    }

    fn swap(&mut self, first: usize, second: usize) {
        self.0.swap(first % ROOM, second % ROOM);
    }
}

impl<T> std::ops::Index<usize> for Grid<T> {
    type Output = T;

    fn index(&self, position: usize) -> &T {
        &self.0[position % ROOM]
    }
}

impl<T> std::ops::IndexMut<usize> for Grid<T> {
    fn index_mut(&mut self, position: usize) -> &mut T {
        &mut self.0[position % ROOM]
    }
}

/// Zobrist key of a stone of `color` on padded index `position`: a SplitMix64 hash of
/// both, worked out at compile time for every position of the room, black then white.
const fn splitmix(position: usize, color: usize) -> u64 {
    let mut z = (position as u64) << 1 | color as u64;
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

static ZOBRIST: [[u64; ROOM]; 2] = {
    let mut table = [[0; ROOM]; 2];
    let mut position = 0;
    while position < ROOM {
        table[0][position] = splitmix(position, 0);
        table[1][position] = splitmix(position, 1);
        position += 1;
    }
    table
};

fn zobrist(position: usize, color: Color) -> u64 {
    ZOBRIST[color.index()][position % ROOM]
}

/// Why a stone cannot be placed, whatever the history: the board alone decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    #[error("the point is off the board")]
    OffBoard,
    #[error("the point is occupied")]
    Occupied,
    /// FFG rule 3: a move may not leave its own chain without liberties.
    #[error("the move would leave its own chain without liberties")]
    Suicide,
}

/// A legal placement, worked out but not yet made: the game checks repetition
/// against `hash_after` before committing it.
#[derive(Debug, Clone, Copy)]
pub struct Placement {
    color: Color,
    position: usize,
    /// Heads of the opposing chains this move captures (at most four).
    captured: [u16; 4],
    captured_count: u8,
    /// Tromp-Taylor rule 7: the mover's own chain is cleared after the move.
    self_capture: bool,
    /// Zobrist hash of the board after the move.
    pub hash_after: u64,
    /// Number of stones removed from the board (captures, or the mover's own suicide).
    pub stones_removed: u32,
}

impl Default for Placement {
    /// A placeholder for [`Board::plan`] to overwrite.
    fn default() -> Placement {
        Placement {
            color: Color::Black,
            position: 0,
            captured: [0; 4],
            captured_count: 0,
            self_capture: false,
            hash_after: 0,
            stones_removed: 0,
        }
    }
}

impl Placement {
    /// Whether the move clears the mover's own chain (Tromp-Taylor rule 7).
    pub fn is_suicide(&self) -> bool {
        self.self_capture
    }
}

/// What surrounds an empty point: the head of each neighbour (a chain's, `NO_CHAIN` or
/// `EDGE`) and the number of empty neighbours: four reads of the grid, which the commit
/// of a move makes again rather than keep them in the placement.
#[derive(Debug, Clone, Copy)]
struct Neighbourhood {
    heads: [u16; 4],
    empty: u16,
}

impl Neighbourhood {
    fn new(heads: [u16; 4]) -> Neighbourhood {
        Neighbourhood {
            heads,
            empty: heads.iter().map(|&head| u16::from(head == NO_CHAIN)).sum(),
        }
    }

    /// Whether the chain of `slot` is named by no earlier slot: each chain is then
    /// visited once.
    fn first_naming(&self, slot: usize) -> bool {
        let [a, b, c, _] = self.heads;
        let head = self.heads[slot];
        match slot {
            0 => true,
            1 => head != a,
            2 => head != a && head != b,
            _ => head != a && head != b && head != c,
        }
    }

    /// How many of the four neighbours belong to the chain of `head`.
    fn touching(&self, head: u16) -> u16 {
        self.heads
            .iter()
            .map(|&other| u16::from(other == head))
            .sum()
    }
}

/// One stone a move puts down or lifts: what a game's history keeps of each move, two
/// bytes a stone, instead of a picture of the whole board (padded indices of a 52×52
/// board fit in 15 bits, the colour takes the 16th).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change(u16);

impl Change {
    fn new(position: usize, color: Color) -> Change {
        Change(position as u16 | (color.index() as u16) << 15)
    }

    fn position(self) -> usize {
        usize::from(self.0 & 0x7FFF)
    }

    fn color_index(self) -> usize {
        usize::from(self.0 >> 15)
    }
}

/// A Go board of any size from 1×1 to 52×52.
///
/// Its grids are held inline (some 36 KiB in all): a move then reaches each of them at a
/// fixed distance from the board instead of through a pointer of its own. Box a board
/// that is moved about, as [`Game`](crate::game::Game) does.
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    stride: usize,
    /// Padded points in use (the rest of the room is border).
    len: usize,
    cells: Grid<u8>,
    next: Grid<u16>,
    head: Grid<u16>,
    liberties: Grid<u16>,
    chain_len: Grid<u16>,
    /// Words of one colour's bit-board in a picture of this board.
    words: usize,
    hash: u64,
    stones: [u32; 2],
}

impl Board {
    pub fn new(size: BoardSize) -> Board {
        let stride = size.width as usize + 1;
        let len = (size.height as usize + 2) * stride + 1;
        let mut cells = Grid::filled(BORDER);
        let mut head = Grid::filled(EDGE);
        for point in size.all_points() {
            cells[Self::position_in(stride, point)] = EMPTY;
            head[Self::position_in(stride, point)] = NO_CHAIN;
        }
        let words = len.div_ceil(64);
        Board {
            size,
            stride,
            len,
            cells,
            next: Grid::filled(0),
            head,
            liberties: Grid::filled(0),
            chain_len: Grid::filled(0),
            words,
            hash: 0,
            stones: [0, 0],
        }
    }

    /// Empties the board, keeping its memory. Branch-free, so that it runs as vector code:
    /// a border point keeps its cell and its head `EDGE`.
    pub fn clear(&mut self) {
        for (cell, head) in self.cells.0[..self.len]
            .iter_mut()
            .zip(&mut self.head.0[..self.len])
        {
            let border = *cell == BORDER;
            *cell = if border { BORDER } else { EMPTY };
            *head = if border { EDGE } else { NO_CHAIN };
        }
        self.hash = 0;
        self.stones = [0, 0];
    }

    fn position_in(stride: usize, point: Point) -> usize {
        (point.y as usize + 1) * stride + point.x as usize + 1
    }

    fn position(&self, point: Point) -> usize {
        Self::position_in(self.stride, point)
    }

    fn point_at(&self, position: usize) -> Point {
        Point::new(
            (position % self.stride - 1) as u8,
            (position / self.stride - 1) as u8,
        )
    }

    fn neighbours(&self, position: usize) -> [usize; 4] {
        [
            position - self.stride,
            position - 1,
            position + 1,
            position + self.stride,
        ]
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Zobrist hash of the stones on the board (not of the player to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones of `color` on the board.
    pub fn stone_count(&self, color: Color) -> u32 {
        self.stones[color.index()]
    }

    /// Stones on the board, of both colours.
    pub fn stones(&self) -> u32 {
        self.stones[0] + self.stones[1]
    }

    /// Stones on the board once `placement` is made: one more, less those it removes
    /// (which count the placed stone itself after a Tromp-Taylor suicide).
    pub fn stones_after(&self, placement: &Placement) -> u32 {
        self.stones() + 1 - placement.stones_removed
    }

    pub fn get(&self, point: Point) -> Option<Color> {
        if !self.size.contains(point) {
            return None;
        }
        color_of(self.cells[self.position(point)])
    }

    /// Draws the picture of the board (a bit-board per colour, black then white, each of
    /// `words` words, bit = padded position) into `picture`, reusing its memory.
    ///
    /// Drawn from the cells when asked rather than kept up to date: pictures are wanted at
    /// the start of a game and when a position's hash matches an earlier one, which is
    /// rare, while keeping bit-boards would cost at every stone put down or lifted.
    pub fn picture_into(&self, picture: &mut Vec<u64>) {
        picture.clear();
        picture.resize(2 * self.words, 0);
        if self.stones == [0, 0] {
            return;
        }
        for (position, &cell) in self.cells.0[..self.len].iter().enumerate() {
            if let Some(color) = color_of(cell) {
                picture[color.index() * self.words + position / 64] |= 1 << (position % 64);
            }
        }
    }

    /// Puts down or lifts, in a picture of this board, the stone of `change`.
    pub fn apply(&self, picture: &mut [u64], change: Change) {
        let position = change.position();
        picture[change.color_index() * self.words + position / 64] ^= 1 << (position % 64);
    }

    /// Every stone `placement` puts down or lifts, each once.
    #[inline(always)]
    pub fn for_each_change(&self, placement: &Placement, mut visit: impl FnMut(Change)) {
        let color = placement.color;
        if placement.self_capture {
            // The placed stone never stays: only the chains it would have joined go.
            let own = cell_of(color);
            let mut lifted = [NO_CHAIN; 4];
            for (slot, neighbour) in self.neighbours(placement.position).into_iter().enumerate() {
                let head = self.head[neighbour];
                if self.cells[neighbour] == own && !lifted.contains(&head) {
                    lifted[slot] = head;
                    self.for_each_stone(head as usize, |stone| visit(Change::new(stone, color)));
                }
            }
        } else {
            visit(Change::new(placement.position, color));
            for &captured in &placement.captured[..placement.captured_count as usize] {
                self.for_each_stone(captured as usize, |stone| {
                    visit(Change::new(stone, color.opponent()))
                });
            }
        }
    }

    /// Whether the board after `placement` equals `picture`, a picture of this board
    /// taken earlier; `scratch` holds the board after the move, so nothing is allocated
    /// once it has grown.
    pub fn placement_matches(
        &self,
        placement: &Placement,
        picture: &[u64],
        scratch: &mut Vec<u64>,
    ) -> bool {
        self.picture_into(scratch);
        self.for_each_change(placement, |change| self.apply(scratch, change));
        scratch.as_slice() == picture
    }

    fn for_each_stone(&self, head: usize, mut visit: impl FnMut(usize)) {
        let mut stone = head;
        loop {
            visit(stone);
            stone = self.next[stone] as usize;
            if stone == head {
                break;
            }
        }
    }

    /// Works out a move without making it: captures (FFG rule 2), suicide (rule 3 or
    /// Tromp-Taylor rule 7), and the hash of the resulting board. The move is written into
    /// `placement`, which the caller keeps from one move to the next: returning the fifty
    /// bytes of a placement inside a `Result` copied them twice at every move.
    ///
    /// Always inlined, as [`Board::commit`] is: `Game::play` is, and the binary's other
    /// callers led the compiler to keep these two as calls, some 15% more instructions a turn.
    #[inline(always)]
    pub fn plan(
        &self,
        color: Color,
        point: Point,
        suicide: Suicide,
        placement: &mut Placement,
    ) -> Result<(), PlacementError> {
        if !self.size.contains(point) {
            return Err(PlacementError::OffBoard);
        }
        let position = self.position(point);
        if self.cells[position] != EMPTY {
            return Err(PlacementError::Occupied);
        }
        let own = cell_of(color);
        let around = self.neighbourhood(position);
        placement.color = color;
        placement.position = position;
        placement.captured_count = 0;
        placement.self_capture = false;
        placement.hash_after = self.hash ^ zobrist(position, color);
        placement.stones_removed = 0;
        let mut has_liberty = around.empty > 0;
        // Called once per slot with a constant, so that each call folds to straight code.
        let mut look = |slot: usize| {
            let head = around.heads[slot];
            if !is_chain(head) {
                return;
            }
            // Pseudo-liberties: the chain is in atari when every one it has is at `position`,
            // once for each of its stones touching it.
            let in_atari = self.liberties[head as usize] == around.touching(head);
            if self.cells[head as usize] == own {
                has_liberty |= !in_atari;
            } else if in_atari && around.first_naming(slot) {
                self.capture(placement, head);
            }
        };
        look(0);
        look(1);
        look(2);
        look(3);
        if placement.captured_count == 0 && !has_liberty {
            match suicide {
                Suicide::Forbidden => return Err(PlacementError::Suicide),
                Suicide::Allowed => {
                    placement.self_capture = true;
                    placement.hash_after = self.hash;
                    placement.stones_removed = 1;
                    let mut removed = [u16::MAX; 4];
                    for (slot, neighbour) in self.neighbours(position).into_iter().enumerate() {
                        if self.cells[neighbour] == own && !removed.contains(&self.head[neighbour])
                        {
                            let head = self.head[neighbour];
                            removed[slot] = head;
                            placement.stones_removed += u32::from(self.chain_len[head as usize]);
                            self.for_each_stone(head as usize, |stone| {
                                placement.hash_after ^= zobrist(stone, color)
                            });
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Notes in `placement` the capture of the opposing chain of `head`. Kept out of
    /// [`Board::plan`]: few moves capture, and the loop over the neighbours stays small.
    #[inline(never)]
    fn capture(&self, placement: &mut Placement, head: u16) {
        placement.captured[placement.captured_count as usize] = head;
        placement.captured_count += 1;
        placement.stones_removed += u32::from(self.chain_len[head as usize]);
        let opponent = placement.color.opponent();
        self.for_each_stone(head as usize, |stone| {
            placement.hash_after ^= zobrist(stone, opponent)
        });
    }

    /// The chains and empty points around the empty point `position`.
    fn neighbourhood(&self, position: usize) -> Neighbourhood {
        Neighbourhood::new(
            self.neighbours(position)
                .map(|neighbour| self.head[neighbour]),
        )
    }

    /// Makes a move worked out by [`Board::plan`] on this same board.
    #[inline(always)]
    pub fn commit(&mut self, placement: &Placement) {
        let position = placement.position;
        let color = placement.color;
        self.add_stone(position, color, self.neighbourhood(position));
        for &captured in &placement.captured[..placement.captured_count as usize] {
            self.remove_chain(captured as usize);
        }
        if placement.self_capture {
            let head = self.head[position] as usize;
            self.remove_chain(head);
        }
        debug_assert_eq!(self.hash, placement.hash_after);
    }

    /// Plans and commits in one step, for setup and tests.
    pub fn play(
        &mut self,
        color: Color,
        point: Point,
        suicide: Suicide,
    ) -> Result<u32, PlacementError> {
        let mut placement = Placement::default();
        self.plan(color, point, suicide, &mut placement)?;
        self.commit(&placement);
        Ok(placement.stones_removed)
    }

    /// Puts a stone down on the empty point `position`, whose neighbourhood is `around`,
    /// merging chains, without resolving captures. Always inlined: [`Board::commit`] calls
    /// it at every move, and passing it the neighbourhood cost more than its body.
    #[inline(always)]
    fn add_stone(&mut self, position: usize, color: Color, around: Neighbourhood) {
        let own = cell_of(color);
        self.cells[position] = own;
        self.hash ^= zobrist(position, color);
        self.stones[color.index()] += 1;
        self.head[position] = position as u16;
        self.next[position] = position as u16;
        self.chain_len[position] = 1;
        self.liberties[position] = around.empty;
        // Every chain around loses the pseudo-liberty the stone takes; the sentinels' slots
        // take the same subtraction, branch-free, to no effect.
        for head in around.heads {
            self.liberties[head as usize] = self.liberties[head as usize].wrapping_sub(1);
        }
        let mut chain = position;
        // Called once per slot with a constant, so that each call folds to straight code.
        let mut join = |board: &mut Board, slot: usize| {
            let head = around.heads[slot];
            if is_chain(head)
                && board.cells[head as usize] == own
                && board.head[head as usize] as usize != chain
            {
                chain = board.merge(chain, head as usize);
            }
        };
        join(self, 0);
        join(self, 1);
        join(self, 2);
        join(self, 3);
    }

    /// Joins two chains: the shorter one takes the longer one's head, which is returned.
    fn merge(&mut self, first: usize, second: usize) -> usize {
        let (keep, absorb) = if self.chain_len[first] >= self.chain_len[second] {
            (first, second)
        } else {
            (second, first)
        };
        let mut stone = absorb;
        loop {
            self.head[stone] = keep as u16;
            stone = self.next[stone] as usize;
            if stone == absorb {
                break;
            }
        }
        self.next.swap(keep, absorb);
        self.liberties[keep] += self.liberties[absorb];
        self.chain_len[keep] += self.chain_len[absorb];
        keep
    }

    /// Lifts a whole chain, giving its points back as liberties to the chains around.
    fn remove_chain(&mut self, head: usize) {
        let mut stone = head;
        loop {
            let next = self.next[stone] as usize;
            let Some(color) = color_of(self.cells[stone]) else {
                break;
            };
            self.cells[stone] = EMPTY;
            self.head[stone] = NO_CHAIN;
            self.hash ^= zobrist(stone, color);
            self.stones[color.index()] -= 1;
            for neighbour in self.neighbours(stone) {
                let cell = self.cells[neighbour];
                if cell != EMPTY && cell != BORDER {
                    let neighbour_head = self.head[neighbour] as usize;
                    self.liberties[neighbour_head] += 1;
                }
            }
            stone = next;
            if stone == head {
                break;
            }
        }
    }

    /// Sets a point to a colour or empties it, as SGF `AB`/`AW`/`AE` do: no capture
    /// is made. Chains and liberties are rebuilt around the point.
    pub fn set(&mut self, point: Point, stone: Option<Color>) {
        if !self.size.contains(point) {
            return;
        }
        let position = self.position(point);
        if let Some(color) = color_of(self.cells[position]) {
            let head = self.head[position] as usize;
            let members: Vec<usize> = self.chain_positions(head);
            for &member in &members {
                self.cells[member] = EMPTY;
                self.head[member] = NO_CHAIN;
                self.hash ^= zobrist(member, color);
                self.stones[color.index()] -= 1;
                for neighbour in self.neighbours(member) {
                    let cell = self.cells[neighbour];
                    if cell != EMPTY && cell != BORDER && self.head[neighbour] as usize != head {
                        let neighbour_head = self.head[neighbour] as usize;
                        self.liberties[neighbour_head] += 1;
                    }
                }
            }
            for member in members.into_iter().filter(|&member| member != position) {
                self.add_stone(member, color, self.neighbourhood(member));
            }
        }
        if let Some(color) = stone {
            self.add_stone(position, color, self.neighbourhood(position));
        }
    }

    fn chain_positions(&self, head: usize) -> Vec<usize> {
        let mut members = Vec::new();
        self.for_each_stone(head, |stone| members.push(stone));
        members
    }

    /// The stones of the chain through `point` (empty when the point is empty).
    pub fn chain(&self, point: Point) -> Vec<Point> {
        if self.get(point).is_none() {
            return Vec::new();
        }
        let head = self.head[self.position(point)] as usize;
        self.chain_positions(head)
            .into_iter()
            .map(|position| self.point_at(position))
            .collect()
    }

    /// The distinct liberties of the chain through `point`.
    pub fn liberties(&self, point: Point) -> Vec<Point> {
        let mut found: Vec<Point> = Vec::new();
        for stone in self.chain(point) {
            for neighbour in self.neighbours(self.position(stone)) {
                if self.cells[neighbour] == EMPTY {
                    let liberty = self.point_at(neighbour);
                    if !found.contains(&liberty) {
                        found.push(liberty);
                    }
                }
            }
        }
        found
    }

    /// The on-board orthogonal neighbours of a point.
    pub fn adjacent(&self, point: Point) -> impl Iterator<Item = Point> + '_ {
        let position = self.position(point);
        self.neighbours(position)
            .into_iter()
            .filter(move |&neighbour| self.cells[neighbour] != BORDER)
            .map(move |neighbour| self.point_at(neighbour))
    }

    /// The point of a single stone whose capture of exactly one stone makes a simple
    /// ko: the placed stone stands alone with one liberty, the point it just emptied.
    #[inline(always)]
    pub fn ko_point_after(&self, placement: &Placement) -> Option<Point> {
        // A suicide captures no chain, so one captured chain of one stone says it all.
        if placement.captured_count != 1 || placement.stones_removed != 1 {
            return None;
        }
        let position = placement.position;
        if self.chain_len[position] != 1
            || self.head[position] as usize != position
            || self.liberties[position] != 1
        {
            return None;
        }
        let captured = self
            .neighbours(position)
            .into_iter()
            .find(|&neighbour| self.cells[neighbour] == EMPTY)?;
        Some(self.point_at(captured))
    }

    /// Reads a diagram: one row per line, `X`/`B`/`#` black, `O`/`W`/`@` white,
    /// `.`/`+`/`,` empty; spaces are ignored. For tests and documentation.
    pub fn from_diagram(diagram: &str) -> Option<Board> {
        let rows: Vec<Vec<char>> = diagram
            .lines()
            .map(|line| {
                line.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<Vec<char>>()
            })
            .filter(|row| !row.is_empty())
            .collect();
        let height = u8::try_from(rows.len()).ok()?;
        let width = u8::try_from(rows.first()?.len()).ok()?;
        let size = BoardSize::new(width, height)?;
        let mut board = Board::new(size);
        for (y, row) in rows.iter().enumerate() {
            if row.len() != width as usize {
                return None;
            }
            for (x, &symbol) in row.iter().enumerate() {
                let stone = match symbol {
                    'X' | 'B' | '#' => Some(Color::Black),
                    'O' | 'W' | '@' => Some(Color::White),
                    '.' | '+' | ',' => None,
                    _ => return None,
                };
                board.set(Point::new(x as u8, y as u8), stone);
            }
        }
        Some(board)
    }
}

impl PartialEq for Board {
    /// Two boards are equal when they hold the same stones.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells.0[..self.len] == other.cells.0[..other.len]
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Board {
    /// The diagram form read by [`Board::from_diagram`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.size.height {
            for x in 0..self.size.width {
                let symbol = match self.get(Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, "{symbol}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn at(text: &str) -> Point {
        Point::from_sgf(text).unwrap()
    }

    #[test]
    fn a_stone_without_liberties_is_captured() {
        let mut board = Board::from_diagram(
            "
            . X .
            X O .
            . X .",
        )
        .unwrap();
        assert_eq!(
            board.play(Color::Black, at("cb"), Suicide::Forbidden),
            Ok(1)
        );
        assert_eq!(board.get(at("bb")), None);
        assert_eq!(board.stone_count(Color::White), 0);
    }

    #[test]
    fn suicide_is_refused_or_clears_the_own_chain() {
        let diagram = "
            . X O .
            X O . .
            O . . .
            . . . .";
        let board = Board::from_diagram(diagram).unwrap();
        let mut forbidden = board.clone();
        assert_eq!(
            forbidden.play(Color::Black, at("aa"), Suicide::Forbidden),
            Err(PlacementError::Suicide)
        );
        assert_eq!(forbidden, board);
        let mut allowed = board.clone();
        assert_eq!(
            allowed.play(Color::Black, at("aa"), Suicide::Allowed),
            Ok(3)
        );
        assert_eq!(allowed.stone_count(Color::Black), 0);
        assert_eq!(allowed.stone_count(Color::White), 3);
        let mut lone = Board::from_diagram(".O.\nO..\n...").unwrap();
        let before = lone.clone();
        assert_eq!(lone.play(Color::Black, at("aa"), Suicide::Allowed), Ok(1));
        assert_eq!(lone, before);
    }

    #[test]
    fn filling_the_last_liberty_of_a_chain_that_captures_is_legal() {
        let mut board = Board::from_diagram(
            "
            . O X
            O X .
            X . .",
        )
        .unwrap();
        assert_eq!(
            board.play(Color::Black, at("aa"), Suicide::Forbidden),
            Ok(2)
        );
        assert_eq!(board.get(at("ba")), None);
        assert_eq!(board.get(at("ab")), None);
        assert_eq!(board.liberties(at("aa")).len(), 2);
    }

    #[test]
    fn set_splits_and_rebuilds_chains() {
        let mut board = Board::from_diagram("XXX\n...\n...").unwrap();
        board.set(at("ba"), None);
        assert_eq!(board.chain(at("aa")), vec![at("aa")]);
        assert_eq!(board.liberties(at("aa")).len(), 2);
        board.set(at("ba"), Some(Color::White));
        assert_eq!(board.liberties(at("aa")).len(), 1);
        assert_eq!(
            board.play(Color::White, at("ab"), Suicide::Forbidden),
            Ok(1)
        );
    }

    #[test]
    fn one_by_one_board_allows_no_move_under_forbidden_suicide() {
        let mut board = Board::new(BoardSize::new(1, 1).unwrap());
        assert_eq!(
            board.play(Color::Black, at("aa"), Suicide::Forbidden),
            Err(PlacementError::Suicide)
        );
        assert_eq!(board.play(Color::Black, at("aa"), Suicide::Allowed), Ok(1));
        assert_eq!(board.get(at("aa")), None);
        assert_eq!(
            board.play(Color::Black, at("ba"), Suicide::Allowed),
            Err(PlacementError::OffBoard)
        );
    }

    #[test]
    fn diagram_round_trips_through_display() {
        let text = "X.O\n.XO\nOO.\n..X\n";
        assert_eq!(Board::from_diagram(text).unwrap().to_string(), text);
    }
}
