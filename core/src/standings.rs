//! Standings after any round: McMahon score, number of wins and the tie-breakers a
//! tournament chooses (every placement criterion OpenGotha offers: categories, SOS, SOS−1,
//! SOS−2, SODOS, SOSOS, CUSS, Strasbourg and cup scores, exploits, direct confrontation and
//! its simplified form), with byes, absences, jigo, games won by default and void games.
//!
//! [`Tournament`] is the pure data model the rating exports (`crate::export`) read; the
//! service stores and serves the same values.

mod compute;
mod entry;
mod rank;
mod recorded;
mod tournament;

pub use compute::{compute, Outcome, RoundOutcome, Score, Standing, StandingsError};
pub use entry::{read_entry, Entry, EntryError};
pub use rank::{Rank, RankError};
pub use recorded::{counts, opengotha_result_name, result_named, Recorded};
pub use tournament::{
    Basis, Credit, Criterion, Game, GameResult, HandicapField, HandicapPolicy, KeyLocale, McMahon,
    Player, RoundEntry, Scoring, Tournament,
};
