//! Repetition: the positions a game has been through, so that ko and superko
//! (FFG rule 4, Tromp-Taylor rule 6) can name the earlier turn a move repeats.
//!
//! Positions are looked up by Zobrist hash, and every hash match is confirmed by
//! comparing whole boards: a hash collision can never make a legal move illegal.

use crate::board::{Board, Placement};
use crate::point::Color;

const VACANT: u32 = u32::MAX;

/// The first entry of each key: an open-addressing table with linear probing.
/// Zobrist keys are already uniformly distributed, so their low bits index it directly.
/// The slots in use are listed so that clearing between games touches only them.
struct FirstSeen {
    slots: Vec<(u64, u32)>,
    used: Vec<u32>,
}

impl FirstSeen {
    fn new() -> FirstSeen {
        FirstSeen { slots: vec![(0, VACANT); 256], used: Vec::new() }
    }

    fn clear(&mut self) {
        for &index in &self.used {
            self.slots[index as usize] = (0, VACANT);
        }
        self.used.clear();
    }

    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut index = key as usize & mask;
        while self.slots[index].1 != VACANT && self.slots[index].0 != key {
            index = (index + 1) & mask;
        }
        index
    }

    fn get(&self, key: u64) -> Option<u32> {
        let (_, entry) = self.slots[self.slot(key)];
        (entry != VACANT).then_some(entry)
    }

    /// Keeps the first entry recorded for a key.
    fn insert_first(&mut self, key: u64, entry: u32) {
        if 2 * (self.used.len() + 1) > self.slots.len() {
            let doubled = vec![(0, VACANT); self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, doubled);
            self.used.clear();
            for (old_key, old_entry) in old.into_iter().filter(|&(_, old_entry)| old_entry != VACANT) {
                self.insert_first(old_key, old_entry);
            }
        }
        let index = self.slot(key);
        if self.slots[index].1 == VACANT {
            self.slots[index] = (key, entry);
            self.used.push(index as u32);
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

/// Every position of a game, in order, each with the turn that produced it (0 = the start).
pub struct PositionHistory {
    identity: Identity,
    snapshot_words: usize,
    pictures: Vec<u64>,
    keys: Vec<u64>,
    to_move: Vec<Option<Color>>,
    turns: Vec<u32>,
    first: FirstSeen,
}

impl PositionHistory {
    pub fn new(identity: Identity) -> PositionHistory {
        PositionHistory {
            identity,
            snapshot_words: 0,
            pictures: Vec::new(),
            keys: Vec::new(),
            to_move: Vec::new(),
            turns: Vec::new(),
            first: FirstSeen::new(),
        }
    }

    /// Forgets every position, keeping the memory for the next game.
    pub fn reset(&mut self, identity: Identity, board: &Board) {
        self.identity = identity;
        self.snapshot_words = board.snapshot_words();
        self.pictures.clear();
        self.keys.clear();
        self.to_move.clear();
        self.turns.clear();
        self.first.clear();
    }

    fn key(&self, board_hash: u64, to_move: Option<Color>) -> u64 {
        match (self.identity, to_move) {
            (Identity::BoardAndPlayer, Some(Color::White)) => board_hash ^ WHITE_TO_MOVE,
            _ => board_hash,
        }
    }

    fn same_player(&self, entry: usize, to_move: Option<Color>) -> bool {
        self.identity == Identity::Board || self.to_move[entry] == to_move
    }

    /// Records the position reached after `turn` with `to_move` to play next.
    pub fn record(&mut self, board: &Board, to_move: Option<Color>, turn: u32) {
        let key = self.key(board.hash(), to_move);
        let entry = self.turns.len() as u32;
        board.push_snapshot(&mut self.pictures);
        self.keys.push(key);
        self.to_move.push(to_move);
        self.turns.push(turn);
        self.first.insert_first(key, entry);
    }

    fn picture(&self, entry: usize) -> &[u64] {
        &self.pictures[entry * self.snapshot_words..(entry + 1) * self.snapshot_words]
    }

    /// The first turn whose position the board after `placement` would repeat, with
    /// `to_move` to play next; confirmed on the whole board.
    pub fn repeated_by(&self, board: &Board, placement: &Placement, to_move: Option<Color>) -> Option<u32> {
        let key = self.key(placement.hash_after, to_move);
        let first = self.first.get(key)? as usize;
        let matches =
            |entry: usize| self.same_player(entry, to_move) && board.placement_matches(placement, self.picture(entry));
        if matches(first) {
            return Some(self.turns[first]);
        }
        (first + 1..self.keys.len())
            .find(|&entry| self.keys[entry] == key && matches(entry))
            .map(|entry| self.turns[entry])
    }
}
