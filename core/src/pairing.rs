//! Pairing a round as OpenGotha pairs it: every pair of players gets a cost from weighted
//! criteria, and the round is the perfect matching of largest total cost.

pub mod matching;
