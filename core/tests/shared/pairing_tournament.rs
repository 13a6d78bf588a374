//! A tournament shell for pairing tests and benchmarks: McMahon bar 4d, floor 20k, zero
//! 30k; handicap from McMahon scores, correction 1, no handicap from 1d; a bye worth one
//! point, an absence half a point, rounded down. Included with `#[path]` by
//! `tests/pairing_properties.rs` and `benches/pair.rs`.

use arbitre_core::clock::TimeControl;
use arbitre_core::standings::{
    Credit, Criterion, Game, HandicapPolicy, McMahon, Player, Rank, RoundEntry, Scoring, Tournament,
};

/// The shell with these players, games and byes, `rounds` rounds, placement `criteria` and
/// a handicap `ceiling`.
pub fn tournament(
    players: Vec<Player>,
    games: Vec<Game>,
    byes: Vec<RoundEntry>,
    rounds: u32,
    criteria: Vec<Criterion>,
    ceiling: u32,
) -> Tournament {
    Tournament {
        name: "Pairing test".to_string(),
        short_name: "pairing".to_string(),
        city: String::new(),
        country: "FR".to_string(),
        director: String::new(),
        start_date: "2026-01-01".to_string(),
        end_date: "2026-01-02".to_string(),
        online: false,
        board_size: 19,
        komi: 7.5,
        rules: None,
        time: TimeControl::ByoYomi {
            main_time_ms: 3_600_000,
            periods: 5,
            period_ms: 30_000,
        },
        handicap: HandicapPolicy {
            reduction: 1,
            ceiling,
            based_on_mms: true,
            no_handicap_from: Rank::from_value(0),
        },
        rounds,
        mcmahon: McMahon {
            bar: Rank::from_value(3),
            floor: Rank::from_value(-20),
            zero: Rank::from_value(-30),
        },
        category_limits: Vec::new(),
        breizh_limits: Vec::new(),
        scoring: Scoring {
            bye: Credit {
                mms_half_points: 2,
                nbw_half_points: 2,
            },
            absence: Credit {
                mms_half_points: 1,
                nbw_half_points: 0,
            },
            round_down: true,
            unplayed_as_half_point_in_sos: false,
        },
        criteria,
        players,
        games,
        byes,
        absences: Vec::new(),
        pairing: None,
        key_locale: Default::default(),
        display: Default::default(),
    }
}

/// A player of rank `rank` (OpenGotha's scale: 0 is 1d) and rating `rating`.
pub fn player(
    id: String,
    surname: String,
    rank: i32,
    rating: i32,
    club: String,
    country: &str,
) -> Player {
    Player {
        id,
        surname,
        first_name: "Test".to_string(),
        rank: Rank::from_value(rank),
        rating: Some(rating),
        country: country.to_string(),
        club,
        egd_pin: None,
        ffg_licence: None,
        aga_id: None,
        mms_correction: 0,
        preliminary: false,
    }
}
