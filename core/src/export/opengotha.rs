//! OpenGotha's XML tournament file, read and written, so that a tournament moves between
//! OpenGotha (or pairgoth, which reads and writes the same file) and arbitre.
//!
//! Format: `lucvannier/opengotha: distribution/tournamentfiles/tournament.dtd` and
//! `ExternalDocument.generateXMLFile` / `importTournamentFromXMLFile` (data version 201);
//! pairgoth's `opengotha.xsd`. Missing attributes take the defaults OpenGotha's importer
//! gives them; attributes and elements arbitre does not know are ignored, as OpenGotha
//! ignores them. Games and byes refer to players by OpenGotha's key,
//! `UPPER(name + firstName)` without spaces; an imported player's id is that key.
//!
//! Elements are found by their place in the document (a `Player` in `Players`, a
//! `ByePlayer` in `ByePlayers`, or in the `ByePlayer` element pairgoth wraps its byes in).
//!
//! What does not map: teams, clubs groups and the display and publishing settings are
//! ignored; pairing weights are written with OpenGotha's defaults; void games
//! have no OpenGotha equivalent and are left out (the players count as unpaired). Of the
//! time control, OpenGotha keeps whole minutes of main time and one overtime setting: the
//! number of byo-yomi periods and a Fischer cap are lost (an imported byo-yomi has one
//! period, OpenGotha's "standard byo-yomi").

use super::{basic_time, ExportError};
use crate::clock::TimeControl;
use crate::fields::{self, FieldIssue, NAME_CHARS, TITLE_CHARS};
use crate::pairing::parameters::{
    AdditionalOrder, DrawPosition, OpenGothaVersion, PairingParameters, Seeding,
};
use crate::point::Color;
use crate::rating_list::{FFG_OFFSET, MAX_GOR, MIN_GOR};
use crate::standings::{
    opengotha_result_name, result_named, Basis, Credit, Criterion, Game, GameResult, HandicapField,
    HandicapPolicy, KeyLocale, McMahon, Player, Rank, RoundEntry, Scoring, Tournament,
};
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use std::cell::Cell;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write;
use thiserror::Error;

/// OpenGotha's `Gotha.MAX_NUMBER_OF_ROUNDS`: the length of a player's `participating` string.
const MAX_ROUNDS: u32 = 20;
/// OpenGotha's `PlacementParameterSet.PLA_MAX_NUMBER_OF_CRITERIA`.
const MAX_CRITERIA: usize = 6;
/// More categories than ranks make no sense; the bound keeps a malformed file small.
const MAX_CATEGORIES: u32 = 40;
/// Attributes one element may have: OpenGotha's have at most about forty. The bound keeps
/// a hostile file's element (80,000 attributes) from costing more than its bytes.
pub(crate) const MAX_ATTRIBUTES: usize = 256;
/// Elements open at once: OpenGotha's files nest five deep.
const MAX_DEPTH: usize = 64;
const MINUTE_MS: u64 = 60_000;
const SECOND_MS: u64 = 1_000;

/// Why an OpenGotha file could not be read. Lines and columns count from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OpenGothaError {
    #[error("line {line}, column {column}: not well-formed XML: {message}")]
    Xml {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("unknown text encoding `{0}`")]
    UnknownEncoding(String),
    #[error("line {line}, column {column}: bytes that are not {encoding}")]
    MalformedText {
        line: usize,
        column: usize,
        encoding: String,
    },
    #[error("not an OpenGotha tournament: no <{0}> element")]
    MissingElement(&'static str),
    #[error("line {line}: <{element} {attribute}=\"{value}\">: invalid value")]
    InvalidAttribute {
        line: usize,
        element: &'static str,
        attribute: &'static str,
        value: String,
    },
    /// A value the checks of every entry refuse ([`crate::fields`]).
    #[error("line {line}: <{element} {attribute}>: {issue}")]
    InvalidText {
        line: usize,
        element: &'static str,
        attribute: &'static str,
        issue: FieldIssue,
    },
    #[error("line {line}: {what}: not an OpenGotha file")]
    TooLarge { line: usize, what: String },
    #[error(
        "line {line}: placement criterion `{name}` is not one arbitre knows (OpenGotha's are \
         NBW, MMS, STS, CPS, BZS, SOS…, SOSOS…, SODOS…, CUSS…, EXT, EXR, DC, SDC, CAT, Rank, Rating)"
    )]
    UnknownCriterion { line: usize, name: String },
    #[error("line {line}: player `{key}` is registered twice")]
    DuplicatePlayer { line: usize, key: String },
    #[error("line {line}: round {round}: unknown player `{player}`")]
    UnknownPlayer {
        line: usize,
        round: u32,
        player: String,
    },
}

/// One element: where it starts and its attributes.
struct Record {
    line: usize,
    attributes: HashMap<String, String>,
}

/// The elements arbitre reads, in file order.
#[derive(Default)]
struct Elements {
    /// The root `<Tournament>`: its versions.
    tournament: Option<Record>,
    players: Vec<Record>,
    games: Vec<Record>,
    byes: Vec<Record>,
    general: Option<Record>,
    handicap: Option<Record>,
    criteria: Vec<Record>,
    categories: Vec<Record>,
    breizh_groups: Vec<Record>,
    display: Option<Record>,
}

/// A value the reader took as OpenGotha takes it though arbitre's checks would refuse it,
/// and what it did: the director is told, nothing is changed silently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadWarning {
    pub line: usize,
    pub element: &'static str,
    pub attribute: &'static str,
    /// The value as the file writes it.
    pub value: String,
    pub message: &'static str,
}

impl std::fmt::Display for ReadWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}: <{} {}={:?}>: {}",
            self.line, self.element, self.attribute, self.value, self.message
        )
    }
}

/// Reads an OpenGotha tournament file (any encoding its XML declaration names); what it
/// read leniently is left out: see [`import_with_warnings`].
pub fn import(bytes: &[u8]) -> Result<Tournament, OpenGothaError> {
    import_with_warnings(bytes).map(|(tournament, _)| tournament)
}

/// Reads an OpenGotha tournament file, and says what it read as OpenGotha does though
/// arbitre's own checks would refuse it: control characters in a club, a country or an
/// identifier (stripped), a komi written with a decimal comma (`6,5`, read 6.5).
pub fn import_with_warnings(
    bytes: &[u8],
) -> Result<(Tournament, Vec<ReadWarning>), OpenGothaError> {
    let mut warnings = Vec::new();
    let text = decode(bytes)?;
    let elements = elements(&text)?;
    if let Some(beyond) = elements.players.get(fields::TOURNAMENT_PLAYERS) {
        return Err(OpenGothaError::TooLarge {
            line: beyond.line,
            what: format!(
                "more than {} players (the service's bound on a tournament)",
                fields::TOURNAMENT_PLAYERS
            ),
        });
    }
    let general = Element::new("GeneralParameterSet", elements.general.as_ref())?;
    let handicap = Element::new("HandicapParameterSet", elements.handicap.as_ref())?;
    let declared = general.number("numberOfRounds", 5)?;
    if !(1..=MAX_ROUNDS).contains(&declared) {
        return Err(general.invalid("numberOfRounds"));
    }
    // OpenGotha (3.50 to 3.52.03) raises the number of rounds to the last round a game or
    // a bye is in; it cannot load a round beyond its 20th.
    let mut rounds = declared;
    for (name, records) in [("Game", &elements.games), ("ByePlayer", &elements.byes)] {
        for record in records {
            rounds = rounds.max(Element::of(name, record).round(MAX_ROUNDS)?);
        }
    }
    if rounds > declared {
        warnings.push(general.warning(
            "numberOfRounds",
            "raised to the last round with a game or a bye, as OpenGotha raises it",
        ));
    }
    let root = Element::new("Tournament", elements.tournament.as_ref())?;
    let old_scale = obsolete_data_version(&root)?;
    if old_scale {
        warnings.push(root.warning(
            "dataVersion",
            "a file older than data version 201: 2050 added to every rating, as OpenGotha 3.51 \
             and older read it",
        ));
    }

    let mut players = Vec::with_capacity(elements.players.len());
    let mut absences = Vec::new();
    let mut registered = HashSet::new();
    for record in &elements.players {
        let element = Element::of("Player", record);
        let player = import_player(&element, old_scale, &mut warnings)?;
        if !registered.insert(player.id.clone()) {
            return Err(OpenGothaError::DuplicatePlayer {
                line: record.line,
                key: player.id,
            });
        }
        let participating: Vec<char> = element.text("participating", "").chars().collect();
        for round in 1..=rounds {
            if participating.get(round as usize - 1) == Some(&'0') {
                absences.push(RoundEntry {
                    round,
                    player: player.id.clone(),
                });
            }
        }
        players.push(player);
    }
    let keys = PlayerKeys::new(&players, old_scale && written_by_opengotha_3(&root));

    let mut games = Vec::with_capacity(elements.games.len());
    for record in &elements.games {
        let element = Element::of("Game", record);
        let round = element.round(rounds)?;
        let (result, by_default) = import_result(&element)?;
        let (Some(black), Some(white)) = (
            keys.find(&element, round, "blackPlayer", &mut warnings)?,
            keys.find(&element, round, "whitePlayer", &mut warnings)?,
        ) else {
            continue;
        };
        games.push(Game {
            round,
            table: Some(element.number("tableNumber", 1)?),
            black,
            white,
            handicap: element.number("handicap", 0)?,
            komi: None,
            // OpenGotha writes `knownColor` but reads `strKnownColor` (which it never
            // writes); either one false means the colours were not recorded.
            colours_known: element.flag("knownColor", true)?
                && element.flag("strKnownColor", true)?,
            result,
            by_default,
        });
    }
    // OpenGotha keeps one bye a round, the last one the file names, and skips a bye
    // naming no registered player (`importByePlayersFromXMLFile`); pairgoth's wrapper
    // element names none.
    let mut byes = BTreeMap::new();
    for record in &elements.byes {
        let element = Element::of("ByePlayer", record);
        let round = element.round(rounds)?;
        if let Some(player) = keys.bye_player(&element, &mut warnings) {
            byes.insert(round, player);
        }
    }
    let byes = byes
        .into_iter()
        .map(|(round, player)| RoundEntry { round, player })
        .collect();

    let mut criteria = BTreeMap::new();
    for record in &elements.criteria {
        let element = Element::of("PlacementCriterion", record);
        if let Some(criterion) = import_criterion(&element)? {
            criteria.insert(element.number("number", 1)?, criterion);
        }
    }
    let category_limits = import_limits(&CATEGORIES, &general, &elements.categories)?;
    let breizh_limits = import_limits(&BREIZH_GROUPS, &general, &elements.breizh_groups)?;
    let credit = |mms: &'static str, nbw: &'static str| -> Result<Credit, OpenGothaError> {
        Ok(Credit {
            mms_half_points: general.number(mms, 0)?,
            nbw_half_points: general.number(nbw, 0)?,
        })
    };

    let mut tournament = Tournament {
        name: general.checked_text("name", TITLE_CHARS)?.to_string(),
        short_name: general.checked_text("shortName", TITLE_CHARS)?.to_string(),
        city: general.checked_text("location", TITLE_CHARS)?.to_string(),
        country: String::new(),
        director: general.checked_text("director", TITLE_CHARS)?.to_string(),
        start_date: general.text("beginDate", "2000-01-01").to_string(),
        end_date: general.text("endDate", "2000-01-01").to_string(),
        // OpenGotha ≥ 3.51.05 writes `bInternetGame`, earlier versions `bInternet`.
        online: match general.record.attributes.contains_key("bInternetGame") {
            true => general.flag("bInternetGame", false)?,
            false => general.flag("bInternet", false)?,
        },
        board_size: general.number("size", 19)?,
        komi: general.komi(&mut warnings)?,
        rules: None,
        time: import_time(&general)?,
        handicap: HandicapPolicy {
            reduction: handicap.parse(HandicapField::Reduction.opengotha_attribute(), 1)?,
            ceiling: handicap.number(HandicapField::Ceiling.opengotha_attribute(), 9)?,
            based_on_mms: handicap_based_on_mms(&handicap)?,
            no_handicap_from: handicap.rank("hdNoHdRankThreshold", "1D")?,
        },
        rounds,
        mcmahon: McMahon {
            bar: general.rank("genMMBar", "4D")?,
            floor: general.rank("genMMFloor", "20K")?,
            // OpenGotha reads `genMMZero` and ignores it: start scores count from 30K in
            // every version (3.40.01 to 3.52.03), whatever the file says.
            zero: Rank::THIRTY_KYU,
        },
        category_limits,
        breizh_limits,
        scoring: Scoring {
            bye: credit("genMMS2ValueBye", "genNBW2ValueBye")?,
            absence: credit("genMMS2ValueAbsent", "genNBW2ValueAbsent")?,
            round_down: general.flag("genRoundDownNBWMMS", true)?,
            unplayed_as_half_point_in_sos: general
                .flag("genCountNotPlayedGamesAsHalfPoint", false)?,
        },
        criteria: criteria.into_values().collect(),
        players,
        games,
        byes,
        absences,
        pairing: None,
        key_locale: keys.locale(),
        display: elements
            .display
            .map(|record| record.attributes.into_iter().collect())
            .unwrap_or_default(),
    };
    // OpenGotha reads several games of one player in a round, scores them all, and takes
    // the one at the highest table as the round's (`Tournament::extra_games`).
    let mut told = HashSet::new();
    for (game, colour) in tournament.extra_games() {
        if told.insert(game) {
            let record = &elements.games[game];
            let player = if colour == Color::Black {
                "blackPlayer"
            } else {
                "whitePlayer"
            };
            warnings.push(Element::of("Game", record).warning(
                player,
                "another game of this player in the same round: scored, as OpenGotha scores \
                 it, but the round's opponent and colour are those of the player's game at \
                 the highest table",
            ));
        }
    }
    tournament.pairing = Some(crate::pairing::opengotha::read(bytes, &tournament)?.parameters);
    Ok((tournament, warnings))
}

/// Decodes the file with the encoding its XML declaration names (UTF-8 by default; a
/// byte-order mark wins over the declaration).
pub(crate) fn decode(bytes: &[u8]) -> Result<String, OpenGothaError> {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]);
    let label = head
        .strip_prefix('\u{feff}')
        .unwrap_or(&head)
        .strip_prefix("<?xml")
        .and_then(|declaration| declaration.split("?>").next())
        .and_then(|declaration| declaration.split("encoding=").nth(1))
        .and_then(|value| {
            let mut chars = value.chars();
            let quote = chars.next()?;
            chars.as_str().split(quote).next()
        })
        .unwrap_or("UTF-8");
    let encoding = encoding_rs::Encoding::for_label(label.trim().as_bytes())
        .ok_or_else(|| OpenGothaError::UnknownEncoding(label.to_string()))?;
    let (text, used, malformed) = encoding.decode(bytes);
    if malformed {
        // The decoder replaced the first malformed sequence with U+FFFD.
        let offset = text.find('\u{fffd}').unwrap_or(0);
        let (line, column) = line_and_column(&text, offset);
        return Err(OpenGothaError::MalformedText {
            line,
            column,
            encoding: used.name().to_string(),
        });
    }
    Ok(text.into_owned())
}

/// The line and column (in characters) of a byte offset, both from 1.
pub(crate) fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.as_bytes().get(..offset).unwrap_or(text.as_bytes());
    let line_start = before
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |newline| newline + 1);
    let line = before.iter().filter(|&&byte| byte == b'\n').count() + 1;
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

/// The elements arbitre reads, each with its line, in one pass: lines are counted as the
/// reader moves on, so that reading stays linear in the file's size.
fn elements(text: &str) -> Result<Elements, OpenGothaError> {
    let mut reader = Reader::from_str(text);
    let mut elements = Elements::default();
    // The elements open, and how many of the two whose descendants are read anywhere below
    // them: the questions asked of each element cost the same at any depth.
    let mut open: Vec<String> = Vec::new();
    let mut open_placement = 0usize;
    let mut open_general = 0usize;
    let mut lines = LineCounter::default();
    loop {
        let start_offset = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        let event = reader.read_event().map_err(|error| {
            let offset = usize::try_from(reader.error_position()).unwrap_or(usize::MAX);
            let (line, column) = line_and_column(text, offset);
            OpenGothaError::Xml {
                line,
                column,
                message: error.to_string(),
            }
        })?;
        let (start, empty) = match event {
            Event::Start(start) => (start, false),
            Event::Empty(start) => (start, true),
            Event::End(_) => {
                match open.pop().as_deref() {
                    Some("PlacementParameterSet") => open_placement -= 1,
                    Some("GeneralParameterSet") => open_general -= 1,
                    _ => {}
                }
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let line = lines.line_at(text, start_offset);
        let name = String::from_utf8_lossy(start.name().as_ref()).into_owned();
        let parent = open.last().map_or("", String::as_str);
        let list = match (name.as_str(), parent) {
            ("Player", "Players") => Some(&mut elements.players),
            ("Game", "Games") => Some(&mut elements.games),
            ("ByePlayer", "ByePlayers" | "ByePlayer") => Some(&mut elements.byes),
            ("PlacementCriterion", _) if open_placement > 0 => Some(&mut elements.criteria),
            ("Category", _) if open_general > 0 => Some(&mut elements.categories),
            ("BZHGroup", _) if open_general > 0 => Some(&mut elements.breizh_groups),
            _ => None,
        };
        let single = match (name.as_str(), parent) {
            ("Tournament", "") => Some(&mut elements.tournament),
            ("GeneralParameterSet", "TournamentParameterSet") => Some(&mut elements.general),
            ("HandicapParameterSet", "TournamentParameterSet") => Some(&mut elements.handicap),
            ("DPParameterSet", "TournamentParameterSet") => Some(&mut elements.display),
            _ => None,
        };
        if list.is_some() || single.is_some() {
            let record = Record {
                line,
                attributes: attributes(&start, line)?,
            };
            match (list, single) {
                (Some(list), _) => list.push(record),
                (_, Some(single)) => *single = Some(record),
                _ => {}
            }
        }
        if !empty {
            if open.len() == MAX_DEPTH {
                return Err(OpenGothaError::TooLarge {
                    line,
                    what: format!("elements nested more than {MAX_DEPTH} deep"),
                });
            }
            match name.as_str() {
                "PlacementParameterSet" => open_placement += 1,
                "GeneralParameterSet" => open_general += 1,
                _ => {}
            }
            open.push(name);
        }
    }
    Ok(elements)
}

/// The line of increasing byte offsets, counting only the bytes since the last one asked.
#[derive(Default)]
pub(crate) struct LineCounter {
    offset: usize,
    line: usize,
}

impl LineCounter {
    pub(crate) fn line_at(&mut self, text: &str, offset: usize) -> usize {
        let bytes = text.as_bytes();
        let offset = offset.clamp(self.offset, bytes.len());
        self.line += bytes[self.offset..offset]
            .iter()
            .filter(|&&byte| byte == b'\n')
            .count();
        self.offset = offset;
        self.line + 1
    }
}

pub(crate) fn attributes(
    start: &BytesStart,
    line: usize,
) -> Result<HashMap<String, String>, OpenGothaError> {
    let xml_error = |message: String| OpenGothaError::Xml {
        line,
        column: 1,
        message,
    };
    // quick-xml's own check for a repeated name compares each attribute with every one
    // before it; a map finds a repeat in one lookup.
    let mut values = HashMap::new();
    for attribute in start.attributes().with_checks(false) {
        if values.len() == MAX_ATTRIBUTES {
            return Err(OpenGothaError::TooLarge {
                line,
                what: format!(
                    "<{}> has more than {MAX_ATTRIBUTES} attributes",
                    String::from_utf8_lossy(start.name().as_ref())
                ),
            });
        }
        let attribute = attribute.map_err(|error| xml_error(error.to_string()))?;
        let key = String::from_utf8_lossy(attribute.key.as_ref()).into_owned();
        let value = attribute
            .unescape_value()
            .map_err(|error| xml_error(error.to_string()))?;
        if values.insert(key, value.into_owned()).is_some() {
            let name = String::from_utf8_lossy(attribute.key.as_ref()).into_owned();
            return Err(xml_error(format!("attribute `{name}` is repeated")));
        }
    }
    Ok(values)
}

/// An element's attributes, read with OpenGotha's defaults.
struct Element<'a> {
    name: &'static str,
    record: &'a Record,
}

impl<'a> Element<'a> {
    fn of(name: &'static str, record: &'a Record) -> Element<'a> {
        Element { name, record }
    }

    fn new(name: &'static str, record: Option<&'a Record>) -> Result<Element<'a>, OpenGothaError> {
        record
            .map(|record| Element { name, record })
            .ok_or(OpenGothaError::MissingElement(name))
    }

    fn text(&self, attribute: &str, default: &'a str) -> &'a str {
        self.record
            .attributes
            .get(attribute)
            .map_or(default, String::as_str)
    }

    /// Text kept from the file, through the checks of every entry ([`fields::check_text`]);
    /// empty when absent.
    fn checked_text(
        &self,
        attribute: &'static str,
        max_chars: usize,
    ) -> Result<&'a str, OpenGothaError> {
        let value = self.text(attribute, "");
        self.check_text(attribute, value, max_chars)?;
        Ok(value)
    }

    /// The checks of every entry ([`fields::check_text`]) on a value of `attribute`.
    fn check_text(
        &self,
        attribute: &'static str,
        value: &str,
        max_chars: usize,
    ) -> Result<(), OpenGothaError> {
        fields::check_text(value, max_chars, false).map_err(|issue| OpenGothaError::InvalidText {
            line: self.record.line,
            element: self.name,
            attribute,
            issue,
        })
    }

    /// [`Element::checked_text`], but control characters (a tab, a line break in a club
    /// or an EGD PIN, which OpenGotha reads) are stripped, with a warning.
    fn stripped_text(
        &self,
        attribute: &'static str,
        max_chars: usize,
        warnings: &mut Vec<ReadWarning>,
    ) -> Result<String, OpenGothaError> {
        let value = self.text(attribute, "");
        if !value.chars().any(char::is_control) {
            return Ok(self.checked_text(attribute, max_chars)?.to_string());
        }
        warnings.push(self.warning(attribute, "control characters stripped"));
        let stripped: String = value.chars().filter(|c| !c.is_control()).collect();
        self.check_text(attribute, &stripped, max_chars)?;
        Ok(stripped)
    }

    /// The komi, a decimal number; one written with a decimal comma (`6,5`, a file saved
    /// under a French locale by hand or by another program) is read as OpenGotha reads
    /// it, with a warning.
    fn komi(&self, warnings: &mut Vec<ReadWarning>) -> Result<f64, OpenGothaError> {
        let value = self.text("komi", "");
        if !value.contains(',') {
            return self.decimal("komi", 7.5);
        }
        let komi: f64 = value
            .trim()
            .replacen(',', ".", 1)
            .parse()
            .map_err(|_| self.invalid("komi"))?;
        if !komi.is_finite() {
            return Err(self.invalid("komi"));
        }
        warnings.push(self.warning("komi", "a decimal comma, read as a decimal point"));
        Ok(komi)
    }

    fn warning(&self, attribute: &'static str, message: &'static str) -> ReadWarning {
        ReadWarning {
            line: self.record.line,
            element: self.name,
            attribute,
            value: self.text(attribute, "").to_string(),
            message,
        }
    }

    /// A player's `smmsCorrection`, within the corrections every way a player comes in
    /// allows ([`fields::MCMAHON_CORRECTIONS`]).
    fn mcmahon_correction(&self) -> Result<i32, OpenGothaError> {
        let correction = self.parse("smmsCorrection", 0)?;
        fields::check_mcmahon_correction(correction).map_err(|issue| {
            OpenGothaError::InvalidText {
                line: self.record.line,
                element: self.name,
                attribute: "smmsCorrection",
                issue,
            }
        })?;
        Ok(correction)
    }

    fn invalid(&self, attribute: &'static str) -> OpenGothaError {
        OpenGothaError::InvalidAttribute {
            line: self.record.line,
            element: self.name,
            attribute,
            value: self.text(attribute, "").to_string(),
        }
    }

    fn parse<T: std::str::FromStr>(
        &self,
        attribute: &'static str,
        default: T,
    ) -> Result<T, OpenGothaError> {
        match self.text(attribute, "").trim() {
            "" => Ok(default),
            value => value.parse().map_err(|_| self.invalid(attribute)),
        }
    }

    fn number(&self, attribute: &'static str, default: u32) -> Result<u32, OpenGothaError> {
        self.parse(attribute, default)
    }

    fn decimal(&self, attribute: &'static str, default: f64) -> Result<f64, OpenGothaError> {
        self.parse::<f64>(attribute, default).and_then(|value| {
            if value.is_finite() {
                Ok(value)
            } else {
                Err(self.invalid(attribute))
            }
        })
    }

    fn flag(&self, attribute: &'static str, default: bool) -> Result<bool, OpenGothaError> {
        self.parse(attribute, default)
    }

    fn rank(&self, attribute: &'static str, default: &str) -> Result<Rank, OpenGothaError> {
        let value = self.text(attribute, default);
        let value = if value.trim().is_empty() {
            default
        } else {
            value
        };
        opengotha_rank(value).ok_or_else(|| self.invalid(attribute))
    }

    /// `roundNumber`, 1-based in the file, within the tournament's rounds.
    fn round(&self, rounds: u32) -> Result<u32, OpenGothaError> {
        let round = self.number("roundNumber", 1)?;
        if (1..=rounds).contains(&round) {
            Ok(round)
        } else {
            Err(self.invalid("roundNumber"))
        }
    }
}

/// Whether the file is read as OpenGotha 3.50 and 3.51.02 read a file whose `dataVersion`
/// is missing or below 201: every rating 2050 higher, and, in a file of their own line
/// ([`written_by_opengotha_3`]), games and byes matched to their players by letters only
/// (see [`PlayerKeys::obsolete`]). OpenGotha 3.52.03 does neither
/// (measured: the same file saved again by each, with `dataVersion` removed, 200, 199 and
/// 1; `tournoi_equipe_LGO_2020LV.xml` of OpenGotha's public repository, 21 games a round,
/// 17 or 18 of them loaded by 3.50 and 3.51.02, all by 3.52.03).
fn obsolete_data_version(root: &Element) -> Result<bool, OpenGothaError> {
    let data_version = root.number("dataVersion", 0)?;
    let version = crate::pairing::opengotha::opengotha_version(&root.record.attributes);
    Ok(data_version < 201 && version != OpenGothaVersion::Since352)
}

/// Whether the file names a release of OpenGotha's first line (`lucvannier/opengotha`,
/// up to 3.51.02), whose reader finds the players of a file older than data version 201
/// by the letters of their names only. The releases of its second line (3.51.05 on,
/// `lucvannier/opengothaV4`) write no `dataVersion` and find players by their exact key
/// (`RennesBZH.xml`, saved by 3.51.05, reads back with every game); a file naming no
/// release (pairgoth's) is read as they read it, every game kept.
fn written_by_opengotha_3(root: &Element) -> bool {
    let attributes = &root.record.attributes;
    let full = attributes.get("fullVersionNumber").map(|version| {
        version
            .trim()
            .split('.')
            .map(|part| part.parse::<u32>().unwrap_or(u32::MAX))
            .collect::<Vec<_>>()
    });
    match full {
        Some(parts) => parts.as_slice() <= [3, 51, 2].as_slice(),
        None => attributes.contains_key("gothaVersion"),
    }
}

/// Whether stones follow McMahon scores rather than ranks: `hdBasedOnMMS` (true when
/// absent), overridden by `hdBase` where a file has it, the one attribute OpenGotha 3.52
/// writes (`RANK`, `MMS`, or `BZS`, which hands out stones by rank).
fn handicap_based_on_mms(handicap: &Element) -> Result<bool, OpenGothaError> {
    match handicap.text("hdBase", "").trim() {
        "" => handicap.flag("hdBasedOnMMS", true),
        "MMS" => Ok(true),
        "RANK" | "BZS" => Ok(false),
        _ => Err(handicap.invalid("hdBase")),
    }
}

/// A rank as OpenGotha reads it (`Player.convertKDPToInt`): a number and `K`, `D` or `P`
/// in either case, held between 30K and 9D; professional ranks count as 7D (1P–3P), 8D
/// (4P–6P) or 9D. OpenGotha writes `99K` for a rank it could not read, which so reads back
/// as 30K. Text without a number, or with another letter (`99Q`), is refused.
fn opengotha_rank(text: &str) -> Option<Rank> {
    let trimmed = text.trim();
    let mut chars = trimmed.chars();
    let grade = chars.next_back()?;
    let number: i64 = chars.as_str().trim().parse().ok()?;
    let value = match grade.to_ascii_lowercase() {
        'd' => number - 1,
        'p' if number <= 3 => 6,
        'p' if number <= 6 => 7,
        'p' => 8,
        'k' => -number,
        _ => return None,
    }
    .clamp(-30, 8);
    if value < 0 {
        Rank::kyu(u32::try_from(-value).ok()?)
    } else {
        Rank::dan(u32::try_from(value).ok()? + 1)
    }
}

/// OpenGotha's player key (`Player.getKeyString`): name and first name without their
/// U+0020 spaces (other spaces, U+00A0 or U+2006, stay), upper case.
pub(crate) fn player_key(surname: &str, first_name: &str) -> String {
    key_in(KeyLocale::Root, surname, first_name)
}

/// The key as OpenGotha upper-cases it in `locale`: under a Turkish locale `i` becomes
/// `İ` and `ı` becomes `I` (Java's `toUpperCase`), elsewhere both become `I`.
fn key_in(locale: KeyLocale, surname: &str, first_name: &str) -> String {
    let mut key = String::with_capacity(surname.len() + first_name.len());
    for c in surname
        .chars()
        .chain(first_name.chars())
        .filter(|&c| c != ' ')
    {
        match (locale, c) {
            (KeyLocale::Turkish, 'i') => key.push('İ'),
            _ => key.extend(c.to_uppercase()),
        }
    }
    key
}

/// An EGD PIN the EGD cannot hold (`123456789`): OpenGotha reads it and writes no PIN in
/// its `.h9`; arbitre's `.h9` writes each player's PIN, so it leaves this one out.
const INVALID_EGD_PIN: &str = "not an EGD PIN (8 digits): left out, the EGD file is written \
     without it as OpenGotha writes it";

fn import_player(
    element: &Element,
    old_scale: bool,
    warnings: &mut Vec<ReadWarning>,
) -> Result<Player, OpenGothaError> {
    let surname = element.checked_text("name", NAME_CHARS)?.to_string();
    let first_name = element.checked_text("firstName", NAME_CHARS)?.to_string();
    let mut optional = |attribute: &'static str| -> Result<Option<String>, OpenGothaError> {
        let value = element.stripped_text(attribute, TITLE_CHARS, warnings)?;
        Ok(Some(value.trim().to_string()).filter(|value| !value.is_empty()))
    };
    let egd_pin = optional("egfPin")?;
    let ffg_licence = optional("ffgLicence")?;
    let aga_id = optional("agaId")?;
    let egd_pin = egd_pin.filter(|pin| {
        let valid = fields::check_egd_pin(pin).is_ok();
        if !valid {
            warnings.push(element.warning("egfPin", INVALID_EGD_PIN));
        }
        valid
    });
    let rank_attribute = if element.record.attributes.contains_key("rank") {
        "rank"
    } else {
        "grade"
    };
    // OpenGotha holds a rating between −900 and 2949 on import (a file's −7800 reads as
    // −900), the bounds of the EGD's scale; a file of the older scale is shifted first.
    let offset = if old_scale { FFG_OFFSET } else { 0 };
    let rating = match element.text("rating", "").trim() {
        "" => None,
        _ => Some(
            element
                .parse::<i32>("rating", 0)?
                .saturating_add(offset)
                .clamp(MIN_GOR, MAX_GOR),
        ),
    };
    Ok(Player {
        id: player_key(&surname, &first_name),
        rank: element.rank(rank_attribute, "30K")?,
        rating,
        country: element.stripped_text("country", TITLE_CHARS, warnings)?,
        club: element.stripped_text("club", TITLE_CHARS, warnings)?,
        egd_pin,
        ffg_licence,
        aga_id,
        mms_correction: element.mcmahon_correction()?,
        preliminary: element.text("registeringStatus", "").trim() == "PRE",
        surname,
        first_name,
    })
}

/// Finds players by key: exactly, or as OpenGotha falls back to (`getPlayerByKeyString`,
/// then the key forced to ASCII in capitals): a key written under another locale
/// (`DEMİRALAYFATİH`, upper-cased under a Turkish locale, for `Demiralay Fatih`) or by an
/// older version (accents dropped, other case or spacing) finds its player.
struct PlayerKeys {
    exact: HashSet<String>,
    /// The Turkish-locale keys that differ from the plain ones, and their players.
    turkish: HashMap<String, String>,
    folded: HashMap<String, String>,
    /// In a file older than data version 201 read as OpenGotha 3.51 and older read it:
    /// the players by their letters-only names ([`obsolete_name`]).
    obsolete: Option<HashMap<String, String>>,
    /// Whether a game or a bye named a player by its Turkish-locale key.
    turkish_found: Cell<bool>,
}

/// Whom a game's or a bye's key names, as OpenGotha reads the file.
enum Found {
    Player(String),
    /// No player, however the key is compared.
    Nobody,
    /// A player only OpenGotha 3.52 finds, in a file older than data version 201.
    LeftOut,
}

/// What a game or a bye naming a player only OpenGotha 3.52 finds in a file older than
/// data version 201 becomes: left out, as OpenGotha 3.50 and 3.51.02 leave it out.
const OBSOLETE_KEY: &str = "a key OpenGotha 3.51 and older find no player by in a file older \
     than data version 201 (they compare the letters A to Z only): left out, as they leave it";

impl PlayerKeys {
    fn new(players: &[Player], obsolete: bool) -> PlayerKeys {
        let mut folded = HashMap::new();
        let mut turkish = HashMap::new();
        for player in players {
            folded
                .entry(folded_key(&player.id))
                .or_insert_with(|| player.id.clone());
            let key = key_in(KeyLocale::Turkish, &player.surname, &player.first_name);
            if key != player.id {
                turkish.entry(key).or_insert_with(|| player.id.clone());
            }
        }
        let obsolete = obsolete.then(|| {
            let mut names = HashMap::new();
            for player in players {
                names
                    .entry(obsolete_name(&player.surname, &player.first_name))
                    .or_insert_with(|| player.id.clone());
            }
            names
        });
        PlayerKeys {
            exact: players.iter().map(|player| player.id.clone()).collect(),
            turkish,
            folded,
            obsolete,
            turkish_found: Cell::new(false),
        }
    }

    /// The id of the player `key` names, if any.
    fn get(&self, key: &str) -> Option<String> {
        if self.exact.contains(key) {
            return Some(key.to_string());
        }
        if let Some(id) = self.turkish.get(key) {
            self.turkish_found.set(true);
            return Some(id.clone());
        }
        self.folded.get(&folded_key(key)).cloned()
    }

    /// The player `key` names as OpenGotha reads the file: in a file older than data
    /// version 201, 3.50 and 3.51.02 find a player only by the letters of the key forced to
    /// ASCII (`getPlayerByObsoleteCanonicalName`), so that a key holding a hyphen or an
    /// underscore (`THOVERTJEAN-FRANÇOIS`) finds nobody, and the game or bye is left out.
    fn get_as_opengotha(&self, key: &str) -> Found {
        let found = self.get(key);
        let Some(names) = &self.obsolete else {
            return found.map_or(Found::Nobody, Found::Player);
        };
        match (names.get(&forced_ascii_key(key)), found) {
            (Some(id), _) => Found::Player(id.clone()),
            (None, Some(_)) => Found::LeftOut,
            (None, None) => Found::Nobody,
        }
    }

    /// The locale the file's keys were written in: Turkish when any game or bye names a
    /// player by the key only a Turkish locale writes.
    fn locale(&self) -> KeyLocale {
        if self.turkish_found.get() {
            KeyLocale::Turkish
        } else {
            KeyLocale::Root
        }
    }

    /// The player an attribute of a game names in `round`; `None` (with a warning) for a
    /// player OpenGotha does not find in an older file, whose game it leaves out.
    fn find(
        &self,
        element: &Element,
        round: u32,
        attribute: &'static str,
        warnings: &mut Vec<ReadWarning>,
    ) -> Result<Option<String>, OpenGothaError> {
        let key = element.text(attribute, "");
        match self.get_as_opengotha(key) {
            Found::Player(id) => Ok(Some(id)),
            Found::Nobody => Err(OpenGothaError::UnknownPlayer {
                line: element.record.line,
                round,
                player: key.to_string(),
            }),
            Found::LeftOut => {
                warnings.push(element.warning(attribute, OBSOLETE_KEY));
                Ok(None)
            }
        }
    }

    /// The player a `ByePlayer` names: `None` for a key naming nobody (OpenGotha skips
    /// it), or, with a warning, one OpenGotha does not find in an older file.
    fn bye_player(&self, element: &Element, warnings: &mut Vec<ReadWarning>) -> Option<String> {
        match self.get_as_opengotha(element.text("player", "")) {
            Found::Player(id) => Some(id),
            Found::Nobody => None,
            Found::LeftOut => {
                warnings.push(element.warning("player", OBSOLETE_KEY));
                None
            }
        }
    }
}

/// A player's name as OpenGotha 3.51 and older compare it in a file older than data
/// version 201 (`Tournament.getPlayerByObsoleteCanonicalName`): name and first name in
/// capitals, the accented capitals of Latin-9 without their accents, then the letters A to
/// Z only.
fn obsolete_name(surname: &str, first_name: &str) -> String {
    surname
        .chars()
        .chain(first_name.chars())
        .flat_map(char::to_uppercase)
        .map(|c| latin9_base(c).unwrap_or(c))
        .filter(char::is_ascii_uppercase)
        .collect()
}

/// A key as OpenGotha forces it to ASCII before comparing it with [`obsolete_name`]
/// (`Gotha.forceToASCII`, then capitals): the accented letters of Latin-9 and Turkish
/// without their accents, any other letter beyond ASCII a `?`, which matches no name.
fn forced_ascii_key(key: &str) -> String {
    key.chars()
        .map(|c| match c {
            'ı' | 'İ' => 'I',
            'ğ' | 'Ğ' => 'G',
            'ş' | 'Ş' => 'S',
            c if c.is_ascii() => c,
            c => latin9_base(c).unwrap_or('?'),
        })
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The base letter of an accented letter of Latin-9 OpenGotha folds (`À`–`Å`, `Ç`, `È`–`Ë`,
/// `Ì`–`Ï`, `Ñ`, `Ò`–`Ö`, `Ø`, `Ù`–`Ü`, `Ý` and their small forms, not `Æ`, `Ð`, `Þ`, `ß`
/// or `ÿ`), in its case.
fn latin9_base(c: char) -> Option<char> {
    match c {
        'Æ' | 'Ð' | 'Þ' | 'ß' | 'æ' | 'ð' | 'þ' | 'ÿ' | '×' | '÷' => None,
        '\u{C0}'..='\u{FF}' => LATIN_1_LETTERS.chars().nth(u32::from(c) as usize - 0xC0),
        _ => None,
    }
}

/// Base letters of Latin-1 Supplement, U+00C0 to U+00FF (`×` and `÷` kept).
const LATIN_1_LETTERS: &str = "AAAAAAACEEEEIIIIDNOOOOO×OUUUUYTsaaaaaaceeeeiiiidnooooo÷ouuuuyty";

/// A key compared whatever wrote it: without spaces, letters of Latin-1 and Latin
/// Extended-A without their diacritics (`İ`, `É` → `I`, `E`), then in capitals.
fn folded_key(key: &str) -> String {
    key.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            match u32::from(c) {
                code @ 0xC0..=0xFF => LATIN_1_LETTERS.chars().nth((code - 0xC0) as usize),
                code @ 0x100..=0x17F => super::LATIN_EXTENDED_A
                    .as_bytes()
                    .get((code - 0x100) as usize)
                    .map(|&byte| char::from(byte)),
                _ => None,
            }
            .unwrap_or(c)
        })
        .flat_map(char::to_uppercase)
        .collect()
}

fn import_result(element: &Element) -> Result<(GameResult, bool), OpenGothaError> {
    result_named(element.text("result", "RESULT_UNKNOWN")).ok_or_else(|| element.invalid("result"))
}

/// A criterion by its OpenGotha long name, in any case; `None` for an unused slot (`NULL`,
/// pairgoth's `NONE`). A name arbitre does not know is refused with its name: OpenGotha
/// leaves such a slot out, and the standings would silently lose a tie-breaker.
fn import_criterion(element: &Element) -> Result<Option<Criterion>, OpenGothaError> {
    let name = element.text("name", "NULL").trim();
    if name.eq_ignore_ascii_case("NULL") || name.eq_ignore_ascii_case("NONE") {
        return Ok(None);
    }
    CRITERION_NAMES
        .iter()
        .find(|(_, long_name)| long_name.eq_ignore_ascii_case(name))
        .map(|(criterion, _)| Some(*criterion))
        .ok_or_else(|| OpenGothaError::UnknownCriterion {
            line: element.record.line,
            name: name.to_string(),
        })
}

/// Groups of players by rank, the categories or (OpenGotha 3.52) the Breizh groups: the
/// attribute of `GeneralParameterSet` counting them, and the element giving a lower limit.
struct RankGroups {
    count: &'static str,
    element: &'static str,
}

const CATEGORIES: RankGroups = RankGroups {
    count: "numberOfCategories",
    element: "Category",
};

const BREIZH_GROUPS: RankGroups = RankGroups {
    count: "numberOfBZHGroups",
    element: "BZHGroup",
};

/// The groups' lower limits (the count, and an element with its `number` and
/// `lowerLimit` for each group but the last). A limit the file leaves out is 1D, as in
/// OpenGotha (an array of zeros).
fn import_limits(
    groups: &RankGroups,
    general: &Element,
    records: &[Record],
) -> Result<Vec<Rank>, OpenGothaError> {
    let count = general.number(groups.count, 1)?;
    if count <= 1 {
        return Ok(Vec::new());
    }
    if count > MAX_CATEGORIES {
        return Err(general.invalid(groups.count));
    }
    let mut limits = vec![Rank::FIRST_DAN; count as usize - 1];
    for record in records {
        let element = Element::of(groups.element, record);
        let number = element.number("number", 1)?;
        let limit = limits
            .get_mut((number as usize).wrapping_sub(1))
            .ok_or_else(|| element.invalid("number"))?;
        *limit = element.rank("lowerLimit", "30K")?;
    }
    Ok(limits)
}

/// OpenGotha's long names (`PlacementParameterSet.allPlacementCriteria`): those of every
/// version, `CPS` (the cup score, from 3.51.02) and the Breizh family (3.52).
pub const CRITERION_NAMES: [(Criterion, &str); 30] = [
    (Criterion::Category, "CAT"),
    (Criterion::Mms, "MMS"),
    (Criterion::Nbw, "NBW"),
    (Criterion::Sts, "STS"),
    (Criterion::Cps, "CPS"),
    (Criterion::Rank, "Rank"),
    (Criterion::Rating, "Rating"),
    (Criterion::Sosts, "SOSTS"),
    (Criterion::Ext, "EXT"),
    (Criterion::Exr, "EXR"),
    (Criterion::DirectConfrontation, "DC"),
    (Criterion::SimplifiedDirectConfrontation, "SDC"),
    (Criterion::Sos(Basis::Mms), "SOSM"),
    (Criterion::Sos(Basis::Wins), "SOSW"),
    (Criterion::SosMinus1(Basis::Mms), "SOSM-1"),
    (Criterion::SosMinus1(Basis::Wins), "SOSW-1"),
    (Criterion::SosMinus2(Basis::Mms), "SOSM-2"),
    (Criterion::SosMinus2(Basis::Wins), "SOSW-2"),
    (Criterion::Sodos(Basis::Mms), "SODOSM"),
    (Criterion::Sodos(Basis::Wins), "SODOSW"),
    (Criterion::Sosos(Basis::Mms), "SOSOSM"),
    (Criterion::Sosos(Basis::Wins), "SOSOSW"),
    (Criterion::Cuss(Basis::Mms), "CUSSM"),
    (Criterion::Cuss(Basis::Wins), "CUSSW"),
    (Criterion::Bzs, "BZS"),
    (Criterion::Sos(Basis::Breizh), "SOSB"),
    (Criterion::SosMinus1(Basis::Breizh), "SOSB-1"),
    (Criterion::SosMinus2(Basis::Breizh), "SOSB-2"),
    (Criterion::Sodos(Basis::Breizh), "SODOSB"),
    (Criterion::Sosos(Basis::Breizh), "SOSOSB"),
];

/// OpenGotha's long name of a criterion, if it has one (it has no cumulative Breizh sum).
fn criterion_name(criterion: Criterion) -> Result<&'static str, ExportError> {
    CRITERION_NAMES
        .iter()
        .find(|(known, _)| *known == criterion)
        .map(|(_, name)| *name)
        .ok_or(ExportError::CriterionNotInOpenGotha(criterion.short_name()))
}

/// OpenGotha's time settings (`GeneralParameterSet`): whole minutes of main time, then
/// one of four overtime systems, each with its own attributes.
fn import_time(general: &Element) -> Result<TimeControl, OpenGothaError> {
    let main_time_ms = u64::from(general.number("basicTime", 60)?) * MINUTE_MS;
    let seconds = |attribute: &'static str, default: u32| -> Result<u64, OpenGothaError> {
        Ok(u64::from(general.number(attribute, default)?) * SECOND_MS)
    };
    Ok(
        match general.text("complementaryTimeSystem", "CANBYOYOMI") {
            "SUDDENDEATH" if main_time_ms == 0 => TimeControl::None {},
            "SUDDENDEATH" => TimeControl::Absolute { main_time_ms },
            "STDBYOYOMI" => TimeControl::ByoYomi {
                main_time_ms,
                periods: 1,
                period_ms: seconds("stdByoYomiTime", 30)?,
            },
            "CANBYOYOMI" => TimeControl::Canadian {
                main_time_ms,
                stones: general.number("nbMovesCanTime", 15)?,
                period_ms: seconds("canByoYomiTime", 300)?,
            },
            "FISCHER" => TimeControl::Fischer {
                main_time_ms,
                increment_ms: seconds("fischerTime", 10)?,
                max_time_ms: None,
            },
            _ => return Err(general.invalid("complementaryTimeSystem")),
        },
    )
}

/// A player's key in the file: as the file that was read wrote it (see [`key_in`]).
fn file_key(tournament: &Tournament, player: &Player) -> String {
    key_in(tournament.key_locale, &player.surname, &player.first_name)
}

/// The keys two players or more would share in the file (`Smith Ann` and `SMITH ann`,
/// `Le Gall` and `LeGall`), each with its players in the tournament's order: OpenGotha
/// finds a player by key, and would merge them.
pub(crate) fn shared_keys(tournament: &Tournament) -> Vec<(String, Vec<&Player>)> {
    let mut groups: Vec<(String, Vec<&Player>)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for player in &tournament.players {
        let key = file_key(tournament, player);
        match index.get(&key) {
            Some(&at) => groups[at].1.push(player),
            None => {
                index.insert(key.clone(), groups.len());
                groups.push((key, vec![player]));
            }
        }
    }
    groups.retain(|(_, players)| players.len() > 1);
    groups
}

/// Writes an OpenGotha tournament file (UTF-8, data version 201), attributes in the
/// alphabetical order OpenGotha's serializer produces.
pub fn export(tournament: &Tournament) -> Result<String, ExportError> {
    if tournament.criteria.len() > MAX_CRITERIA {
        return Err(ExportError::TooManyCriteria(tournament.criteria.len()));
    }
    if tournament.rounds > MAX_ROUNDS {
        return Err(ExportError::TooManyRounds(tournament.rounds));
    }
    if let Some((key, players)) = shared_keys(tournament).into_iter().next() {
        let names = format!(
            "{} {} and {} {}",
            players[0].surname, players[0].first_name, players[1].surname, players[1].first_name
        );
        return Err(ExportError::DuplicateKey(names, key));
    }
    let keys: HashMap<&str, String> = tournament
        .players
        .iter()
        .map(|player| (player.id.as_str(), file_key(tournament, player)))
        .collect();
    let key = |id: &str| keys.get(id).cloned().unwrap_or_else(|| id.to_string());

    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    // The version whose pairing the tournament follows, as OpenGotha names its own: read
    // back, the file pairs as it did (OpenGotha reads `fullVersionNumber` only to say which
    // version wrote a file).
    let version = match tournament.pairing.map(|pairing| pairing.opengotha) {
        Some(OpenGothaVersion::Until350) => "3.50",
        Some(OpenGothaVersion::V351) => "3.51",
        Some(OpenGothaVersion::Since352) | None => "3.52",
    };
    xml.push_str(&format!(
        "<Tournament dataVersion=\"201\" fullVersionNumber=\"{version}\" runningMode=\"SAL\">\n<Players>\n"
    ));
    for player in &tournament.players {
        let mut participating = ['1'; MAX_ROUNDS as usize];
        for absence in tournament
            .absences
            .iter()
            .filter(|absence| absence.player == player.id)
        {
            if let Some(round) = participating.get_mut((absence.round as usize).wrapping_sub(1)) {
                *round = '0';
            }
        }
        let rating = player.rating.map(|rating| rating.to_string());
        element(
            &mut xml,
            "Player",
            &[
                ("agaExpirationDate", Some("")),
                ("agaId", Some(player.aga_id.as_deref().unwrap_or_default())),
                ("club", Some(&player.club)),
                ("country", Some(&player.country)),
                (
                    "egfPin",
                    Some(player.egd_pin.as_deref().unwrap_or_default()),
                ),
                (
                    "ffgLicence",
                    Some(player.ffg_licence.as_deref().unwrap_or_default()),
                ),
                ("ffgLicenceStatus", Some("")),
                ("firstName", Some(&player.first_name)),
                ("grade", Some(&player.rank.upper())),
                ("name", Some(&player.surname)),
                (
                    "participating",
                    Some(&participating.iter().collect::<String>()),
                ),
                ("rank", Some(&player.rank.upper())),
                ("rating", rating.as_deref()),
                ("ratingOrigin", Some("")),
                (
                    "registeringStatus",
                    Some(if player.preliminary { "PRE" } else { "FIN" }),
                ),
                ("smmsCorrection", Some(&player.mms_correction.to_string())),
            ],
        );
    }
    xml.push_str("</Players>\n<Games>\n");
    let mut games: Vec<&Game> = tournament
        .games
        .iter()
        .filter(|game| game.result != GameResult::Void)
        .collect();
    games.sort_by_key(|game| (game.round, game.table));
    let mut tables: HashMap<u32, u32> = HashMap::new();
    for game in games {
        let table = tables.entry(game.round).or_insert(0);
        *table = game.table.unwrap_or(*table + 1);
        element(
            &mut xml,
            "Game",
            &[
                ("blackPlayer", Some(&key(&game.black))),
                ("handicap", Some(&game.handicap.to_string())),
                ("knownColor", Some(&game.colours_known.to_string())),
                ("result", Some(&result_name(game))),
                ("roundNumber", Some(&game.round.to_string())),
                // The attribute OpenGotha's importer reads (it ignores `knownColor`):
                // written only when the colours are not known, OpenGotha's default
                // being known colours.
                ("strKnownColor", (!game.colours_known).then_some("false")),
                ("tableNumber", Some(&table.to_string())),
                ("whitePlayer", Some(&key(&game.white))),
            ],
        );
    }
    xml.push_str("</Games>\n<ByePlayers>\n");
    for bye in &tournament.byes {
        element(
            &mut xml,
            "ByePlayer",
            &[
                ("player", Some(&key(&bye.player))),
                ("roundNumber", Some(&bye.round.to_string())),
            ],
        );
    }
    xml.push_str("</ByePlayers>\n<TournamentParameterSet>\n");
    general_parameters(&mut xml, tournament);
    let handicap = tournament.handicap;
    element(
        &mut xml,
        "HandicapParameterSet",
        &[
            ("hdBasedOnMMS", Some(&handicap.based_on_mms.to_string())),
            (
                HandicapField::Ceiling.opengotha_attribute(),
                Some(&handicap.ceiling.to_string()),
            ),
            (
                HandicapField::Reduction.opengotha_attribute(),
                Some(&handicap.reduction.to_string()),
            ),
            (
                "hdNoHdRankThreshold",
                Some(&handicap.no_handicap_from.upper()),
            ),
        ],
    );
    xml.push_str("<PlacementParameterSet>\n<PlacementCriteria>\n");
    for number in 0..MAX_CRITERIA {
        let name = match tournament.criteria.get(number) {
            Some(criterion) => criterion_name(*criterion)?,
            None => "NULL",
        };
        element(
            &mut xml,
            "PlacementCriterion",
            &[
                ("name", Some(name)),
                ("number", Some(&(number + 1).to_string())),
            ],
        );
    }
    xml.push_str("</PlacementCriteria>\n</PlacementParameterSet>\n");
    pairing_parameters(&mut xml, tournament);
    // The display settings as the file had them: `displayNPPlayers` decides who OpenGotha's
    // standings list, `gameFormat` the cells of its `.h9`.
    if !tournament.display.is_empty() {
        let attributes: Vec<(&str, Option<&str>)> = tournament
            .display
            .iter()
            .map(|(name, value)| (name.as_str(), Some(value.as_str())))
            .collect();
        element(&mut xml, "DPParameterSet", &attributes);
    }
    xml.push_str("</TournamentParameterSet>\n</Tournament>\n");
    Ok(xml)
}

/// The tournament's `PairingParameterSet`, every attribute OpenGotha reads, and the
/// clubs-group gap of 3.52; OpenGotha's defaults for the tournament's system when it has
/// none of its own.
fn pairing_parameters(xml: &mut String, tournament: &Tournament) {
    let parameters = tournament.pairing.unwrap_or_else(|| {
        PairingParameters::opengotha_defaults(crate::pairing::opengotha::system_of(tournament))
    });
    let PairingParameters {
        base,
        main,
        secondary,
        concavity,
        ..
    } = parameters;
    let draw = |position: DrawPosition| match position {
        DrawPosition::Top => "TOP",
        DrawPosition::Middle => "MID",
        DrawPosition::Bottom => "BOT",
    };
    let seeding = |seeding: Seeding| match seeding {
        Seeding::SplitAndFold => "SPLITANDFOLD",
        Seeding::SplitAndRandom => "SPLITANDRANDOM",
        Seeding::SplitAndSlip => "SPLITANDSLIP",
    };
    let additional = |order: AdditionalOrder| match order {
        AdditionalOrder::None => "NULL",
        AdditionalOrder::Rating => "Rating",
        AdditionalOrder::Rank => "Rank",
    };
    let values: Vec<(&str, String)> = vec![
        ("paiBaAvoidDuplGame", base.avoid_duplicate_game.to_string()),
        ("paiBaBalanceWB", base.balance_white_black.to_string()),
        ("paiBaDeterministic", base.deterministic.to_string()),
        ("paiBaRandom", base.random.to_string()),
        (
            "paiMaAdditionalPlacementCritSystem1",
            additional(main.additional_order_1).to_string(),
        ),
        (
            "paiMaAdditionalPlacementCritSystem2",
            additional(main.additional_order_2).to_string(),
        ),
        (
            "paiMaAvoidMixingCategories",
            main.avoid_mixing_categories.to_string(),
        ),
        (
            "paiMaCompensateDUDD",
            main.compensate_draw_up_down.to_string(),
        ),
        (
            "paiMaDUDDLowerMode",
            draw(main.draw_up_position).to_string(),
        ),
        (
            "paiMaDUDDUpperMode",
            draw(main.draw_down_position).to_string(),
        ),
        ("paiMaDUDDWeight", main.draw_up_down.to_string()),
        (
            "paiMaLastRoundForSeedSystem1",
            main.last_round_for_seed_system_1.to_string(),
        ),
        ("paiMaMaximizeSeeding", main.seeding.to_string()),
        (
            "paiMaMinimizeScoreDifference",
            main.minimize_score_difference.to_string(),
        ),
        ("paiMaSeedSystem1", seeding(main.seed_system_1).to_string()),
        ("paiMaSeedSystem2", seeding(main.seed_system_2).to_string()),
        (
            "paiSeAvoidSameGeo",
            secondary.avoid_same_geography.to_string(),
        ),
        (
            "paiSeBarThresholdActive",
            secondary.bar_threshold.to_string(),
        ),
        ("paiSeDefSecCrit", secondary.default_weight.to_string()),
        (
            "paiSeMinimizeHandicap",
            secondary.minimize_handicap.to_string(),
        ),
        (
            "paiSeNbWinsThresholdActive",
            secondary.wins_threshold.to_string(),
        ),
        (
            "paiSePreferMMSDiffRatherThanSameClub",
            secondary.club_gap.to_string(),
        ),
        (
            "paiSePreferMMSDiffRatherThanSameClubsGroup",
            secondary.clubs_group_gap.to_string(),
        ),
        (
            "paiSePreferMMSDiffRatherThanSameCountry",
            secondary.country_gap.to_string(),
        ),
        ("paiSeRankThreshold", secondary.rank_threshold.upper()),
        ("paiStandardNX1Factor", concavity.to_string()),
    ];
    let attributes: Vec<(&str, Option<&str>)> = values
        .iter()
        .map(|(name, value)| (*name, Some(value.as_str())))
        .collect();
    element(xml, "PairingParameterSet", &attributes);
}

fn general_parameters(xml: &mut String, tournament: &Tournament) {
    // Settings of the time systems not in use keep OpenGotha's defaults.
    let (mut standard_ms, mut canadian_ms, mut stones, mut fischer_ms) =
        (30 * SECOND_MS, 300 * SECOND_MS, 15, 10 * SECOND_MS);
    let system = match tournament.time {
        TimeControl::None {} | TimeControl::Absolute { .. } => "SUDDENDEATH",
        TimeControl::ByoYomi { period_ms, .. }
        | TimeControl::Simple {
            per_move_ms: period_ms,
        }
        | TimeControl::OnlineByoYomi {
            byo_yomi_ms: period_ms,
            ..
        } => {
            standard_ms = period_ms;
            "STDBYOYOMI"
        }
        TimeControl::Canadian {
            period_ms,
            stones: moves,
            ..
        } => {
            canadian_ms = period_ms;
            stones = moves;
            "CANBYOYOMI"
        }
        TimeControl::Fischer { increment_ms, .. } => {
            fischer_ms = increment_ms;
            "FISCHER"
        }
    };
    let (basic_minutes, _) = basic_time(&tournament.time);
    let seconds = |milliseconds: u64| (milliseconds / SECOND_MS).to_string();
    let scoring = tournament.scoring;
    let mcmahon = tournament.mcmahon;
    let values: Vec<(&str, String)> = vec![
        // Both names of the online flag: OpenGotha ≥ 3.51.05 reads `bInternetGame`.
        ("bInternet", tournament.online.to_string()),
        ("bInternetGame", tournament.online.to_string()),
        ("basicTime", basic_minutes.to_string()),
        ("beginDate", tournament.start_date.clone()),
        ("canByoYomiTime", seconds(canadian_ms)),
        ("complementaryTimeSystem", system.to_string()),
        ("director", tournament.director.clone()),
        ("endDate", tournament.end_date.clone()),
        ("fischerTime", seconds(fischer_ms)),
        (
            "genCountNotPlayedGamesAsHalfPoint",
            scoring.unplayed_as_half_point_in_sos.to_string(),
        ),
        ("genMMBar", mcmahon.bar.upper()),
        ("genMMFloor", mcmahon.floor.upper()),
        (
            "genMMS2ValueAbsent",
            scoring.absence.mms_half_points.to_string(),
        ),
        ("genMMS2ValueBye", scoring.bye.mms_half_points.to_string()),
        // OpenGotha's fixed value, the only one it counts from (it ignores the attribute).
        ("genMMZero", "30K".to_string()),
        (
            "genNBW2ValueAbsent",
            scoring.absence.nbw_half_points.to_string(),
        ),
        ("genNBW2ValueBye", scoring.bye.nbw_half_points.to_string()),
        ("genRoundDownNBWMMS", scoring.round_down.to_string()),
        ("komi", tournament.komi.to_string()),
        ("location", tournament.city.clone()),
        ("name", tournament.name.clone()),
        ("nbMovesCanTime", stones.to_string()),
        (
            "numberOfBZHGroups",
            (tournament.breizh_limits.len() + 1).to_string(),
        ),
        (
            "numberOfCategories",
            (tournament.category_limits.len() + 1).to_string(),
        ),
        ("numberOfRounds", tournament.rounds.to_string()),
        ("shortName", tournament.short_name.clone()),
        ("size", tournament.board_size.to_string()),
        ("stdByoYomiTime", seconds(standard_ms)),
    ];
    let attributes: Vec<(&str, Option<&str>)> = values
        .iter()
        .map(|(name, value)| (*name, Some(value.as_str())))
        .collect();
    if tournament.category_limits.is_empty() && tournament.breizh_limits.is_empty() {
        element(xml, "GeneralParameterSet", &attributes);
        return;
    }
    tag(xml, "GeneralParameterSet", &attributes, ">\n");
    limits(xml, "Categories", &CATEGORIES, &tournament.category_limits);
    limits(xml, "BZHGroups", &BREIZH_GROUPS, &tournament.breizh_limits);
    xml.push_str("</GeneralParameterSet>\n");
}

/// The lower limits of rank groups in their list element, when there are any.
fn limits(xml: &mut String, list: &str, groups: &RankGroups, limits: &[Rank]) {
    if limits.is_empty() {
        return;
    }
    let _ = writeln!(xml, "<{list}>");
    for (number, limit) in limits.iter().enumerate() {
        element(
            xml,
            groups.element,
            &[
                ("lowerLimit", Some(&limit.upper())),
                ("number", Some(&(number + 1).to_string())),
            ],
        );
    }
    let _ = writeln!(xml, "</{list}>");
}

fn result_name(game: &Game) -> String {
    opengotha_result_name(game.result, game.by_default)
}

/// An empty element on its own line; attributes given as `None` are left out.
fn element(xml: &mut String, name: &str, attributes: &[(&str, Option<&str>)]) {
    tag(xml, name, attributes, "/>\n");
}

/// A start tag (`end` `>`) or an empty element (`end` `/>`), then what follows it.
fn tag(xml: &mut String, name: &str, attributes: &[(&str, Option<&str>)], end: &str) {
    xml.push('<');
    xml.push_str(name);
    for (attribute, value) in attributes {
        if let Some(value) = value {
            let _ = write!(xml, " {attribute}=\"{}\"", escape(value));
        }
    }
    xml.push_str(end);
}

fn escape(value: &str) -> String {
    let mut escaped = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\n' => escaped.push_str("&#10;"),
            '\r' => escaped.push_str("&#13;"),
            '\t' => escaped.push_str("&#9;"),
            c => escaped.push(c),
        }
    }
    escaped
}
