//! SGF reading and writing: real files, FF[4] corner cases, errors, and round trips.

// In a test an unwrap is an assertion: a panic is the failure report.
#![allow(clippy::unwrap_used)]

use arbitre_core::history::{Action, GameRecord, ReadWarning, Setup, Turn};
use arbitre_core::sgf::{self, SgfError, SgfErrorKind, MAX_DEPTH, MAX_INPUT_BYTES};
use arbitre_core::verify::{self, VerifyOptions, Warning};
use arbitre_core::{BoardSize, Color, Point, Preset};
use proptest::prelude::*;
use std::path::PathBuf;

/// The real games kept in the repository (`tests/data/real-games`, see its README).
fn corpus() -> Vec<(String, Vec<u8>)> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/real-games");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "sgf"))
        .map(|path| {
            let name = path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            let bytes = std::fs::read(&path).unwrap();
            (name, bytes)
        })
        .collect();
    files.sort();
    files
}

fn corpus_file(name: &str) -> GameRecord {
    let files = corpus();
    let (_, bytes) = files.iter().find(|(file, _)| file == name).unwrap();
    sgf::parse(bytes).unwrap()
}

fn parse(text: &str) -> GameRecord {
    sgf::parse(text.as_bytes()).unwrap()
}

fn parse_error(text: &[u8]) -> SgfError {
    sgf::parse(text).unwrap_err()
}

fn moves(record: &GameRecord) -> Vec<Action> {
    record.turns.iter().map(|turn| turn.action).collect()
}

fn point(sgf: &str) -> Point {
    Point::from_sgf(sgf).unwrap()
}

#[test]
fn every_real_game_parses() {
    let files = corpus();
    assert_eq!(files.len(), 150);
    let mut total_turns = 0;
    for (name, bytes) in &files {
        let record = sgf::parse(bytes).unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(record.size, BoardSize::STANDARD, "{name}");
        assert!(!record.turns.is_empty(), "{name}");
        total_turns += record.turns.len();
    }
    println!("{} real games, {total_turns} turns", files.len());
}

/// Counts made independently, with Python: `len(re.findall(r";\s*[BW]\[", text))`.
#[test]
fn real_games_have_the_moves_grep_counts() {
    let r00003 = corpus_file("r00003.sgf");
    assert_eq!(r00003.turns.len(), 285);
    assert_eq!(r00003.turns[0], Turn::play(Color::Black, point("pd")));
    assert_eq!(r00003.komi, Some(7.5));
    assert_eq!(r00003.info.black_name.as_deref(), Some("Golaxy"));
    assert_eq!(r00003.rules.as_deref(), Some("Chinese"));
    assert_eq!(r00003.result.as_deref(), Some("W+R"));

    let r00291 = corpus_file("r00291.sgf");
    assert_eq!(r00291.turns.len(), 294);
    assert_eq!(r00291.info.overtime.as_deref(), Some("3x60 byo-yomi"));
    assert_eq!(r00291.info.main_time, Some(7200.0));
}

/// `bytes` with `inserted` before each byte at which `at` holds.
fn with_inserted(bytes: &[u8], inserted: u8, at: impl Fn(&[u8], usize) -> bool) -> Vec<u8> {
    let mut with = Vec::with_capacity(2 * bytes.len());
    for (index, &byte) in bytes.iter().enumerate() {
        if at(bytes, index) {
            with.push(inserted);
        }
        with.push(byte);
    }
    with
}

/// The reader's fast paths (nodes holding only a move, identifiers of two letters) read
/// what its general path reads: every real game gives the same record when written so
/// that only the general path reads it.
#[test]
fn real_games_read_alike_by_the_fast_and_general_paths() {
    for (name, bytes) in corpus() {
        let record = sgf::parse(&bytes).unwrap();
        // `; B[pd]`: no node is a bare move, each move is read as a node's property.
        let nodes = with_inserted(&bytes, b' ', |bytes, index| {
            index > 0 && bytes[index - 1] == b';'
        });
        assert_eq!(sgf::parse(&nodes).unwrap(), record, "{name}, nodes");
        // `;B [pd]`, `PB [Golaxy]`: each identifier is read letter by letter.
        let identifiers = with_inserted(&bytes, b' ', |bytes, index| {
            bytes[index] == b'[' && index > 0 && bytes[index - 1].is_ascii_uppercase()
        });
        assert_eq!(
            sgf::parse(&identifiers).unwrap(),
            record,
            "{name}, identifiers"
        );
        // Line breaks of two bytes between nodes.
        let crlf = with_inserted(&bytes, b'\r', |bytes, index| bytes[index] == b'\n');
        assert_eq!(sgf::parse(&crlf).unwrap(), record, "{name}, CR LF");
    }
}

/// Moves with the time the players have left, `;B[pd]BL[1795.3]`, as servers write them:
/// the move fast path reads what the general path reads (the nodes spaced out), values of
/// every kind included. Errors are compared by kind and line: the spaces move columns.
#[test]
fn moves_with_clocks_read_alike_by_the_fast_and_general_paths() {
    let values = [
        "1795.3",
        "60",
        "0",
        "-3",
        "+3",
        "1.",
        ".5",
        "",
        " 12",
        "12 ",
        "1e5",
        "12345678901234567.5",
        "1\\]2",
        "7x",
    ];
    let outcome =
        |text: &str| sgf::parse(text.as_bytes()).map_err(|error| (error.kind, error.line));
    for value in values {
        let clocks = [
            format!("BL[{value}]"),
            format!("WL[{value}]"),
            format!("BL[{value}]WL[60]"),
            format!("WL[1]BL[{value}]BL[2]"),
            format!("BL[{value}] "),
            format!("BL[{value}][1]"),
            format!("BL[{value}]OB[3]"),
        ];
        for clock in clocks {
            let text = format!(
                "(;SZ[19]\n;B[pd]{clock};W[dp]{clock}\n;B[qq]{clock}\n(;W[dd]{clock})(;W[tt]))"
            );
            let spaced = text.replace(';', "; ");
            assert_eq!(outcome(&text), outcome(&spaced), "{text}");
        }
    }
}

#[test]
fn real_game_with_tt_passes_and_clocks() {
    let record = corpus_file("r06531.sgf");
    assert_eq!(record.turns.len(), 27);
    assert_eq!(record.komi, Some(6.5));
    assert_eq!(record.result.as_deref(), Some("W+J"));
    assert_eq!(record.turns[25].action, Action::Pass);
    assert_eq!(record.turns[26].action, Action::Pass);
    assert_eq!(record.turns[0].time_left, None);
    assert_eq!(record.turns[1].time_left, Some(1799.0));
    assert_eq!(record.turns[2].time_left, Some(1725.0));
}

#[test]
fn real_game_with_komi_in_hundredths() {
    let files = corpus();
    let (name, bytes) = files
        .iter()
        .find(|(_, bytes)| bytes.windows(7).any(|window| window == b"KM[750]"))
        .unwrap();
    assert_eq!(sgf::parse(bytes).unwrap().komi, Some(7.5), "{name}");
}

#[test]
fn game_info_and_defaults() {
    let record = parse(
        "(;GM[1]FF[4]CA[UTF-8]KM[6.5]HA[2]PL[W]RU[Japanese]RE[B+2.5]PB[Lee Sedol]BR[9p]\
         PW[AlphaGo]WR[-]EV[Match]RO[4]DT[2016-03-13]PC[Seoul]TM[7200]OT[3x60 byo-yomi]AB[dp][pd];W[qq])",
    );
    assert_eq!(record.size, BoardSize::STANDARD);
    assert_eq!(record.komi, Some(6.5));
    assert_eq!(record.handicap, 2);
    assert_eq!(record.first_player, Some(Color::White));
    assert_eq!(record.setup.black, vec![point("dp"), point("pd")]);
    assert_eq!(record.info.round.as_deref(), Some("4"));
    assert_eq!(record.info.place.as_deref(), Some("Seoul"));
    assert_eq!(record.info.white_rank.as_deref(), Some("-"));
    assert_eq!(record.info.date.as_deref(), Some("2016-03-13"));
    assert_eq!(record.info.event.as_deref(), Some("Match"));

    let empty = parse("(;)");
    assert_eq!(empty, GameRecord::new(BoardSize::STANDARD));
}

#[test]
fn rectangular_boards() {
    let record = parse("(;SZ[9:13];B[ai];W[im];B[tt])");
    assert_eq!(record.size, BoardSize::new(9, 13).unwrap());
    assert_eq!(
        moves(&record),
        vec![
            Action::Move(point("ai")),
            Action::Move(point("im")),
            Action::Pass
        ]
    );
    assert_eq!(
        parse("(;SZ[25:7];B[tt])").turns[0].action,
        Action::Move(point("tt"))
    );
}

#[test]
fn largest_board_uses_uppercase_letters_and_tt_is_a_point() {
    let record = parse("(;SZ[52];B[ZZ];W[tt];B[aA];W[])");
    assert_eq!(record.size, BoardSize::square(52).unwrap());
    assert_eq!(
        moves(&record),
        vec![
            Action::Move(Point::new(51, 51)),
            Action::Move(Point::new(19, 19)),
            Action::Move(Point::new(0, 26)),
            Action::Pass,
        ]
    );
}

#[test]
fn tt_is_a_pass_up_to_19_by_19() {
    for size in ["9", "13", "19", "19:5"] {
        let record = parse(&format!("(;SZ[{size}];B[tt];W[])"));
        assert_eq!(
            moves(&record),
            vec![Action::Pass, Action::Pass],
            "SZ[{size}]"
        );
    }
    let record = parse("(;SZ[20];B[tt])");
    assert_eq!(moves(&record), vec![Action::Move(Point::new(19, 19))]);
}

#[test]
fn moves_off_the_board_are_kept_for_verification() {
    let record = parse("(;SZ[9];B[jj];W[zA])");
    assert_eq!(
        moves(&record),
        vec![
            Action::Move(Point::new(9, 9)),
            Action::Move(Point::new(25, 26))
        ]
    );
}

#[test]
fn two_moves_in_one_node_are_both_recorded() {
    let record = parse("(;B[aa]W[bb];B[cc])");
    assert_eq!(
        record
            .turns
            .iter()
            .map(|turn| turn.color)
            .collect::<Vec<_>>(),
        vec![Color::Black, Color::White, Color::Black]
    );
    assert_eq!(moves(&record)[1], Action::Move(point("bb")));
}

#[test]
fn main_line_is_the_first_variation() {
    let record = parse("(;SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]));W[xx]C[x])(;W[ee];B[ff]))");
    assert_eq!(
        moves(&record),
        vec![
            Action::Move(point("aa")),
            Action::Move(point("bb")),
            Action::Move(point("cc"))
        ]
    );
}

#[test]
fn clocks_belong_to_the_player_who_moved_in_the_node() {
    let record = parse("(;B[aa]BL[59.5]OB[3]WL[60];OW[5]WL[42]W[bb]BL[59.5];B[];W[cc])");
    assert_eq!(record.turns[0].time_left, Some(59.5));
    assert_eq!(record.turns[0].overtime_left, Some(3));
    assert_eq!(record.turns[1].time_left, Some(42.0));
    assert_eq!(record.turns[1].overtime_left, Some(5));
    assert_eq!(record.turns[2], Turn::pass(Color::Black));
    let error = parse_error(b"(;B[aa];W[cc]WL[abc\\]def])");
    assert_eq!(error.kind, SgfErrorKind::InvalidNumber("WL".into()));
}

#[test]
fn compressed_point_lists_and_add_empty() {
    let record = parse("(;SZ[9]AB[aa:cb][ia]AW[ii]AE[bb]AW[ca];B[ee])");
    let black = [(0, 0), (1, 0), (0, 1), (2, 1), (8, 0)];
    assert_eq!(
        record.setup.black,
        black.map(|(x, y)| Point::new(x, y)).to_vec()
    );
    assert_eq!(record.setup.white, vec![point("ii"), point("ca")]);
    let reversed = parse("(;AB[cb:aa])");
    assert_eq!(reversed.setup.black.len(), 6);
}

#[test]
fn setup_before_the_first_move_may_follow_the_root() {
    let record = parse("(;GM[1];AB[dd][pp]PL[W];W[qd])");
    assert_eq!(record.setup.black, vec![point("dd"), point("pp")]);
    let mixed = parse("(;B[aa]AW[bb];W[cc])");
    assert_eq!(mixed.setup.white, vec![point("bb")]);
}

#[test]
fn setup_after_moves_is_refused_with_its_position() {
    let error = parse_error(b"(;SZ[9]\n;B[aa]\n;W[bb]AB[cc])");
    assert_eq!(error.kind, SgfErrorKind::SetupAfterMoves("AB".into()));
    assert_eq!((error.line, error.column), (3, 7));
    assert_eq!(
        error.to_string(),
        "line 3, column 7: property AB after the first move is not supported"
    );
    assert_eq!(
        parse_error(b"(;B[aa];AE[aa])").kind,
        SgfErrorKind::SetupAfterMoves("AE".into())
    );
    assert_eq!(
        parse_error(b"(;B[aa];SZ[9])").kind,
        SgfErrorKind::SetupAfterMoves("SZ".into())
    );
}

#[test]
fn escapes_and_soft_line_breaks() {
    let record = parse("(;PB[a\\]b\\\\c]PW[soft\\\nbreak\nhard]C[a comment \\] (;B[aa\\]) with brackets\\]];B[bb])");
    assert_eq!(record.info.black_name.as_deref(), Some("a]b\\c"));
    assert_eq!(record.info.white_name.as_deref(), Some("softbreak hard"));
    assert_eq!(moves(&record), vec![Action::Move(point("bb"))]);
}

#[test]
fn ff3_long_identifiers_and_whitespace_anywhere() {
    let record = parse("junk (not sgf)\r\n(  ;  AddBlack [aa] \n [bb] PlayerBlack\t[Kitani]  SiZe[9] ; Black [cc] \r\n ) trailer");
    assert_eq!(record.setup.black, vec![point("aa"), point("bb")]);
    assert_eq!(record.info.black_name.as_deref(), Some("Kitani"));
    assert_eq!(record.size, BoardSize::square(9).unwrap());
    assert_eq!(moves(&record), vec![Action::Move(point("cc"))]);
    assert_eq!(parse("\u{FEFF}(;B[aa])").turns.len(), 1);
}

#[test]
fn repeated_values_of_game_info_keep_the_first() {
    let record = parse("(;CA[UTF-8][UTF-8]GN[][]KM[]PB[]PW[x][y])");
    assert_eq!(record.komi, None);
    assert_eq!(record.info.black_name.as_deref(), Some(""));
    assert_eq!(record.info.white_name.as_deref(), Some("x"));
}

#[test]
fn collections() {
    let text = b"header (;B[aa]) junk\n(;W[bb];B[cc])\n(;SZ[9])";
    let games = sgf::parse_collection(text).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].turns.len(), 2);
    assert_eq!(games[2].size, BoardSize::square(9).unwrap());
    assert_eq!(sgf::parse(text).unwrap(), games[0]);
    assert_eq!(sgf::parse(b"(;B[aa])(;B[").unwrap().turns.len(), 1);
    assert_eq!(
        sgf::parse_collection(b"(;B[aa])(;B[").unwrap_err().kind,
        SgfErrorKind::UnterminatedValue
    );
}

#[test]
fn gb2312_names() {
    let mut bytes = b"(;CA[GB2312]PB[".to_vec();
    bytes.extend([0xB9, 0xC5, 0xC1, 0xA6]);
    bytes.extend(b"]PW[\xFF\xFF];B[pd])");
    let record = sgf::parse(&bytes).unwrap();
    assert_eq!(record.info.black_name.as_deref(), Some("古力"));
    assert_eq!(record.info.white_name.as_deref(), Some("\u{FFFD}\u{FFFD}"));
}

#[test]
fn charset_declared_after_the_names_still_applies() {
    let mut bytes = b"(;PB[".to_vec();
    bytes.extend([0xB9, 0xC5, 0xC1, 0xA6]);
    bytes.extend(b"]CA[gb2312];B[pd])");
    assert_eq!(
        sgf::parse(&bytes).unwrap().info.black_name.as_deref(),
        Some("古力")
    );
}

#[test]
fn latin1_names() {
    for label in ["ISO-8859-1", "Latin-1", "latin1"] {
        let mut bytes = format!("(;CA[{label}]PB[").into_bytes();
        bytes.extend(b"Jos\xE9 Mar\xEDa]);");
        let record = sgf::parse(&bytes).unwrap();
        assert_eq!(
            record.info.black_name.as_deref(),
            Some("José María"),
            "{label}"
        );
    }
}

#[test]
fn double_byte_charsets_whose_second_byte_is_a_bracket_or_backslash() {
    let mut shift_jis = b"(;CA[Shift_JIS]PB[".to_vec();
    shift_jis.extend([0x88, 0xE4, 0x8E, 0x52, 0x97, 0x54, 0x91, 0xBE]);
    shift_jis.extend(b"]PW[\x95\x5C];B[pd])");
    let record = sgf::parse(&shift_jis).unwrap();
    assert_eq!(record.info.black_name.as_deref(), Some("井山裕太"));
    assert_eq!(record.info.white_name.as_deref(), Some("表"));
    assert_eq!(record.turns.len(), 1);

    let record = sgf::parse(b"(;CA[Big5]PB[\xB3\x5C]PW[\xB3\x5C\\]])").unwrap();
    assert_eq!(record.info.black_name.as_deref(), Some("許"));
    assert_eq!(record.info.white_name.as_deref(), Some("許]"));
}

#[test]
fn euc_kr_names() {
    let record = sgf::parse(b"(;CA[EUC-KR]PB[\xC0\xCC\xC3\xA2\xC8\xA3])").unwrap();
    assert_eq!(record.info.black_name.as_deref(), Some("이창호"));
}

#[test]
fn invalid_utf8_is_replaced_not_refused() {
    let record = sgf::parse(b"(;CA[UTF-8]PB[Lee \xC0]PW[\xE9])").unwrap();
    assert_eq!(record.info.black_name.as_deref(), Some("Lee \u{FFFD}"));
    let undeclared = sgf::parse(b"(;PB[Jos\xE9])").unwrap();
    assert_eq!(undeclared.info.black_name.as_deref(), Some("José"));
}

#[test]
fn errors_name_their_line_and_column() {
    let cases: [(&[u8], SgfErrorKind, u32, u32); 14] = [
        (
            b"(;GM[1]\nSZ[19]\n;B[aa]C[unterminated",
            SgfErrorKind::UnterminatedValue,
            3,
            8,
        ),
        (b"(;B[a])", SgfErrorKind::InvalidPoint("B".into()), 1, 5),
        (b"(;W[abc])", SgfErrorKind::InvalidPoint("W".into()), 1, 5),
        (b"(;B[a1])", SgfErrorKind::InvalidPoint("B".into()), 1, 5),
        (
            b"(;AB[aa:b])",
            SgfErrorKind::InvalidPoint("AB".into()),
            1,
            6,
        ),
        (b"(;SZ[53])", SgfErrorKind::InvalidBoardSize, 1, 6),
        (
            b"(;\r\nKM[seven])",
            SgfErrorKind::InvalidNumber("KM".into()),
            2,
            4,
        ),
        (b"(;OB[-2])", SgfErrorKind::InvalidNumber("OB".into()), 1, 6),
        (b"(;PL[X])", SgfErrorKind::InvalidColor, 1, 6),
        (
            b"(;B[aa][bb])",
            SgfErrorKind::MultipleValues("B".into()),
            1,
            8,
        ),
        (
            b"(;B[aa]\r;Black\n)",
            SgfErrorKind::MissingValue("Black".into()),
            3,
            1,
        ),
        (b"(;B[aa]x[bb])", SgfErrorKind::InvalidIdentifier, 1, 8),
        (b"(;B[aa]1)", SgfErrorKind::UnexpectedByte(b'1'), 1, 8),
        (b"(;B[aa](B[bb]))", SgfErrorKind::ExpectedNode, 1, 9),
    ];
    for (text, kind, line, column) in cases {
        let error = parse_error(text);
        assert_eq!(
            (&error.kind, error.line, error.column),
            (&kind, line, column),
            "{}",
            String::from_utf8_lossy(text)
        );
    }
    assert_eq!(
        parse_error(b"(;GM[1]\nSZ[19]\n;B[aa]C[oops").to_string(),
        "line 3, column 8: unterminated property value"
    );
    assert_eq!(
        parse_error(b"(;B[aa]\x01)").to_string(),
        "line 1, column 8: unexpected byte 0x01"
    );
}

/// A record as seen in a tournament's files: the komi written in `HA`, no setup stones.
/// Read, and said: the game has no declared handicap, and the warning gives the place.
#[test]
fn a_malformed_handicap_is_read_as_none_with_a_warning() {
    let text = b"(;GM[1]FF[4]SZ[19]KM[0]\nHA[7.5]RU[French]RE[B+R]\n;B[pd];W[dd];B[pp])";
    let record = sgf::parse(text).unwrap();
    assert_eq!(record.handicap, 0);
    assert_eq!(record.turns.len(), 3);
    assert_eq!(
        record.warnings,
        vec![ReadWarning::InvalidHandicap {
            value: "7.5".to_string(),
            line: 2,
            column: 4
        }]
    );
    let verdict = verify::verify(&record, Preset::French.rules(), VerifyOptions::default());
    assert!(verdict.is_legal());
    assert_eq!(
        verdict.warnings,
        vec![Warning::InvalidHandicap { line: 2, column: 4 }]
    );
    let negative = sgf::parse(b"(;HA[-2];B[aa])").unwrap();
    assert_eq!(
        (negative.handicap, negative.warnings.len()),
        (0, 1),
        "HA[-2]"
    );
}

#[test]
fn no_game_tree() {
    for text in [&b""[..], b"hello", b"(B[aa])", b"()"] {
        assert_eq!(parse_error(text).kind, SgfErrorKind::NoGameTree);
    }
    assert_eq!(
        sgf::parse_collection(b"  ").unwrap_err().kind,
        SgfErrorKind::NoGameTree
    );
}

#[test]
fn nesting_is_capped() {
    let nested = |depth: usize| format!("{}{}", "(;B[aa]".repeat(depth), ")".repeat(depth));
    assert_eq!(parse(&nested(MAX_DEPTH)).turns.len(), MAX_DEPTH);
    let error = parse_error(nested(MAX_DEPTH + 1).as_bytes());
    assert_eq!(error.kind, SgfErrorKind::TooDeep);
    assert_eq!(error.column as usize, MAX_DEPTH * 7 + 1);
    let hostile = "(;".to_string() + &"(;".repeat(1_000_000);
    assert_eq!(
        sgf::parse(hostile.as_bytes()).unwrap_err().kind,
        SgfErrorKind::TooDeep
    );
}

#[test]
fn input_size_is_capped() {
    let mut huge = b"(;C[".to_vec();
    huge.resize(MAX_INPUT_BYTES + 1, b'x');
    assert_eq!(parse_error(&huge).kind, SgfErrorKind::TooLarge);
    huge.truncate(MAX_INPUT_BYTES - 2);
    huge.extend(b"])");
    assert_eq!(sgf::parse(&huge).unwrap().turns.len(), 0);
}

#[test]
fn truncated_files_are_refused() {
    let text = "(;GM[1]SZ[19]PB[Black\\]]\n;B[pd]BL[30];W[dd](;B[pp])(;B[dp]))";
    for end in 2..text.len() {
        let error = parse_error(&text.as_bytes()[..end]);
        assert!(
            matches!(
                error.kind,
                SgfErrorKind::UnclosedGameTree
                    | SgfErrorKind::UnterminatedValue
                    | SgfErrorKind::MissingValue(_)
            ),
            "{end}: {error}"
        );
    }
    let error = parse_error(b"(;B[aa]\n;W[bb]");
    assert_eq!(
        (error.kind, error.line, error.column),
        (SgfErrorKind::UnclosedGameTree, 2, 7)
    );
    let files = corpus();
    for (name, bytes) in files.iter().take(10) {
        let half = &bytes[..bytes.len() / 2];
        assert!(sgf::parse(half).is_err(), "{name}");
    }
}

#[test]
fn writer_output() {
    let mut record = GameRecord::new(BoardSize::new(9, 13).unwrap());
    record.komi = Some(750.0);
    record.handicap = 2;
    record.setup = Setup {
        black: vec![point("cc"), point("gg")],
        white: vec![],
    };
    record.first_player = Some(Color::White);
    record.info.black_name = Some("a]b\\c".into());
    record.result = Some("W+0.5".into());
    record.turns = vec![
        Turn {
            time_left: Some(12.5),
            overtime_left: Some(3),
            ..Turn::play(Color::White, point("ee"))
        },
        Turn::pass(Color::Black),
    ];
    let text = sgf::write(&record);
    assert_eq!(
        text,
        "(;GM[1]FF[4]CA[UTF-8]SZ[9:13]KM[750.0]HA[2]PB[a\\]b\\\\c]RE[W+0.5]AB[cc][gg]PL[W]\n;W[ee]WL[12.5]OW[3] ;B[])\n"
    );
    assert_eq!(sgf::parse(text.as_bytes()).unwrap(), record);
}

#[test]
fn real_games_survive_a_round_trip() {
    let files = corpus();
    for (name, bytes) in &files {
        let record = sgf::parse(bytes).unwrap();
        assert_eq!(
            sgf::parse(sgf::write(&record).as_bytes()).unwrap(),
            record,
            "{name}"
        );
    }
}

fn finite() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>().prop_filter("finite", |value| value.is_finite()),
        (-400..400i32).prop_map(|halves| f64::from(halves) / 2.0),
        (-100_000..100_000i32).prop_map(f64::from),
    ]
}

fn text() -> impl Strategy<Value = Option<String>> {
    proptest::option::of("[^\t\n\r\u{b}\u{c}]{0,12}")
}

fn sgf_point() -> impl Strategy<Value = Point> {
    (0..52u8, 0..52u8).prop_map(|(x, y)| Point::new(x, y))
}

fn turn() -> impl Strategy<Value = Turn> {
    let color = prop_oneof![Just(Color::Black), Just(Color::White)];
    let action = prop_oneof![1 => Just(Action::Pass), 9 => sgf_point().prop_map(Action::Move)];
    (
        color,
        action,
        proptest::option::of(finite()),
        proptest::option::of(any::<u32>()),
    )
        .prop_map(|(color, action, time_left, overtime_left)| Turn {
            color,
            action,
            time_left,
            overtime_left,
        })
}

fn setup() -> impl Strategy<Value = Setup> {
    let stones = proptest::collection::btree_map((0..52u8, 0..52u8), any::<bool>(), 0..40);
    stones
        .prop_map(|stones| stones.into_iter().collect::<Vec<_>>())
        .prop_shuffle()
        .prop_map(|stones| {
            let mut setup = Setup::default();
            for ((x, y), black) in stones {
                if black {
                    setup.black.push(Point::new(x, y));
                } else {
                    setup.white.push(Point::new(x, y));
                }
            }
            setup
        })
}

prop_compose! {
    fn record()(
        width in 1..=52u8,
        height in 1..=52u8,
        komi in proptest::option::of(finite()),
        handicap in any::<u32>(),
        setup in setup(),
        first_player in proptest::option::of(prop_oneof![Just(Color::Black), Just(Color::White)]),
        texts in proptest::collection::vec(text(), 11),
        main_time in proptest::option::of(finite()),
        turns in proptest::collection::vec(turn(), 0..60),
    ) -> GameRecord {
        let mut record = GameRecord::new(BoardSize::new(width, height).unwrap());
        record.komi = komi;
        record.handicap = handicap;
        record.setup = setup;
        record.first_player = first_player;
        let mut texts = texts.into_iter();
        let mut next = || texts.next().flatten();
        record.rules = next();
        record.result = next();
        let info = &mut record.info;
        for field in [
            &mut info.black_name, &mut info.white_name, &mut info.black_rank, &mut info.white_rank,
            &mut info.event, &mut info.round, &mut info.date, &mut info.place, &mut info.overtime,
        ] {
            *field = next();
        }
        info.main_time = main_time;
        let tt_is_pass = record.size.tt_is_pass();
        let tt = Action::Move(Point::new(19, 19));
        record.turns = turns.into_iter().filter(|turn| !(tt_is_pass && turn.action == tt)).collect();
        record
    }
}

/// Pieces of SGF that a random arrangement turns into plausible and broken files.
const FRAGMENTS: [&[u8]; 24] = [
    b"(",
    b")",
    b";",
    b"(;",
    b"B[aa]",
    b"W[tt]",
    b"[",
    b"]",
    b"\\",
    b"AB[aa:ZZ]",
    b"AE[bb:cc]",
    b"CA[Shift_JIS]",
    b"CA[GB2312]",
    b"\x95",
    b"\x81",
    b"SZ[52]",
    b"SZ[7:3]",
    b"KM[750]",
    b"PB[x]",
    b"BL[1.5]",
    b"OW[3]",
    b"\n",
    b"C[",
    b"AddBlack",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn write_then_parse_gives_the_same_record(record in record()) {
        let text = sgf::write(&record);
        prop_assert_eq!(sgf::parse(text.as_bytes()), Ok(record));
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = sgf::parse(&bytes);
        let _ = sgf::parse_collection(&bytes);
    }

    #[test]
    fn arbitrary_fragments_never_panic(pieces in proptest::collection::vec(0..FRAGMENTS.len(), 0..80)) {
        let bytes: Vec<u8> = pieces.into_iter().flat_map(|piece| FRAGMENTS[piece].iter().copied()).collect();
        if let Err(error) = sgf::parse_collection(&bytes) {
            prop_assert!(error.line >= 1 && error.column >= 1);
        }
    }
}
