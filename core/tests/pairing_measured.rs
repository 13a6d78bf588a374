//! Rounds of real OpenGotha files that arbitre once paired otherwise than OpenGotha, each
//! paired here and compared with the pairing OpenGotha's own jar made of the same round
//! (run headless, outside this repository: pairs, colours, handicaps, tables and bye, as
//! `arbitre pair` prints them). Each case cites the file it comes from.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbitre_core::export::opengotha;
use arbitre_core::pairing::{Parallelism, Request, Round};
use arbitre_core::standings::{self, Tournament};

/// `round` of the file paired by arbitre, in the oracle's format: a line per table,
/// `table<TAB>white<TAB>black<TAB>handicap` (players as `Name Firstname`), then the bye.
fn paired(file: &[u8], round: u32) -> String {
    let tournament = opengotha::import(file).unwrap();
    let parameters = tournament.pairing.clone().unwrap();
    let request = Request {
        round,
        participants: tournament.clone().unpaired(round).participants(round),
        ..Request::default()
    };
    let made = Round::prepare(&tournament, &parameters, &request)
        .unwrap()
        .pair(Parallelism::Sequential)
        .unwrap();
    let mut lines: Vec<String> = made
        .games
        .iter()
        .map(|game| {
            format!(
                "{}\t{}\t{}\t{}",
                game.table,
                name(&tournament, &game.white),
                name(&tournament, &game.black),
                game.handicap
            )
        })
        .collect();
    if let Some(bye) = &made.bye {
        lines.push(format!("BYE\t{}", name(&tournament, bye)));
    }
    lines.join("\n")
}

fn name(tournament: &Tournament, id: &str) -> String {
    let player = tournament.players.iter().find(|p| p.id == id).unwrap();
    format!("{} {}", player.surname, player.first_name)
}

/// The standings after `round`: `Name Firstname<TAB>criteria…` in half points, by place.
fn standings_after(file: &[u8], round: u32) -> Vec<String> {
    let tournament = opengotha::import(file).unwrap();
    standings::compute(&tournament, round)
        .unwrap()
        .iter()
        .map(|standing| {
            let criteria: Vec<String> = standing
                .criteria
                .iter()
                .map(|score| (score.quarters() / 2).to_string())
                .collect();
            format!(
                "{}\t{}",
                name(&tournament, &standing.player),
                criteria.join("\t")
            )
        })
        .collect()
}

/// Several games of one player in one round (an organizer's test): round 1 of
/// `remote/20201126103200_round3.xml` (public repository `lucvannier/opengotha`, saved by
/// OpenGotha 3.50) has 1793 playing 1791 four times and 1794 seven times, and round 2
/// has 1793 playing 1812 twice; names replaced (`data/opengotha_several_games.xml`).
/// OpenGotha 3.50 reads it, scores every game (1793: 10 + 7½ after round 1) and counts
/// each player's game at the highest table as their game of the round (1793's SOS after
/// round 1 is 1794's score alone); its standings and pairings below.
const SEVERAL_GAMES: &[u8] = include_bytes!("data/opengotha_several_games.xml");

#[test]
fn several_games_a_round_are_scored_as_opengotha_scores_them() {
    // MMS, SOSM, SOSOSM in half points, from OpenGotha's standings after rounds 1 and 2.
    let after_1 = standings_after(SEVERAL_GAMES, 1);
    assert_eq!(
        after_1[..6],
        [
            "1794 GuestD\t70\t35\t70",
            "1791 GuestB\t69\t35\t70",
            "1858 GuestG\t66\t66\t66",
            "1815 GuestO\t42\t42\t42",
            "1793 GuestF\t35\t70\t35",
            "1812 GuestM\t24\t24\t24",
        ]
    );
    let after_2 = standings_after(SEVERAL_GAMES, 2);
    assert_eq!(
        after_2[..6],
        [
            "1794 GuestD\t70\t103\t228",
            "1791 GuestB\t69\t103\t228",
            "1858 GuestG\t66\t132\t264",
            "1815 GuestO\t42\t84\t168",
            "1793 GuestF\t37\t96\t164",
            "1812 GuestM\t26\t61\t144",
        ]
    );
}

#[test]
fn several_games_a_round_pair_as_opengotha_pairs_them() {
    assert_eq!(
        paired(SEVERAL_GAMES, 2),
        "1\t1791 GuestB\t1794 GuestD\t0\n\
         2\t1858 GuestG\t1815 GuestO\t8\n\
         3\t1793 GuestF\t1812 GuestM\t4\n\
         4\t1827 GuestA\t1864 GuestN\t0\n\
         5\t1861 GuestJ\t1859 GuestC\t0\n\
         6\t1860 GuestI\t1865 GuestL\t0\n\
         7\t1862 GuestH\t1863 GuestE\t0\n\
         BYE\t1866 GuestK"
    );
    assert_eq!(
        paired(SEVERAL_GAMES, 3),
        "1\t1791 GuestB\t1794 GuestD\t0\n\
         2\t1858 GuestG\t1815 GuestO\t8\n\
         3\t1793 GuestF\t1827 GuestA\t7\n\
         4\t1812 GuestM\t1862 GuestH\t2\n\
         5\t1863 GuestE\t1859 GuestC\t0\n\
         6\t1860 GuestI\t1864 GuestN\t0\n\
         7\t1861 GuestJ\t1865 GuestL\t0\n\
         BYE\t1866 GuestK"
    );
}

#[test]
fn several_games_a_round_are_read_with_a_warning_on_each() {
    let (_, warnings) = opengotha::import_with_warnings(SEVERAL_GAMES).unwrap();
    // One per game that is not the game of the round of one of its players: every game of
    // round 1 but table 11 (1793 and 1794's last), and table 1 of round 2.
    assert!(warnings.iter().all(|warning| warning.element == "Game"));
    assert_eq!(warnings.len(), 11);
}
