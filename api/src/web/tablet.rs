//! The table's tablet (issue 23): a tablet is signed in once for a table number of a
//! tournament and shows, round after round, the game the published pairing puts there.
//!
//! [`links`] is the staff's side: the one-time sign-in links of every table at once, with
//! their QR codes, to print, and the revocation of a table's tablets. [`play`] is the
//! table's page and the requests its script sends, each handed to the very route the JSON
//! API serves, with the tablet's token as the caller.

pub mod links;
pub mod play;
pub mod reach;
