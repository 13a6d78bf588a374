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
    let parameters = tournament.pairing.unwrap();
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

/// A file without `paiMaSeedSystem2`: OpenGotha's import makes it split and fold (a new
/// tournament's default is split and slip). Round 5 of `remote/20201110153139_cdff2020LV2.xml`
/// (public repository `lucvannier/opengotha`, saved by OpenGotha 3.51; players renamed
/// `P01`…`P24`, clubs `C1`…, round 5's games left out, `paiMaSeedSystem2` removed:
/// `data/opengotha_no_seed_system_2.xml`), four players paired by OpenGotha 3.51.02. With
/// the file's own split and slip, OpenGotha pairs P22–P07 and P15–P03 instead: no pair in
/// common.
#[test]
fn a_missing_seed_system_2_is_split_and_fold_as_opengotha_imports_it() {
    let file = include_bytes!("data/opengotha_no_seed_system_2.xml");
    assert_eq!(
        paired(file, 5),
        "1\tP07 Test\tP03 Test\t0\n\
         2\tP22 Test\tP15 Test\t0"
    );
}

/// Cup (CPS) score groups run from 2^(round − 1) down to 0. Rounds 2 to 4 of
/// `tournamentfiles/CdFA2020-essaiLVCup.xml` (public repository `lucvannier/opengotha`,
/// saved by OpenGotha 3.51.02; players renamed, round 4's games left out:
/// `data/opengotha_cup.xml`), 16 players, paired by OpenGotha 3.51.02.
#[test]
fn cup_rounds_pair_as_opengotha_pairs_them() {
    let file = include_bytes!("data/opengotha_cup.xml");
    assert_eq!(
        paired(file, 2),
        "1\tP13 Test\tP04 Test\t0\n\
         2\tP07 Test\tP10 Test\t0\n\
         3\tP03 Test\tP14 Test\t0\n\
         4\tP12 Test\tP02 Test\t0\n\
         5\tP09 Test\tP15 Test\t0\n\
         6\tP06 Test\tP05 Test\t0\n\
         7\tP11 Test\tP08 Test\t0\n\
         8\tP16 Test\tP01 Test\t0"
    );
    assert_eq!(
        paired(file, 3),
        "1\tP13 Test\tP10 Test\t0\n\
         2\tP14 Test\tP12 Test\t0\n\
         3\tP04 Test\tP07 Test\t0\n\
         4\tP03 Test\tP02 Test\t0\n\
         5\tP09 Test\tP11 Test\t0\n\
         6\tP05 Test\tP16 Test\t0\n\
         7\tP08 Test\tP15 Test\t0\n\
         8\tP06 Test\tP01 Test\t0"
    );
    assert_eq!(
        paired(file, 4),
        "1\tP13 Test\tP14 Test\t0\n\
         2\tP12 Test\tP10 Test\t0\n\
         3\tP02 Test\tP07 Test\t0\n\
         4\tP04 Test\tP03 Test\t0\n\
         5\tP09 Test\tP16 Test\t0\n\
         6\tP05 Test\tP11 Test\t0\n\
         7\tP15 Test\tP06 Test\t0\n\
         8\tP08 Test\tP01 Test\t0"
    );
}

/// A rating of −7800 is read −900, as OpenGotha holds ratings on import. Round 1 of
/// `remote/20200918065538_AVG11.xml` (public repository `lucvannier/opengotha`, saved by
/// OpenGotha 3.49; players renamed, games left out: `data/opengotha_clamped_rating.xml`),
/// 30 players, two of them (P02, P06) rated −7800, paired by OpenGotha 3.50.
#[test]
fn a_rating_beyond_the_scale_is_held_and_pairs_as_opengotha_pairs_it() {
    let file = include_bytes!("data/opengotha_clamped_rating.xml");
    let tournament = opengotha::import(file).unwrap();
    for id in ["P02TEST", "P06TEST"] {
        let player = tournament.players.iter().find(|p| p.id == id).unwrap();
        assert_eq!(player.rating, Some(-900), "{id}");
    }
    assert_eq!(
        paired(file, 1),
        "1\tP01 Test\tP12 Test\t0\n\
         2\tP15 Test\tP02 Test\t0\n\
         3\tP29 Test\tP03 Test\t0\n\
         4\tP10 Test\tP04 Test\t0\n\
         5\tP23 Test\tP05 Test\t0\n\
         6\tP06 Test\tP27 Test\t0\n\
         7\tP07 Test\tP17 Test\t0\n\
         8\tP08 Test\tP26 Test\t0\n\
         9\tP28 Test\tP09 Test\t0\n\
         10\tP11 Test\tP14 Test\t0\n\
         11\tP25 Test\tP13 Test\t0\n\
         12\tP30 Test\tP16 Test\t0\n\
         13\tP19 Test\tP18 Test\t0\n\
         14\tP20 Test\tP22 Test\t0\n\
         15\tP24 Test\tP21 Test\t0"
    );
}

/// A game both players won (`RESULT_BOTHWIN`) gives Black no McMahon point in OpenGotha
/// 3.52.03, one in 3.51.02. `data/opengotha_both_win.xml`: the players of
/// `data/opengotha_several_games.xml` with one round of seven games, the first both won,
/// saved as 3.52.03; round 2 paired by OpenGotha 3.52.03, and by 3.51.02 for the same file
/// saying 3.51.02.
#[test]
fn a_both_win_round_pairs_as_each_release_pairs_it() {
    let file = include_bytes!("data/opengotha_both_win.xml");
    assert_eq!(
        paired(file, 2),
        "1\t1791 GuestB\t1794 GuestD\t0\n\
         2\t1858 GuestG\t1815 GuestO\t7\n\
         3\t1812 GuestM\t1863 GuestE\t1\n\
         4\t1862 GuestH\t1793 GuestF\t0\n\
         5\t1860 GuestI\t1865 GuestL\t0\n\
         6\t1859 GuestC\t1861 GuestJ\t0\n\
         7\t1827 GuestA\t1864 GuestN\t0\n\
         BYE\t1866 GuestK"
    );
    let as_351 = String::from_utf8(file.to_vec()).unwrap().replace(
        r#"fullVersionNumber="3.52.03""#,
        r#"fullVersionNumber="3.51.02""#,
    );
    assert_eq!(
        paired(as_351.as_bytes(), 2),
        "1\t1791 GuestB\t1794 GuestD\t0\n\
         2\t1858 GuestG\t1815 GuestO\t7\n\
         3\t1812 GuestM\t1860 GuestI\t1\n\
         4\t1827 GuestA\t1865 GuestL\t0\n\
         5\t1863 GuestE\t1862 GuestH\t0\n\
         6\t1864 GuestN\t1793 GuestF\t0\n\
         7\t1859 GuestC\t1861 GuestJ\t0\n\
         BYE\t1866 GuestK"
    );
}
