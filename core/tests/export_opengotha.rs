//! OpenGotha XML: import, export, and import again gives the same tournament.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use arbitre_core::clock::{egd_class, EgdClass, TimeControl};
use arbitre_core::export::opengotha::{self, OpenGothaError};
use arbitre_core::export::{self, ExportError, Format};
use arbitre_core::standings::{compute, Basis, Criterion, GameResult, RoundEntry};

fn golden(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/golden/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn juvisy_imports_players_rounds_and_parameters() {
    let tournament = opengotha::import(&golden("juvisy.xml")).unwrap();
    assert_eq!(tournament.name, "Tournoi de Juvisy");
    assert_eq!(tournament.city, "Juvisy");
    assert_eq!(
        (tournament.start_date.as_str(), tournament.end_date.as_str()),
        ("2019-10-26", "2019-10-28")
    );
    assert_eq!(tournament.players.len(), 19);
    assert_eq!(tournament.games.len(), 36);
    assert_eq!(tournament.rounds, 4);
    assert_eq!(
        tournament.criteria,
        vec![
            Criterion::Mms,
            Criterion::Sos(Basis::Mms),
            Criterion::Sosos(Basis::Mms)
        ]
    );
    assert_eq!(
        tournament.time,
        TimeControl::ByoYomi {
            main_time_ms: 3_600_000,
            periods: 1,
            period_ms: 30_000
        }
    );
    assert_eq!(
        egd_class(&tournament.time, tournament.online),
        (82, EgdClass::A)
    );
    assert_eq!(tournament.handicap.egd_reduction(), Some(1));
    assert_eq!(tournament.scoring.absence.mms_half_points, 1);
    let nemo = tournament.player("NEMOANDRÉ").unwrap();
    assert_eq!(
        (nemo.first_name.as_str(), nemo.rank.to_string().as_str()),
        ("André", "2k")
    );
    let nicita = tournament.player("NICITAGIOVANNI").unwrap();
    assert_eq!(
        (nicita.egd_pin.as_deref(), nicita.ffg_licence.as_deref()),
        (Some("17033126"), None)
    );
    let absent = |id: &str| -> Vec<u32> {
        tournament
            .absences
            .iter()
            .filter(|absence| absence.player == id)
            .map(|absence| absence.round)
            .collect()
    };
    assert_eq!(absent("DAGUENETMATHIEU"), vec![2, 3, 4]);
    assert_eq!(absent("VARGASOLGA"), vec![1]);
}

/// Every field arbitre reads comes back the same, and so does every export.
#[test]
fn real_tournaments_round_trip() {
    for name in ["juvisy.xml", "veterans.xml"] {
        let imported = opengotha::import(&golden(name)).unwrap();
        let exported = opengotha::export(&imported).unwrap();
        let reimported = opengotha::import(exported.as_bytes()).unwrap();
        assert_eq!(reimported, imported, "{name}");
        assert_eq!(opengotha::export(&reimported).unwrap(), exported, "{name}");
        for format in Format::ALL {
            assert_eq!(
                export::write(format, &reimported),
                export::write(format, &imported),
                "{name} as {format}"
            );
        }
    }
}

/// A smaller file with what Juvisy lacks: a bye, a game won by default, a jigo, unknown
/// colours, Fischer time on a server, direct confrontation, and a Latin-1 encoding.
const SPECIAL: &str = r#"<?xml version="1.0" encoding="ISO-8859-1" standalone="no"?>
<Tournament dataVersion="201" runningMode="SAL">
<Players>
<Player agaId="12345" club="Lyon" country="FR" egfPin="" ffgLicence="" firstName="Zoé" name="Bérard" participating="11011111111111111111" rank="1K" rating="1950" smmsCorrection="1"/>
<Player club="" country="DE" firstName="Jan" name="van der Berg" rank="2D"/>
<Player club="" country="UK" firstName="Ann" name="Smith" rank="5K"/>
</Players>
<Games>
<Game blackPlayer="BÉRARDZOÉ" handicap="0" knownColor="true" result="RESULT_EQUAL" roundNumber="1" tableNumber="1" whitePlayer="VANDERBERGJAN"/>
<Game blackPlayer="SMITHANN" handicap="2" knownColor="false" result="RESULT_BLACKWINS_BYDEF" roundNumber="2" tableNumber="1" whitePlayer="BÉRARDZOÉ"/>
<Game blackPlayer="SMITHANN" handicap="0" knownColor="true" result="RESULT_BOTHLOSE" roundNumber="3" tableNumber="1" whitePlayer="VANDERBERGJAN"/>
</Games>
<ByePlayers>
<ByePlayer player="VANDERBERGJAN" roundNumber="2"/>
<ByePlayer player="SMITHANN" roundNumber="1"/>
</ByePlayers>
<TournamentParameterSet>
<GeneralParameterSet bInternet="true" basicTime="40" beginDate="2021-01-09" complementaryTimeSystem="FISCHER" endDate="2021-01-10" fischerTime="20" genCountNotPlayedGamesAsHalfPoint="true" genMMBar="1D" genMMFloor="15K" genMMS2ValueAbsent="0" genMMS2ValueBye="1" genMMZero="30K" genNBW2ValueAbsent="0" genNBW2ValueBye="2" genRoundDownNBWMMS="false" komi="6.5" location="KGS" name="Online &amp; friends" numberOfRounds="3" shortName="online" size="13"/>
<HandicapParameterSet hdBasedOnMMS="false" hdCeiling="0" hdCorrection="2" hdNoHdRankThreshold="3D"/>
<PlacementParameterSet>
<PlacementCriteria>
<PlacementCriterion name="MMS" number="1"/>
<PlacementCriterion name="SDC" number="2"/>
<PlacementCriterion name="SOSM-1" number="3"/>
<PlacementCriterion name="CUSSM" number="4"/>
<PlacementCriterion name="NULL" number="5"/>
</PlacementCriteria>
</PlacementParameterSet>
</TournamentParameterSet>
<TeamTournamentParameterSet>
<TeamPlacementParameterSet><PlacementCriteria><PlacementCriterion name="TEAMP" number="1"/></PlacementCriteria></TeamPlacementParameterSet>
</TeamTournamentParameterSet>
</Tournament>
"#;

fn special_bytes() -> Vec<u8> {
    encoding_rs::WINDOWS_1252.encode(SPECIAL).0.into_owned()
}

#[test]
fn special_results_byes_and_parameters_import() {
    let tournament = opengotha::import(&special_bytes()).unwrap();
    assert_eq!(tournament.name, "Online & friends");
    assert!(tournament.online);
    assert_eq!(
        tournament.time,
        TimeControl::Fischer {
            main_time_ms: 2_400_000,
            increment_ms: 20_000,
            max_time_ms: None
        }
    );
    // 40 min + 120 × 20 s = 80 min; online Fischer: class D needs 30 min basic and 50 adjusted.
    assert_eq!(
        egd_class(&tournament.time, tournament.online),
        (80, EgdClass::D)
    );
    assert_eq!(
        tournament.handicap.egd_reduction(),
        Some(9),
        "a ceiling of 0 means no handicap"
    );
    assert_eq!(
        tournament.criteria,
        vec![
            Criterion::Mms,
            Criterion::SimplifiedDirectConfrontation,
            Criterion::SosMinus1(Basis::Mms),
            Criterion::Cuss(Basis::Mms)
        ]
    );
    let berard = &tournament.players[0];
    assert_eq!(
        (
            berard.surname.as_str(),
            berard.first_name.as_str(),
            berard.mms_correction
        ),
        ("Bérard", "Zoé", 1)
    );
    assert_eq!(berard.aga_id.as_deref(), Some("12345"));
    assert_eq!(
        tournament.absences,
        vec![RoundEntry {
            round: 3,
            player: "BÉRARDZOÉ".to_string()
        }]
    );
    let forfeit = &tournament.games[1];
    assert!(forfeit.by_default && !forfeit.colours_known);
    assert_eq!(forfeit.result, GameResult::BlackWins);
    assert_eq!(tournament.games[2].result, GameResult::BothLose);
    assert_eq!(tournament.byes.len(), 2);
    assert!(compute(&tournament, 3).is_ok());
}

#[test]
fn special_file_round_trips() {
    let imported = opengotha::import(&special_bytes()).unwrap();
    let exported = opengotha::export(&imported).unwrap();
    assert!(exported.contains(r#"name="Online &amp; friends""#));
    assert!(exported.contains(r#"result="RESULT_BLACKWINS_BYDEF""#));
    assert!(exported.contains(r#"<PlacementCriterion name="SDC" number="2"/>"#));
    let reimported = opengotha::import(exported.as_bytes()).unwrap();
    assert_eq!(reimported, imported);
    assert_eq!(
        compute(&reimported, 3).unwrap(),
        compute(&imported, 3).unwrap()
    );
}

/// OpenGotha writes `knownColor` but its importer reads `strKnownColor` (measured with its
/// own program: a game written `knownColor="false"` is read with its colours, one written
/// `strKnownColor="false"` without, and its EGD export then prints `?` for the colour). So
/// arbitre writes `strKnownColor="false"` for a game whose colours are not known, and reads
/// either attribute.
#[test]
fn unknown_colours_are_written_as_opengotha_reads_them() {
    let imported = opengotha::import(&special_bytes()).unwrap();
    let exported = opengotha::export(&imported).unwrap();
    let games: Vec<&str> = exported
        .lines()
        .filter(|line| line.starts_with("<Game "))
        .collect();
    assert!(
        games[1].contains(r#"knownColor="false""#) && games[1].contains(r#"strKnownColor="false""#)
    );
    assert!(!games[0].contains("strKnownColor"));
    let only_opengothas = SPECIAL.replace(
        r#"handicap="2" knownColor="false""#,
        r#"handicap="2" strKnownColor="false""#,
    );
    let bytes = encoding_rs::WINDOWS_1252.encode(&only_opengothas).0;
    let read = opengotha::import(&bytes).unwrap();
    assert!(!read.games[1].colours_known);
    assert!(read.games[0].colours_known);
}

#[test]
fn unknown_players_are_reported_with_their_line() {
    let typo = SPECIAL.replace(
        r#"whitePlayer="VANDERBERGJAN"/>"#,
        r#"whitePlayer="NOBODY"/>"#,
    );
    assert_eq!(
        opengotha::import(typo.replace("ISO-8859-1", "UTF-8").as_bytes()),
        Err(OpenGothaError::UnknownPlayer {
            line: 9,
            round: 1,
            player: "NOBODY".to_string()
        })
    );
}

/// OpenGotha 3.52's Breizh score is read; a criterion name arbitre does not know is
/// refused with its name and line (OpenGotha would leave the slot out, and the standings
/// would lose a tie-breaker without a word). `NULL` slots are unused.
#[test]
fn unknown_criteria_are_refused_with_their_name() {
    let breizh = SPECIAL
        .replace(r#"name="CUSSM""#, r#"name="BZS""#)
        .replace(r#"name="NULL""#, r#"name="SOSOSB""#)
        .replace("ISO-8859-1", "UTF-8");
    assert_eq!(
        opengotha::import(breizh.as_bytes()).unwrap().criteria,
        vec![
            Criterion::Mms,
            Criterion::SimplifiedDirectConfrontation,
            Criterion::SosMinus1(Basis::Mms),
            Criterion::Bzs,
            Criterion::Sosos(Basis::Breizh),
        ]
    );
    let exotic = breizh.replace(r#"name="BZS""#, r#"name="XYZ""#);
    let refused = opengotha::import(exotic.as_bytes()).unwrap_err();
    assert!(
        matches!(&refused, OpenGothaError::UnknownCriterion { line: 25, name } if name == "XYZ"),
        "{refused:?}"
    );
    assert!(refused
        .to_string()
        .starts_with("line 25: placement criterion `XYZ`"));
}

/// Malformed files are refused with the place of the fault, never with a panic.
#[test]
fn malformed_files_are_refused_with_a_position() {
    let unclosed = SPECIAL
        .replace("</Games>", "</Game>")
        .replace("ISO-8859-1", "UTF-8");
    assert!(matches!(
        opengotha::import(unclosed.as_bytes()),
        Err(OpenGothaError::Xml {
            line: 12,
            column: 1,
            ..
        })
    ));
    let bad_attribute = SPECIAL.replace(r#"handicap="2""#, r#"handicap="two""#);
    assert_eq!(
        opengotha::import(&encoding_rs::WINDOWS_1252.encode(&bad_attribute).0),
        Err(OpenGothaError::InvalidAttribute {
            line: 10,
            element: "Game",
            attribute: "handicap",
            value: "two".to_string()
        })
    );
    // A round beyond the 20th, which OpenGotha cannot load (a later round within them
    // raises the number of rounds, as OpenGotha raises it).
    let late_round = SPECIAL.replace(r#"roundNumber="3""#, r#"roundNumber="21""#);
    assert!(matches!(
        opengotha::import(&encoding_rs::WINDOWS_1252.encode(&late_round).0),
        Err(OpenGothaError::InvalidAttribute {
            line: 11,
            attribute: "roundNumber",
            ..
        })
    ));
    let twice = SPECIAL.replace(
        r#"firstName="Ann" name="Smith""#,
        r#"firstName="Jan" name="van derBerg""#,
    );
    assert!(matches!(
        opengotha::import(&encoding_rs::WINDOWS_1252.encode(&twice).0),
        Err(OpenGothaError::DuplicatePlayer { line: 6, .. })
    ));
    let not_utf8 = SPECIAL.replace("ISO-8859-1", "UTF-8");
    assert!(matches!(
        opengotha::import(&encoding_rs::WINDOWS_1252.encode(&not_utf8).0),
        Err(OpenGothaError::MalformedText { line: 4, .. })
    ));
    for garbage in [
        &b"<Tournament><Players>"[..],
        b"",
        b"<?xml version=\"1.0\" encoding=\xc3\xa9?>",
        b"<?xml encoding=\"no-such-charset\"?>",
        b"\xff\xfe<\x00",
    ] {
        assert!(opengotha::import(garbage).is_err());
    }
}

#[test]
fn keys_match_loosely_for_older_files() {
    let older = SPECIAL
        .replace(r#"blackPlayer="BÉRARDZOÉ""#, r#"blackPlayer="Bérard Zoé""#)
        .replace("ISO-8859-1", "UTF-8");
    let tournament = opengotha::import(older.as_bytes()).unwrap();
    assert_eq!(tournament.games[0].black, "BÉRARDZOÉ");
}

#[test]
fn export_refuses_players_opengotha_cannot_tell_apart() {
    let mut tournament = opengotha::import(&special_bytes()).unwrap();
    let mut twin = tournament.players[2].clone();
    twin.id = "another".to_string();
    twin.surname = "SMITH".to_string();
    tournament.players.push(twin);
    assert!(
        matches!(opengotha::export(&tournament), Err(ExportError::DuplicateKey(_, key)) if key == "SMITHANN")
    );
}

/// OpenGotha reads a club or an EGD PIN holding a control character, and a komi with a
/// decimal comma; arbitre reads them too, strips the control characters, takes the comma
/// for a point, and names each field and its line in a warning.
#[test]
fn values_opengotha_reads_are_read_with_a_warning() {
    let lenient = SPECIAL
        .replace(r#"club="Lyon""#, r#"club="Ly&#9;on""#)
        .replace(r#"egfPin="""#, r#"egfPin="1234&#10;5678""#)
        .replace(r#"komi="6.5""#, r#"komi="6,5""#)
        .replace("ISO-8859-1", "UTF-8");
    let (tournament, warnings) = opengotha::import_with_warnings(lenient.as_bytes()).unwrap();
    assert_eq!(tournament.players[0].club, "Lyon");
    assert_eq!(tournament.players[0].egd_pin.as_deref(), Some("12345678"));
    assert_eq!(tournament.komi, 6.5);
    let described: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        described,
        [
            "line 4: <Player egfPin=\"1234\\n5678\">: control characters stripped",
            "line 4: <Player club=\"Ly\\ton\">: control characters stripped",
            "line 18: <GeneralParameterSet komi=\"6,5\">: a decimal comma, read as a decimal point",
        ]
    );
    assert_eq!(opengotha::import(lenient.as_bytes()).unwrap(), tournament);
    let not_a_number = lenient.replace(r#"komi="6,5""#, r#"komi="6,5,5""#);
    assert!(matches!(
        opengotha::import(not_a_number.as_bytes()),
        Err(OpenGothaError::InvalidAttribute {
            attribute: "komi",
            ..
        })
    ));
}
