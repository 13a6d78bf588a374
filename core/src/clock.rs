//! Game clocks: every time system a Go tournament uses, exact to the millisecond.
//!
//! "Tout dépassement du temps réglementaire est compté comme perdant la partie" (FFG,
//! time rules): a loss on time is indisputable only if the clock is. So the clock is
//! pure and event-sourced: time comes in as event instants from the server's monotonic
//! clock, never from the system; the state is the fold of the game's clock log, and
//! replaying the log gives the same state, flag and all.
//!
//! * [`TimeControl`]: the time systems and their exact semantics, [`FlagPolicy`]: what
//!   a flag fall does;
//! * [`Clock`] and [`replay`]: the event-sourced clock, its flags, pauses (rule 5 bis)
//!   and referee adjustments;
//! * SGF `TM`/`OT` and `BL`/`WL`/`OB`/`OW` values ([`TimeControl::to_sgf`],
//!   [`TimeControl::from_sgf`], [`SgfMoveTime`]);
//! * [`egd_class`]: the EGF tournament class for the EGD export.

mod class;
mod format;
mod state;
mod system;

pub use class::{egd_class, EgdClass};
pub use format::{format_seconds, parse_seconds, FormatError, SgfMoveTime, SgfTimeProperties};
pub use state::{
    replay, Clock, ClockError, ClockEvent, ClockOutcome, ClockStatus, PlayerTime, TimeLoss,
};
pub use system::{FlagPolicy, TimeControl, TimeControlError};
