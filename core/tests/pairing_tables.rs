//! Table numbers as OpenGotha 3.51.02 gave them in a round of 250 games
//! (`data/opengotha_351_tables.tsv`, from round 2 of `remote/20210108111429_TestMM500.xml`
//! of the public repository `lucvannier/opengotha`, paired by OpenGotha's own jar).
//!
//! Ties on the representative's criteria and rating are where the order is decided by
//! Java's sort: 3.51's comparison answers "the other game first" whichever is asked, which
//! keeps the engine's order in a short round but, in a round of 32 games or more, lets a
//! merge of the sort's runs put a later tied game first (tables 47–48, 129–130, 161–162,
//! 234–235 of this round).

#![allow(clippy::unwrap_used)]

use arbitre_core::pairing::parameters::OpenGothaVersion;
use arbitre_core::pairing::tables::{number, Seat};
use arbitre_core::standings::Score;

struct Player {
    criteria: Vec<Score>,
    rating: i32,
    order: usize,
}

fn player(criteria: &str, rating: &str, order: &str) -> Player {
    Player {
        criteria: criteria
            .split(',')
            .map(|half_points| Score::from_quarters(2 * half_points.parse::<i64>().unwrap()))
            .collect(),
        rating: rating.parse().unwrap(),
        order: order.parse().unwrap(),
    }
}

#[test]
fn a_round_of_250_games_is_numbered_as_opengotha_351_numbered_it() {
    let text = include_str!("data/opengotha_351_tables.tsv");
    let games: Vec<(u32, Player, Player)> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (
                f[0].parse().unwrap(),
                player(f[1], f[2], f[3]),
                player(f[4], f[5], f[6]),
            )
        })
        .collect();
    assert_eq!(games.len(), 250);
    fn seat(p: &Player) -> Seat<'_> {
        Seat {
            criteria: &p.criteria,
            rating: p.rating,
            vertex: p.order,
        }
    }
    let seats: Vec<(Seat, Seat)> = games.iter().map(|(_, w, b)| (seat(w), seat(b))).collect();
    let expected: Vec<u32> = games.iter().map(|(table, _, _)| *table).collect();
    assert_eq!(number(&seats, OpenGothaVersion::V351), expected);
}
