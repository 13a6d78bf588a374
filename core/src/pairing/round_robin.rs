//! Round robin: everyone meets everyone, on Berger tables (the circle method, as the FIDE
//! Handbook's Berger tables lay them out), players numbered in pairing order.

/// The pairs of `round` (from 1) for `players` players, as positions in pairing order.
/// With an odd number, the player facing the empty seat is left out (the bye).
pub fn pairs(players: usize, round: u32) -> Vec<(usize, usize)> {
    let seats = players + players % 2;
    if seats < 2 {
        return Vec::new();
    }
    let turns = seats - 1;
    let turn = (round.saturating_sub(1) as usize) % turns;
    let fixed = seats - 1;
    let mut pairs = Vec::with_capacity(seats / 2);
    let seat = |offset: usize| (turn + offset) % turns;
    pairs.push((seat(0), fixed));
    for offset in 1..seats / 2 {
        pairs.push((seat(offset), seat(turns - offset)));
    }
    pairs
        .into_iter()
        .filter(|&(a, b)| a < players && b < players)
        .collect()
}
