//! Handicap, colours and komi of a game, from the tournament's handicap policy (OpenGotha
//! `HandicapParameterSet`) and the rules.

use crate::standings::{HandicapPolicy, McMahon, Rank};

/// The rank a player's handicap is computed from: the rank itself, or the rank whose
/// McMahon start score equals the player's McMahon score (`hdBasedOnMMS`), held at the
/// no-handicap threshold so that players at or above it give no stones to each other
/// (`hdNoHdRankThreshold`).
pub fn pseudo_rank(
    policy: &HandicapPolicy,
    mcmahon: &McMahon,
    rank: Rank,
    mms_quarters: i64,
) -> i32 {
    let value = if policy.based_on_mms {
        let points = mms_quarters.div_euclid(4);
        let value = points + i64::from(mcmahon.zero.value());
        i32::try_from(value.clamp(-1000, 1000)).unwrap_or(0)
    } else {
        rank.value()
    };
    value.min(policy.no_handicap_from.value())
}

/// Stones for a game between players of these pseudo-ranks: the difference, less the
/// correction (`hdCorrection`, which may be negative: a correction of −1 gives one stone more),
/// never below 0, at most the ceiling (`hdCeiling`; 0 means even games).
pub fn handicap(policy: &HandicapPolicy, first: i32, second: i32) -> u32 {
    let stones = i64::from(first.abs_diff(second)) - i64::from(policy.reduction);
    u32::try_from(stones.max(0))
        .unwrap_or(u32::MAX)
        .min(policy.ceiling)
}
