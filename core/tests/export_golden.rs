//! Golden files: each expected file in `tests/golden/` was written field by field from a
//! real example of its format (sources in `tests/golden/SOURCES.md`). Outputs must match
//! byte for byte, encoding included.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use arbitre_core::clock::TimeControl;
use arbitre_core::export::{self, opengotha, Format};
use arbitre_core::rules::Preset;
use arbitre_core::standings::{
    Credit, Criterion, Game, GameResult, HandicapPolicy, McMahon, Player, Rank, RoundEntry,
    Scoring, Tournament,
};

fn golden(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

/// Compares bytes, showing Latin-9 text on failure.
fn assert_bytes(actual: Vec<u8>, expected: Vec<u8>) {
    let text = |bytes: &[u8]| encoding_rs::ISO_8859_15.decode(bytes).0.into_owned();
    assert_eq!(text(&actual), text(&expected));
    assert_eq!(actual, expected);
}

/// Tournoi de Juvisy, 2019: the OpenGotha file rebuilt from OpenGotha's own h9 and tou exports.
fn juvisy() -> Tournament {
    opengotha::import(&golden("juvisy.xml")).unwrap()
}

/// OpenGotha computed MMS, SOS and SOSOS in its h9 file; arbitre must find the same values.
#[test]
fn juvisy_h9_matches_opengothas_table() {
    assert_bytes(
        export::write(Format::Egd, &juvisy()).unwrap(),
        golden("juvisy.h9"),
    );
}

#[test]
fn juvisy_tou_follows_the_ffg_layout() {
    assert_bytes(
        export::write(Format::Ffg, &juvisy()).unwrap(),
        golden("juvisy.tou"),
    );
}

#[test]
fn juvisy_csv_standings() {
    assert_bytes(
        export::write(Format::Csv, &juvisy()).unwrap(),
        golden("juvisy.csv"),
    );
}

/// The wall chart agrees with the CSV standings checked above (the same results table):
/// each line's row, place, name, criteria and rounds; and its wins are the rounds the
/// cells show won (`+` after the opponent's row, or a bye credited a point).
#[test]
fn juvisy_wall_chart_agrees_with_the_csv_standings() {
    let tournament = juvisy();
    let round = tournament.last_round();
    let chart = export::wall_chart::wall_chart(&tournament, round).unwrap();
    let csv = String::from_utf8(golden("juvisy.csv")).unwrap();
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|line| line.split(',').collect())
        .collect();
    assert_eq!(chart.lines.len(), rows.len());
    assert_eq!(chart.round, round);
    let criteria = chart.criteria.len();
    for (line, fields) in chart.lines.iter().zip(&rows) {
        assert_eq!(line.row.to_string(), fields[0]);
        assert_eq!(line.place.to_string(), fields[1]);
        assert_eq!(line.surname, fields[2]);
        assert_eq!(line.first_name, fields[3]);
        assert_eq!(line.criteria, fields[7..7 + criteria]);
        assert_eq!(line.rounds, fields[7 + criteria..]);
        let won = line
            .rounds
            .iter()
            .filter(|cell| cell.contains("+/") || cell.contains("+!") || *cell == "0+")
            .count();
        assert_eq!(line.wins, won.to_string(), "{line:?}");
    }
}

/// Veterans 2015 (14 players, 5 rounds, placed by number of wins): OpenGotha's h9 and tou
/// exports, with the names `Mizessyn François`, `Lamôle Laurent` and `Bendaoud Loïc`.
fn veterans() -> Tournament {
    opengotha::import(&golden("veterans.xml")).unwrap()
}

/// Ties share a place, left blank as OpenGotha leaves it, and are listed by name.
#[test]
fn veterans_h9_matches_opengothas_table() {
    assert_bytes(
        export::write(Format::Egd, &veterans()).unwrap(),
        golden("veterans.h9"),
    );
}

#[test]
fn veterans_tou_follows_the_ffg_layout() {
    assert_bytes(
        export::write(Format::Ffg, &veterans()).unwrap(),
        golden("veterans.tou"),
    );
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

/// Accented letters are one ISO-8859-1 byte each (the same bytes in ISO-8859-15), never
/// UTF-8: `ç` E7, `ô` F4, `Ô` D4, `ï` EF, `ü` FC, `é` E9; `Š` is Latin-9's A6; letters
/// outside both lose their accent.
#[test]
fn accented_names_are_written_in_iso_8859() {
    let h9 = export::write(Format::Egd, &veterans()).unwrap();
    let tou = export::write(Format::Ffg, &veterans()).unwrap();
    assert!(contains(&h9, b"   1 Mizessyn Fran\xe7ois               3d"));
    assert!(contains(&h9, b"   4 Lam\xf4le Laurent                  4k"));
    assert!(contains(&h9, b"   8 Bendaoud Lo\xefc                   4k"));
    assert!(contains(&tou, b"   4 LAM\xd4LE Laurent            4K"));
    assert!(contains(&tou, b";Num Nom Pr\xe9nom"));
    assert!(!contains(&h9, "ç".as_bytes()) && !contains(&tou, "ô".as_bytes()));

    let mut renamed = veterans();
    renamed.players[0].surname = "Müller".to_string();
    renamed.players[0].first_name = "Šimon".to_string();
    renamed.players[13].surname = "Łącki".to_string();
    let h9 = export::write(Format::Egd, &renamed).unwrap();
    let tou = export::write(Format::Ffg, &renamed).unwrap();
    assert!(contains(
        &h9,
        b"   1 M\xfcller \xa6imon                    3d FR 44Na"
    ));
    assert!(contains(
        &h9,
        b"  14 Lacki Jean-Luc                  9k FR 76Ro"
    ));
    assert!(contains(
        &tou,
        b"   1 M\xdcLLER \xa6imon              3D 7911800 44Na"
    ));
}

fn rank(text: &str) -> Rank {
    text.parse().unwrap()
}

fn player(id: &str, surname: &str, first_name: &str, level: &str, rating: i32) -> Player {
    Player {
        id: id.to_string(),
        surname: surname.to_string(),
        first_name: first_name.to_string(),
        rank: rank(level),
        rating: Some(rating),
        country: "FR".to_string(),
        club: String::new(),
        egd_pin: None,
        ffg_licence: None,
        aga_id: None,
        mms_correction: 0,
        preliminary: false,
    }
}

fn game(round: u32, black: &str, white: &str, handicap: u32, result: GameResult) -> Game {
    Game {
        round,
        table: None,
        black: black.to_string(),
        white: white.to_string(),
        handicap,
        komi: None,
        colours_known: true,
        result,
        by_default: false,
    }
}

fn empty_tournament(name: &str, short_name: &str, start: &str, end: &str) -> Tournament {
    Tournament {
        name: name.to_string(),
        short_name: short_name.to_string(),
        city: String::new(),
        country: String::new(),
        director: String::new(),
        start_date: start.to_string(),
        end_date: end.to_string(),
        online: false,
        board_size: 19,
        komi: 7.5,
        rules: None,
        time: TimeControl::Absolute {
            main_time_ms: 2_700_000,
        },
        handicap: HandicapPolicy {
            reduction: 0,
            ceiling: 9,
            based_on_mms: false,
            no_handicap_from: rank("9d"),
        },
        rounds: 3,
        mcmahon: McMahon {
            bar: rank("9d"),
            floor: rank("30k"),
            zero: rank("30k"),
        },
        category_limits: Vec::new(),
        breizh_limits: Vec::new(),
        scoring: Scoring {
            bye: Credit {
                mms_half_points: 2,
                nbw_half_points: 2,
            },
            absence: Credit {
                mms_half_points: 0,
                nbw_half_points: 0,
            },
            round_down: true,
            unplayed_as_half_point_in_sos: false,
        },
        criteria: Vec::new(),
        players: Vec::new(),
        games: Vec::new(),
        byes: Vec::new(),
        absences: Vec::new(),
        pairing: None,
        key_locale: Default::default(),
        display: Default::default(),
    }
}

/// The example of the FFG's format page: a 3-round ladder listed by level, so placed by
/// rank, then rating.
fn ffg_example() -> Tournament {
    use GameResult::{BlackWins as B, WhiteWins as W};
    let mut tournament = empty_tournament(
        "4eme tour du championnat d'Auvergne maritime",
        "Exemple",
        "2005-01-08",
        "2005-01-08",
    );
    tournament.criteria = vec![Criterion::Rank, Criterion::Rating];
    let players = [
        ("1", "Lim", "Eugène", "4d", "7900001", "75Pa"),
        ("2", "Li", "Zheng", "4d", "0116000", "00L8"),
        ("3", "Martin", "Luc", "1d", "9785526", "68RJ"),
        ("4", "Le Berre", "Bruno", "1k", "9034000", "76Ro"),
        ("5", "Kim", "Ii-Hyun", "3k", "9343002", "76Ro"),
        ("6", "De Treglode", "Dominique", "8k", "9525023", "29Ba"),
        (
            "7",
            "Dechaume-Montcharmont",
            "Frédéric",
            "12k",
            "0125006",
            "75Pa",
        ),
        ("8", "Abadia", "Mickaël", "16k", "9728205", "94MJ"),
    ];
    for (position, (id, surname, first_name, level, licence, club)) in
        players.into_iter().enumerate()
    {
        let mut registered = player(id, surname, first_name, level, 2500 - 10 * position as i32);
        registered.ffg_licence = Some(licence.to_string());
        registered.club = club.to_string();
        tournament.players.push(registered);
    }
    let mut foreigner = player("9", "Van de Putte", "Bart", "17k", 400);
    foreigner.country = "BE".to_string();
    tournament.players.push(foreigner);
    tournament.games = vec![
        game(1, "2", "1", 0, W),
        game(1, "5", "4", 0, W),
        game(1, "7", "6", 2, W),
        game(1, "9", "8", 0, B),
        game(2, "4", "1", 2, W),
        game(2, "5", "2", 4, B),
        game(2, "8", "7", 2, B),
        game(2, "9", "6", 7, B),
        game(3, "1", "3", 0, W),
        game(3, "4", "2", 1, B),
        game(3, "7", "5", 8, B),
        game(3, "8", "6", 6, B),
    ];
    tournament.absences = vec![
        RoundEntry {
            round: 1,
            player: "3".to_string(),
        },
        RoundEntry {
            round: 2,
            player: "3".to_string(),
        },
        RoundEntry {
            round: 3,
            player: "9".to_string(),
        },
    ];
    tournament
}

#[test]
fn ffg_format_page_example() {
    assert_bytes(
        export::write(Format::Ffg, &ffg_example()).unwrap(),
        golden("ffg-example.tou"),
    );
}

/// The minimal example of the AGA's "Qualifications for Rated Games".
#[test]
fn aga_rated_games_example() {
    let mut tournament = empty_tournament(
        "Princeton Go Club Rated Games",
        "",
        "2004-06-15",
        "2004-06-30",
    );
    tournament.city = "Princeton, NJ".to_string();
    tournament.komi = 7.0;
    tournament.rules = Some(Preset::Aga);
    for (id, surname, first_name) in [("489", "Matthews", "Paul"), ("3199", "Mott", "Rick")] {
        let mut member = player(id, surname, first_name, "4k", 0);
        member.aga_id = Some(id.to_string());
        tournament.players.push(member);
    }
    tournament.games = vec![
        game(1, "3199", "489", 0, GameResult::BlackWins),
        game(2, "489", "3199", 0, GameResult::WhiteWins),
    ];
    assert_bytes(
        export::write(Format::Aga, &tournament).unwrap(),
        golden("aga-example.txt"),
    );
}

#[test]
fn aga_refuses_players_without_an_aga_id() {
    let tournament = ffg_example();
    assert!(matches!(
        export::write(Format::Aga, &tournament),
        Err(export::ExportError::MissingAgaId(_))
    ));
}

#[test]
fn rating_exports_refuse_unknown_results() {
    let mut tournament = ffg_example();
    tournament.games[0].result = GameResult::Unknown;
    for format in [Format::Egd, Format::Ffg, Format::Aga] {
        assert!(matches!(
            export::write(format, &tournament),
            Err(export::ExportError::UnknownResult { round: 1, .. })
        ));
    }
    assert!(
        export::write(Format::Csv, &tournament).is_ok(),
        "standings may show pending games"
    );
}

/// A game won by default is not rated: `0+`/`0-` in the h9 table, `0=` in the tou file, and
/// left out of the AGA file. A bye shows its credit.
#[test]
fn forfeits_and_byes_are_not_rated() {
    let mut tournament = ffg_example();
    tournament.games[0].by_default = true; // 1 beats 2 by default in round 1
    tournament.absences.retain(|absence| absence.player != "9");
    tournament.byes.push(RoundEntry {
        round: 3,
        player: "9".to_string(),
    });
    let h9 = text(Format::Egd, &tournament);
    assert!(
        line(&h9, "Lim Eugène").contains("    0+       4+/w2"),
        "{h9}"
    );
    assert!(line(&h9, "Li Zheng").contains("    0-       5-/w4"), "{h9}");
    assert!(line(&h9, "Van_de_Putte").ends_with("    0+   "), "{h9}");
    let tou = text(Format::Ffg, &tournament);
    assert!(
        line(&tou, "LIM Eugène").contains("75Pa    0=      4+w2"),
        "{tou}"
    );
}

fn text(format: Format, tournament: &Tournament) -> String {
    encoding_rs::ISO_8859_15
        .decode(&export::write(format, tournament).unwrap())
        .0
        .into_owned()
}

fn line(text: &str, name: &str) -> String {
    text.lines()
        .find(|line| line.contains(name))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn egd_names_are_capitalised_and_pins_appended() {
    let mut tournament = ffg_example();
    tournament.players[6].surname = "DECHAUME-MONTCHARMONT".to_string();
    tournament.players[0].egd_pin = Some("12345678".to_string());
    let h9 = text(Format::Egd, &tournament);
    assert!(h9.contains("Dechaume-Montcharmont Frédéric"), "{h9}");
    assert!(
        h9.lines()
            .any(|line| line.starts_with("   1 Lim Eugène") && line.ends_with(" |12345678")),
        "{h9}"
    );
    assert!(h9.contains("; HA[h0]\n"), "{h9}");
}

#[test]
fn formats_are_named() {
    assert_eq!("EGD".parse::<Format>(), Ok(Format::Egd));
    assert_eq!(Format::Egd.extension(&juvisy()), "h1");
    assert!("pdf".parse::<Format>().is_err());
}
