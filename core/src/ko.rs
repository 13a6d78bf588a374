//! Repetition: the positions a game has been through, so that ko and superko
//! (FFG rule 4, Tromp-Taylor rule 6) can name the earlier turn a move repeats.
//!
//! Positions are looked up by Zobrist hash, and every hash match is confirmed by
//! comparing whole boards: a hash collision can never make a legal move illegal.
//!
//! A position can only repeat one with as many stones, so the positions are also linked
//! by their number of stones: a move that brings the board to a number of stones no
//! position had is new without any lookup (in a real game, every move but the captures
//! and a few moves after them), and the others compare their hash with the few
//! positions that had as many stones. A hostile record can make those many (a long run
//! of passes); past a few dozen, the game turns to a hash table of every position.

use crate::board::{Board, Change, Placement};
use crate::point::Color;

/// Slots of a new table: the positions of a game of some 120 turns fit without growing it.
const MIN_SLOTS: usize = 256;

/// A key and its first entry, stamped with the generation (the game) that wrote them.
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    entry: u32,
    generation: u32,
}

/// A slot no game has written: generation 0 is never current.
const UNWRITTEN: Slot = Slot {
    key: 0,
    entry: 0,
    generation: 0,
};

/// The first entry of each key: an open-addressing table with linear probing.
/// Zobrist keys are already uniformly distributed, so their low bits index it directly.
/// A slot is in use only if it carries the current generation: clearing the table
/// between games is a new generation, and touches no slot.
struct FirstSeen {
    slots: Vec<Slot>,
    generation: u32,
    /// Slots of the current generation.
    count: usize,
}

impl FirstSeen {
    fn new() -> FirstSeen {
        FirstSeen {
            slots: vec![UNWRITTEN; MIN_SLOTS],
            generation: 1,
            count: 0,
        }
    }

    /// Empties the table. A table grown far beyond the last game's needs is replaced
    /// by a small one, so that one huge record does not slow every later game; after
    /// four billion games the generations start again from unwritten slots.
    fn clear(&mut self) {
        if self.slots.len() > 4 * MIN_SLOTS && 8 * self.count < self.slots.len() {
            self.slots = vec![UNWRITTEN; MIN_SLOTS];
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(UNWRITTEN);
            self.generation = 1;
        }
        self.count = 0;
    }

    fn in_use(&self, index: usize) -> bool {
        self.slots[index].generation == self.generation
    }

    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut index = key as usize & mask;
        while self.in_use(index) && self.slots[index].key != key {
            index = (index + 1) & mask;
        }
        index
    }

    fn get(&self, key: u64) -> Option<u32> {
        let index = self.slot(key);
        self.in_use(index).then(|| self.slots[index].entry)
    }

    /// Grows the table, if needed, so that `additional` more keys keep it at most half full.
    fn reserve(&mut self, additional: usize) {
        while 2 * (self.count + additional) > self.slots.len() {
            self.grow();
        }
    }

    /// Keeps the first entry recorded for a key, in a table given room by [`FirstSeen::reserve`].
    #[inline]
    fn insert_first(&mut self, key: u64, entry: u32) {
        let index = self.slot(key);
        if !self.in_use(index) {
            self.slots[index] = Slot {
                key,
                entry,
                generation: self.generation,
            };
            self.count += 1;
        }
    }

    /// Doubles the table, inserting every entry of the current generation again.
    #[cold]
    fn grow(&mut self) {
        let doubled = vec![UNWRITTEN; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.count = 0;
        let generation = self.generation;
        for slot in old.into_iter().filter(|slot| slot.generation == generation) {
            self.insert_first(slot.key, slot.entry);
        }
    }
}

/// Key added for White to move, so that one table serves situational lookups.
const WHITE_TO_MOVE: u64 = 0x6A09_E667_F3BC_C909;

/// What identifies a repeated position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Identity {
    /// The board alone (positional superko).
    Board,
    /// The board and the player to move next (situational superko; cycle detection).
    BoardAndPlayer,
}

/// No entry: the end of a list of positions with as many stones.
const NO_ENTRY: u32 = u32::MAX;

/// Positions with as many stones that a lookup compares before it turns to the table.
const ALIKE_LIMIT: usize = 32;

/// One position of the game, in order of play: entry `n` is the position after turn `n`.
struct Entry {
    /// Zobrist hash of the board (its key in the table adds the player to move when that counts).
    hash: u64,
    /// End in `changes` of the stones the turns up to this one put down or lifted.
    changes_end: u32,
    /// The latest earlier position with as many stones, or `NO_ENTRY`.
    alike: u32,
    to_move: Option<Color>,
}

/// Every position of a game, in order: entry `n` is the position after turn `n` (0 = the start).
///
/// A position is kept as the stones its move changed, not as a picture of the board:
/// hash matches are rare, so rebuilding an earlier picture when one happens costs less
/// than copying the whole board at every move. Each change toggles one stone, so the
/// rebuilt picture moves to another entry by the changes between the two, forwards or
/// backwards: a long cycle (triple ko under simple ko, a hostile record) confirms each
/// repetition near the last one instead of replaying the game from the start.
pub struct PositionHistory {
    identity: Identity,
    /// The picture of the board at the start (after the setup stones).
    start: Vec<u64>,
    changes: Vec<Change>,
    entries: Vec<Entry>,
    /// For each number of stones, the latest position with that many, or `NO_ENTRY`.
    latest_with: Vec<u32>,
    /// The table of every position, once a lookup has met too many alike.
    first: FirstSeen,
    /// How many of `entries`, from the first, `first` holds; `None` until it is needed.
    indexed: Option<usize>,
    /// An earlier picture, rebuilt when a hash matches, and the board after a move.
    earlier: Vec<u64>,
    /// How many of `changes` `earlier` holds.
    earlier_changes: usize,
    after: Vec<u64>,
}

impl PositionHistory {
    pub fn new(identity: Identity) -> PositionHistory {
        PositionHistory {
            identity,
            start: Vec::new(),
            changes: Vec::new(),
            entries: Vec::new(),
            latest_with: Vec::new(),
            first: FirstSeen::new(),
            indexed: None,
            earlier: Vec::new(),
            earlier_changes: 0,
            after: Vec::new(),
        }
    }

    /// Forgets every position, keeping the memory for the next game; `board` is the start.
    pub fn reset(&mut self, identity: Identity, board: &Board) {
        self.identity = identity;
        board.picture_into(&mut self.start);
        self.earlier.clone_from(&self.start);
        self.earlier_changes = 0;
        self.changes.clear();
        self.entries.clear();
        let size = board.size();
        self.latest_with.clear();
        self.latest_with.resize(
            usize::from(size.width) * usize::from(size.height) + 1,
            NO_ENTRY,
        );
        if self.indexed.take().is_some() {
            self.first.clear();
        }
    }

    fn key(&self, board_hash: u64, to_move: Option<Color>) -> u64 {
        match (self.identity, to_move) {
            (Identity::BoardAndPlayer, Some(Color::White)) => board_hash ^ WHITE_TO_MOVE,
            _ => board_hash,
        }
    }

    /// Whether `entry` has this hash and player to move, when that counts: the position
    /// itself, unless two hashes collide.
    fn same_position(&self, entry: &Entry, hash: u64, to_move: Option<Color>) -> bool {
        entry.hash == hash && (self.identity == Identity::Board || entry.to_move == to_move)
    }

    /// Notes the stones `placement` changes, before it is committed: the next
    /// [`PositionHistory::record`] closes the turn. Always inlined: a move without
    /// capture is a single push.
    #[inline(always)]
    pub fn note(&mut self, board: &Board, placement: &Placement) {
        board.for_each_change(placement, |change| self.changes.push(change));
    }

    /// Records the position reached after the next turn (the start, first), with
    /// `to_move` to play next. Always inlined: it runs after every turn, and the call
    /// would cost a good part of it.
    #[inline(always)]
    pub fn record(&mut self, board: &Board, to_move: Option<Color>) {
        let entry = self.entries.len() as u32;
        let alike = std::mem::replace(&mut self.latest_with[board.stones() as usize], entry);
        self.entries.push(Entry {
            hash: board.hash(),
            changes_end: self.changes.len() as u32,
            alike,
            to_move,
        });
    }

    /// Enters in the table the positions recorded since it was last used.
    fn index_recorded(&mut self) {
        let indexed = self.indexed.unwrap_or(0);
        self.first.reserve(self.entries.len() - indexed);
        for (entry, recorded) in self.entries.iter().enumerate().skip(indexed) {
            self.first
                .insert_first(self.key(recorded.hash, recorded.to_move), entry as u32);
        }
        self.indexed = Some(self.entries.len());
    }

    /// The first position with this hash and player to move (when that counts) among
    /// those with `stones` stones, found by walking their list; `None` when the table is
    /// in use, or when more than `ALIKE_LIMIT` have as many (the table is then wanted).
    fn first_alike(
        &self,
        stones: usize,
        hash: u64,
        to_move: Option<Color>,
    ) -> Option<Option<usize>> {
        if self.indexed.is_some() {
            return None;
        }
        let mut entry = self.latest_with[stones];
        let mut first = None;
        for _ in 0..ALIKE_LIMIT {
            if entry == NO_ENTRY {
                break;
            }
            let alike = &self.entries[entry as usize];
            if self.same_position(alike, hash, to_move) {
                first = Some(entry as usize);
            }
            entry = alike.alike;
        }
        (entry == NO_ENTRY).then_some(first)
    }

    /// Whether the board after `placement` is the position of `entry`: the picture of
    /// that position is rebuilt from the last one rebuilt, then compared whole.
    fn placement_repeats(&mut self, board: &Board, placement: &Placement, entry: usize) -> bool {
        let target = self.entries[entry].changes_end as usize;
        let (from, to) = (
            self.earlier_changes.min(target),
            self.earlier_changes.max(target),
        );
        for &change in &self.changes[from..to] {
            board.apply(&mut self.earlier, change);
        }
        self.earlier_changes = target;
        board.placement_matches(placement, &self.earlier, &mut self.after)
    }

    /// The first turn whose position the board after `placement` would repeat, with
    /// `to_move` to play next; confirmed on the whole board. Always inlined: most moves
    /// end at the comparison of stone counts.
    #[inline(always)]
    pub fn repeated_by(
        &mut self,
        board: &Board,
        placement: &Placement,
        to_move: Option<Color>,
    ) -> Option<u32> {
        let stones = board.stones_after(placement) as usize;
        if self.latest_with[stones] == NO_ENTRY {
            return None;
        }
        self.looked_up(board, placement, to_move, stones)
    }

    /// [`PositionHistory::repeated_by`] for a move that may repeat a position: kept out of
    /// line, as most moves do not come here.
    #[inline(never)]
    fn looked_up(
        &mut self,
        board: &Board,
        placement: &Placement,
        to_move: Option<Color>,
        stones: usize,
    ) -> Option<u32> {
        let hash = placement.hash_after;
        let first = match self.first_alike(stones, hash, to_move) {
            Some(first) => first?,
            None => {
                self.index_recorded();
                self.first.get(self.key(hash, to_move))? as usize
            }
        };
        self.confirmed(board, placement, to_move, first)
    }

    /// The first position from `first` on (the first with the hash of the board after
    /// `placement`) that this board really repeats.
    fn confirmed(
        &mut self,
        board: &Board,
        placement: &Placement,
        to_move: Option<Color>,
        first: usize,
    ) -> Option<u32> {
        (first..self.entries.len())
            .find(|&entry| {
                self.same_position(&self.entries[entry], placement.hash_after, to_move)
                    && self.placement_repeats(board, placement, entry)
            })
            .map(|entry| entry as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spread keys, as Zobrist keys are.
    fn key(number: u64) -> u64 {
        number.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[test]
    fn first_seen_forgets_every_key_of_a_cleared_game() {
        let mut table = FirstSeen::new();
        for size in [2000u64, 10, 300, 10, 0, 5] {
            for number in 0..size {
                assert_eq!(table.get(key(number)), None);
                table.reserve(2);
                table.insert_first(key(number), number as u32);
                table.insert_first(key(number), u32::MAX);
            }
            for number in 0..size {
                assert_eq!(table.get(key(number)), Some(number as u32));
            }
            assert_eq!(table.get(key(size)), None);
            table.clear();
            for number in 0..=size {
                assert_eq!(table.get(key(number)), None);
            }
        }
    }

    #[test]
    fn first_seen_survives_the_generations_wrapping() {
        let mut table = FirstSeen::new();
        table.generation = u32::MAX;
        table.reserve(1);
        table.insert_first(key(1), 1);
        table.clear();
        assert_eq!(table.generation, 1);
        assert_eq!(table.get(key(1)), None);
        table.reserve(1);
        table.insert_first(key(1), 2);
        assert_eq!(table.get(key(1)), Some(2));
    }
}
