//! arbitre's OpenGotha file is a save OpenGotha reads back to the same tournament: the
//! absences announced for rounds not played yet, the byes, every criterion, the keys in the
//! locale the file was saved in (`İ` under a Turkish locale; spaces other than U+0020 kept)
//! and the McMahon zero OpenGotha counts from (30K, whatever `genMMZero` says).
//!
//! The property test generates tournaments arbitre holds, writes them, reads them back and
//! writes them again: the second reading equals the first, and both rank every round as
//! the tournament generated.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

#[path = "shared/pairing_tournament.rs"]
#[allow(dead_code)]
mod shell;

use arbitre_core::export::{self, opengotha, Format};
use arbitre_core::standings::{
    compute, Criterion, Game, GameResult, KeyLocale, Player, Rank, RoundEntry, Tournament,
};
use proptest::prelude::*;

/// A tournament of four rounds, two played, with absences announced for rounds 3 and 4.
/// The names carry an `i` (written `İ` in a Turkish-locale key) and a no-break space.
fn announced() -> Tournament {
    let players = vec![
        player("Yilmaz", "Elif", 0),
        player("Le\u{a0}Gall", "Anne", -2),
        player("Kaya", "Can", -5),
        player("Demir", "Ali", -8),
    ];
    let ids: Vec<String> = players.iter().map(|player| player.id.clone()).collect();
    let id = |index: usize| ids[index].clone();
    let game = |round: u32, black: usize, white: usize, result: GameResult| Game {
        round,
        table: None,
        black: id(black),
        white: id(white),
        handicap: 0,
        komi: None,
        colours_known: true,
        result,
        by_default: false,
    };
    let games = vec![
        game(1, 0, 1, GameResult::BlackWins),
        game(1, 2, 3, GameResult::WhiteWins),
        game(2, 0, 3, GameResult::Jigo),
        game(2, 1, 2, GameResult::Unknown),
    ];
    let mut tournament = shell::tournament(
        players,
        games,
        Vec::new(),
        4,
        vec![
            Criterion::Mms,
            Criterion::Sos(arbitre_core::standings::Basis::Mms),
        ],
        9,
    );
    tournament.absences = vec![
        RoundEntry {
            round: 3,
            player: id(1),
        },
        RoundEntry {
            round: 4,
            player: id(1),
        },
        RoundEntry {
            round: 4,
            player: id(3),
        },
    ];
    tournament
}

fn player(surname: &str, first_name: &str, rank: i32) -> Player {
    let mut player = shell::player(
        key(surname, first_name),
        surname.to_string(),
        rank,
        1500 + 100 * rank,
        "Club".to_string(),
        "FR",
    );
    player.first_name = first_name.to_string();
    player
}

/// OpenGotha's key outside a Turkish locale: U+0020 removed, upper-cased.
fn key(surname: &str, first_name: &str) -> String {
    format!("{surname}{first_name}")
        .replace(' ', "")
        .to_uppercase()
}

fn saved(tournament: &Tournament) -> String {
    String::from_utf8(export::write(Format::OpenGotha, tournament).unwrap()).unwrap()
}

/// The export keeps the absences of rounds not played yet; the standings after every
/// round, the one OpenGotha's exports rank after included, are the tournament's.
#[test]
fn absences_of_later_rounds_are_saved() {
    let tournament = announced();
    assert_eq!(tournament.last_round(), 2);
    let file = saved(&tournament);
    assert!(
        file.contains(r#"participating="11001111111111111111""#),
        "{file}"
    );
    let again = opengotha::import(file.as_bytes()).unwrap();
    assert_eq!(again.absences, tournament.absences);
    for round in 0..=4 {
        assert_eq!(
            compute(&again, round).unwrap(),
            compute(&tournament, round).unwrap()
        );
    }
    // After round 1 only, the games of round 2 are left out, the absences kept.
    let after_one = export::write_after(Format::OpenGotha, &tournament, 1).unwrap();
    let after_one = opengotha::import(&after_one).unwrap();
    assert_eq!(after_one.last_round(), 1);
    assert_eq!(after_one.absences, tournament.absences);
}

/// A key holding a no-break space keeps it (OpenGotha removes U+0020 only), so that the
/// file's games find the player by the key OpenGotha wrote.
#[test]
fn keys_keep_spaces_other_than_u0020() {
    let file = saved(&announced());
    assert!(file.contains("blackPlayer=\"LE\u{a0}GALLANNE\""), "{file}");
    let again = opengotha::import(file.as_bytes()).unwrap();
    assert_eq!(again.players[1].id, "LE\u{a0}GALLANNE");
}

/// A file saved under a Turkish locale names `Yilmaz Elif` `YİLMAZELİF`: arbitre reads it,
/// remembers the locale, and writes every key back in it.
#[test]
fn turkish_locale_keys_are_written_back_as_read() {
    let file = saved(&announced());
    assert!(file.contains("\"YILMAZELIF\""), "{file}");
    let turkish = file
        .replace("\"YILMAZELIF\"", "\"YİLMAZELİF\"")
        .replace("\"DEMIRALI\"", "\"DEMİRALİ\"");
    let tournament = opengotha::import(turkish.as_bytes()).unwrap();
    assert_eq!(tournament.key_locale, KeyLocale::Turkish);
    assert_eq!(tournament.games[0].black, "YILMAZELIF");
    let again = opengotha::export(&tournament).unwrap();
    assert!(again.contains("blackPlayer=\"YİLMAZELİF\""), "{again}");
    assert!(again.contains("whitePlayer=\"DEMİRALİ\""), "{again}");
    assert!(!again.contains("YILMAZELIF"), "{again}");
    assert_eq!(opengotha::import(again.as_bytes()).unwrap(), tournament);
}

/// OpenGotha reads `genMMZero` and ignores it: start scores count from 30K. arbitre reads
/// a file saying 25K as OpenGotha does, and writes the 30K OpenGotha always writes.
#[test]
fn the_mcmahon_zero_is_always_30k() {
    let file = saved(&announced());
    assert!(file.contains(r#"genMMZero="30K""#), "{file}");
    let other_zero = file.replace(r#"genMMZero="30K""#, r#"genMMZero="25K""#);
    let tournament = opengotha::import(other_zero.as_bytes()).unwrap();
    assert_eq!(tournament.mcmahon.zero, Rank::THIRTY_KYU);
    assert_eq!(
        compute(&tournament, 2).unwrap(),
        compute(&opengotha::import(file.as_bytes()).unwrap(), 2).unwrap()
    );
}

/// OpenGotha's display settings (`DPParameterSet`) are written back as the file had them:
/// `displayNPPlayers` decides whether OpenGotha's standings list the players who have not
/// played (two public files, `LA19.xml`, list them), `gameFormat` its `.h9` cells.
#[test]
fn display_settings_are_written_back_as_read() {
    let file = saved(&announced());
    assert!(
        !file.contains("DPParameterSet"),
        "none held, none written: {file}"
    );
    let display =
        r#"<DPParameterSet displayNPPlayers="true" gameFormat="short" playerSortType="rank"/>"#;
    let with_display = file.replace(
        "</TournamentParameterSet>",
        &format!("{display}\n</TournamentParameterSet>"),
    );
    let tournament = opengotha::import(with_display.as_bytes()).unwrap();
    assert_eq!(tournament.display["displayNPPlayers"], "true");
    assert_eq!(tournament.display["gameFormat"], "short");
    let again = opengotha::export(&tournament).unwrap();
    assert!(again.contains(display), "{again}");
    assert_eq!(opengotha::import(again.as_bytes()).unwrap(), tournament);
}

const SURNAMES: [&str; 8] = [
    "Yilmaz",
    "Le\u{a0}Gall",
    "Dupont",
    "Öz",
    "van der Berg",
    "Kılıç",
    "Åberg",
    "Nowak",
];
const CRITERIA: [&str; 13] = [
    "MMS", "NBW", "SOSM", "SOSW-1", "SOSOSM", "SODOSW", "CUSSM", "EXT", "DC", "Rank", "Rating",
    "CAT", "BZS",
];

/// A tournament as a director holds it: `players` players (ranks, names, corrections and
/// EGD PINs drawn), `rounds` declared, the first `played` of them paired from the players
/// present, absences in any round, results of every kind, criteria, categories, Breizh
/// groups and credits drawn.
fn generated(seed: &[u32], players: usize, rounds: u32, played: u32) -> Tournament {
    let mut draws = seed.iter().copied().cycle();
    let mut draw = |modulo: u32| draws.next().unwrap_or(0) % modulo;
    let roster: Vec<Player> = (0..players)
        .map(|index| {
            let surname = format!("{}{index}", SURNAMES[index % SURNAMES.len()]);
            let mut player = player(&surname, "Li", draw(30) as i32 - 22);
            player.mms_correction = draw(3) as i32 - 1;
            player.preliminary = draw(10) == 0;
            player.egd_pin = (draw(2) == 0).then(|| format!("{:08}", 10_000_000 + index));
            player
        })
        .collect();
    let mut absences = Vec::new();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for round in 1..=rounds {
        let mut present = Vec::new();
        for player in &roster {
            if draw(5) == 0 {
                absences.push(RoundEntry {
                    round,
                    player: player.id.clone(),
                });
            } else {
                present.push(player.id.clone());
            }
        }
        if round > played {
            continue;
        }
        if present.len() % 2 == 1 {
            byes.push(RoundEntry {
                round,
                player: present.pop().unwrap(),
            });
        }
        for pair in present.chunks(2) {
            let result = [
                GameResult::BlackWins,
                GameResult::WhiteWins,
                GameResult::Jigo,
                GameResult::BothWin,
                GameResult::BothLose,
                GameResult::Unknown,
            ][draw(6) as usize];
            games.push(Game {
                round,
                table: Some(
                    games
                        .iter()
                        .filter(|game: &&Game| game.round == round)
                        .count() as u32
                        + 1,
                ),
                black: pair[0].clone(),
                white: pair[1].clone(),
                handicap: draw(3),
                komi: None,
                colours_known: true,
                result,
                by_default: result != GameResult::Unknown && draw(8) == 0,
            });
        }
    }
    let criteria = (0..=draw(6))
        .map(|_| CRITERIA[draw(CRITERIA.len() as u32) as usize])
        .filter_map(|name| {
            opengotha::CRITERION_NAMES
                .iter()
                .find(|(_, known)| *known == name)
                .map(|(criterion, _)| *criterion)
        })
        .collect();
    let mut tournament = shell::tournament(roster, games, byes, rounds, criteria, draw(10));
    tournament.absences = absences;
    tournament.category_limits = match draw(3) {
        0 => Vec::new(),
        _ => vec![Rank::from_value(-5), Rank::from_value(-15)],
    };
    tournament.breizh_limits = match draw(3) {
        0 => vec![
            Rank::from_value(0),
            Rank::from_value(-8),
            Rank::from_value(-16),
        ],
        _ => Vec::new(),
    };
    tournament.scoring.absence.mms_half_points = draw(3);
    tournament.scoring.bye.nbw_half_points = draw(3);
    tournament.scoring.round_down = draw(2) == 0;
    tournament.scoring.unplayed_as_half_point_in_sos = draw(2) == 0;
    if draw(2) == 0 {
        tournament.key_locale = KeyLocale::Turkish;
    }
    tournament
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// import → export → import: equal; the players, games, byes, absences (of rounds not
    /// played yet included), criteria, categories, Breizh groups and credits those of the
    /// tournament generated, and every round ranked as it.
    #[test]
    fn arbitres_tournaments_round_trip(
        seed in proptest::collection::vec(any::<u32>(), 64),
        players in 2usize..14,
        rounds in 1u32..8,
        played in 0u32..8,
    ) {
        let tournament = generated(&seed, players, rounds, played.min(rounds));
        let first = opengotha::import(saved(&tournament).as_bytes()).unwrap();
        let second = opengotha::import(saved(&first).as_bytes()).unwrap();
        prop_assert_eq!(&second, &first);
        let sorted = |entries: &[RoundEntry]| {
            let mut entries = entries.to_vec();
            entries.sort_by(|a, b| (a.round, &a.player).cmp(&(b.round, &b.player)));
            entries
        };
        prop_assert_eq!(sorted(&first.absences), sorted(&tournament.absences));
        prop_assert_eq!(&first.byes, &tournament.byes);
        prop_assert_eq!(&first.criteria, &tournament.criteria);
        prop_assert_eq!(&first.category_limits, &tournament.category_limits);
        prop_assert_eq!(&first.breizh_limits, &tournament.breizh_limits);
        prop_assert_eq!(&first.scoring, &tournament.scoring);
        prop_assert_eq!(&first.players, &tournament.players);
        prop_assert_eq!(&first.games, &tournament.games);
        for round in 0..=rounds {
            prop_assert_eq!(compute(&first, round).unwrap(), compute(&tournament, round).unwrap());
        }
    }
}
