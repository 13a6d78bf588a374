//! What a refused form shows above it, in its reader's language (issue 41): a field's
//! typed issue with the field's own label, or a refusal of the whole request by its
//! stable code with its own values (a file's line and column). The API keeps its
//! English `message`s and `detail`s; a page never shows them where the catalogs have the
//! problem's words.

use super::super::page::problem_key;
use super::hall::colour_name;
use crate::error::{ApiError, FieldError, Issue};
use crate::error::{GameError, TableRefusal};
use crate::i18n::Language;
use arbitre_core::clock::TimeControlError;
use arbitre_core::counting::DeadStoneError;
use arbitre_core::export::opengotha::OpenGothaError;
use arbitre_core::fields::FieldIssue;
use arbitre_core::pairing::edit::EditError;
use arbitre_core::rating_list::ReadError;
use arbitre_core::table::TableError;
use arbitre_core::Color;

/// One problem a refused form shows above it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A field's: said with the field's label and its typed issue.
    Field(FieldError),
    /// The whole request's, by its code.
    Refused(Refusal),
    /// A sentence the page wrote in its reader's language.
    Said(String),
}

/// A refusal of a whole request: the catalog's message for its stable code (a conflict,
/// the core's verdict on a game, a file at fault) with the refusal's values, else the
/// API's detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    key: String,
    /// The message's arguments: a file's line and column, the value refused.
    args: Vec<(&'static str, Value)>,
    detail: String,
}

/// An argument of a refusal's message: a text, a number, a field's issue or a colour
/// (said in the reader's language when the message is).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Value {
    Text(String),
    Number(u64),
    Issue(Issue),
    Colour(Color),
}

impl Refusal {
    /// The refusal of `error`: by its code, `problem-` and the code (a conflict, the
    /// core's verdict), or `file-problem-` and the code for a file at fault, which
    /// names its line.
    fn of(error: &ApiError) -> Refusal {
        let code = error.code();
        let (key, args) = match error {
            ApiError::OpenGotha(error) => (file_key(&code), opengotha_args(error)),
            ApiError::RatingList(error) => (file_key(&code), rating_list_args(error)),
            _ => (problem_key(&code), Vec::new()),
        };
        Refusal {
            key,
            args,
            detail: error.to_string(),
        }
    }

    /// The refusal of a game's route (the hall's rulings, a result) by its code, with
    /// the values of the table's refusal where the table refused (a point, a colour, a
    /// move's number).
    fn of_game(error: &GameError) -> Refusal {
        let args = match error {
            GameError::Conflict {
                refusal: Some(refusal),
                ..
            }
            | GameError::Unprocessable {
                refusal: Some(refusal),
                ..
            } => table_args(refusal),
            _ => Vec::new(),
        };
        Refusal {
            key: problem_key(&error.code()),
            args,
            detail: error.to_string(),
        }
    }

    fn text(&self, language: Language) -> String {
        if !language.has(&self.key) {
            return self.detail.clone();
        }
        self.args
            .iter()
            .fold(
                language.message(&self.key),
                |message, (name, value)| match value {
                    Value::Text(text) => message.arg(name, text),
                    Value::Number(number) => message.arg(name, *number),
                    Value::Issue(issue) => message.arg(name, issue_text(language, issue)),
                    Value::Colour(color) => message.arg(name, colour_name(*color, language)),
                },
            )
            .to_string()
    }
}

/// The message of a file's refusal: `file-problem-opengotha-malformed-xml`.
fn file_key(code: &str) -> String {
    format!("file-{}", problem_key(code))
}

fn line(line: usize) -> (&'static str, Value) {
    ("line", Value::Number(line as u64))
}

fn column(column: usize) -> (&'static str, Value) {
    ("column", Value::Number(column as u64))
}

fn text(name: &'static str, value: impl ToString) -> (&'static str, Value) {
    (name, Value::Text(value.to_string()))
}

fn number(name: &'static str, value: u32) -> (&'static str, Value) {
    (name, Value::Number(u64::from(value)))
}

/// The values the live table's refusal names: a point as players write it (`D16`, its
/// row counted from the bottom of the board), whose time fell, which move or entry.
fn table_args(refusal: &TableRefusal) -> Vec<(&'static str, Value)> {
    let point = |point: &arbitre_core::Point| text("point", point.name(refusal.height));
    match &refusal.error {
        TableError::DeadStones(DeadStoneError::OffBoard(at)) => {
            vec![point(at), text("why", "off-board")]
        }
        TableError::DeadStones(DeadStoneError::Empty(at)) => vec![point(at), text("why", "empty")],
        TableError::StaleTurn { expected, .. } => vec![number("turn", *expected)],
        TableError::TurnCap { cap } | TableError::CountingCap { cap } => {
            vec![number("cap", *cap)]
        }
        TableError::FlagDue { color, .. } => vec![("colour", Value::Colour(*color))],
        TableError::UnknownEvent { corrects, events } => {
            vec![number("entry", *corrects), number("entries", *events)]
        }
        _ => Vec::new(),
    }
}

/// The values an OpenGotha file's refusal names: where in the file, and what.
fn opengotha_args(error: &OpenGothaError) -> Vec<(&'static str, Value)> {
    match error {
        OpenGothaError::Xml {
            line: at,
            column: col,
            ..
        } => vec![line(*at), column(*col)],
        OpenGothaError::UnknownEncoding(encoding) => vec![text("encoding", encoding)],
        OpenGothaError::MalformedText {
            line: at,
            column: col,
            encoding,
        } => vec![line(*at), column(*col), text("encoding", encoding)],
        OpenGothaError::MissingElement(element) => vec![text("element", element)],
        OpenGothaError::InvalidAttribute {
            line: at,
            element,
            attribute,
            value,
        } => vec![
            line(*at),
            text("element", element),
            text("attribute", attribute),
            text("value", value),
        ],
        OpenGothaError::InvalidText {
            line: at,
            element,
            attribute,
            issue,
        } => vec![
            line(*at),
            text("element", element),
            text("attribute", attribute),
            ("problem", Value::Issue(Issue::Check(*issue))),
        ],
        OpenGothaError::TooLarge { line: at, .. } => vec![line(*at)],
        OpenGothaError::UnknownCriterion { line: at, name } => {
            vec![line(*at), text("name", name)]
        }
        OpenGothaError::DuplicatePlayer { line: at, key } => vec![line(*at), text("player", key)],
        OpenGothaError::UnknownPlayer {
            line: at,
            round,
            player,
        } => vec![
            line(*at),
            ("round", Value::Number(u64::from(*round))),
            text("player", player),
        ],
    }
}

/// The values a rating list's refusal names: where in the file, and what.
fn rating_list_args(error: &ReadError) -> Vec<(&'static str, Value)> {
    let at = |number: u32| line(number as usize);
    let col = |number: u32| column(number as usize);
    match error {
        ReadError::Binary {
            line: number,
            column: place,
            ..
        }
        | ReadError::Encoding {
            line: number,
            column: place,
            ..
        }
        | ReadError::Malformed {
            line: number,
            column: place,
            ..
        } => vec![at(*number), col(*place)],
        ReadError::Truncated {
            line: number,
            length,
            expected,
        } => vec![
            at(*number),
            ("length", Value::Number(*length as u64)),
            ("expected", Value::Number(*expected as u64)),
        ],
        ReadError::MissingHeader { line: number, .. } => vec![at(*number)],
        ReadError::NoEntries(source) => vec![text("source", source.name().to_uppercase())],
        ReadError::Empty | ReadError::Zip(_) => Vec::new(),
    }
}

impl Problem {
    /// The refusal of a whole request (a conflict, a file at fault), by its code.
    pub fn refusal(error: &ApiError) -> Problem {
        Problem::Refused(Refusal::of(error))
    }

    /// The problem in `language`: a field whose issue is typed is said in the
    /// catalogs' words with the field's own label ("Niveau : « 3 dan » n'est pas un
    /// niveau"), a place in an imported file by the file's own names, and a field no
    /// form names (a draft's hand edit, the file to send) by the issue alone; a refusal
    /// by its code's words; any other, as the API says it.
    pub fn text(&self, language: &Language) -> String {
        match self {
            Problem::Field(error) => error
                .issue
                .as_ref()
                .map(|issue| field_problem(*language, &error.field, issue))
                .unwrap_or_else(|| format!("{}: {}", error.field, error.message)),
            Problem::Refused(refusal) => refusal.text(*language),
            Problem::Said(text) => text.clone(),
        }
    }
}

/// A field's typed issue in `language`, with the field's label.
fn field_problem(language: Language, field: &str, issue: &Issue) -> String {
    let issue = issue_text(language, issue);
    if let Some(name) = field_name(field) {
        return language
            .message("form-field-problem")
            .arg("field", language.text(name))
            .arg("problem", issue)
            .to_string();
    }
    if let Some(name) = super::parameters::label(field, language) {
        return language
            .message("form-field-problem")
            .arg("field", name)
            .arg("problem", issue)
            .to_string();
    }
    // An OpenGotha file's element, named as the file names it (`Player[…].rank`).
    if FILE_ELEMENTS
        .iter()
        .any(|element| field.starts_with(element))
    {
        return language
            .message("form-file-problem")
            .arg("place", field)
            .arg("problem", issue)
            .to_string();
    }
    issue
}

/// The elements of an OpenGotha file its checks name.
const FILE_ELEMENTS: [&str; 4] = [
    "Player[",
    "Game[",
    "GeneralParameterSet.",
    "HandicapParameterSet.",
];

/// The catalog's name of a field the checks name: the form's own label.
fn field_name(field: &str) -> Option<&'static str> {
    Some(match field {
        "surname" => "player-surname",
        "first_name" => "player-first-name",
        "rank" => "player-rank",
        "club" => "column-club",
        "country" => "field-country",
        "rating" => "player-rating",
        "ffg_licence" => "player-ffg-licence",
        "egd_pin" => "player-egd-pin",
        "aga_id" => "player-aga-id",
        "mcmahon_correction" => "player-mms-correction",
        "comment" => "player-comment",
        "name" => "column-name",
        "place" => "fields-place",
        "start_date" => "fields-first-day",
        "end_date" => "fields-last-day",
        "number_of_rounds" => "fields-rounds",
        "board_size" => "fields-board",
        "main_minutes" => "fields-main-time",
        "periods" | "time_control.periods" | "time_control.stones" => "fields-periods",
        "period_seconds" => "fields-period",
        "time_control" => "tournament-time-control",
        "standings.mcmahon_bar" => "fields-bar",
        "standings.mcmahon_floor" => "fields-floor",
        "handicap_ceiling" | "handicap_policy.ceiling" => "fields-ceiling",
        "handicap_reduction" | "handicap_policy.reduction" => "fields-reduction",
        "handicap_policy.no_handicap_from" => "fields-even",
        "komi" | "komi_policy.komi" => "column-komi",
        "handicap" => "column-handicap",
        "q" => "from-list-search",
        "tables" => "round-tables",
        "placement_criteria" => "fields-criteria",
        "label" => "staff-who",
        "role" => "column-role",
        "table" => "column-table",
        "reason" => "referee-why",
        "kind" => "referee-ruling",
        "color" => "referee-player",
        "delta_seconds" | "delta_ms" => "referee-seconds",
        "result" => "column-result",
        "first" | "second" | "leave_out" => "column-player",
        "from" => "column-table",
        "to" => "draft-to-table",
        _ => return None,
    })
}

/// A field's issue in `language`.
fn issue_text(language: Language, issue: &Issue) -> String {
    let id = match issue {
        Issue::NotARank(value) => {
            return language.text_with("issue-not-a-rank", "value", value.as_str())
        }
        Issue::Check(FieldIssue::TooLong(max)) => {
            return language.text_with("issue-too-long", "max", *max)
        }
        Issue::OutOfRange { min, max } => {
            return language
                .message("issue-out-of-range")
                .arg("min", *min)
                .arg("max", *max)
                .to_string()
        }
        Issue::FileTooLarge { megabytes } => {
            return language.text_with("issue-file-too-large", "megabytes", *megabytes)
        }
        Issue::NotAPoint(text) => {
            return language.text_with("issue-not-a-point", "point", text.as_str())
        }
        Issue::NotADate(text) => {
            return language.text_with("issue-not-a-date", "value", text.as_str())
        }
        Issue::AnotherGame { player, round } => {
            return language
                .message("issue-another-game")
                .arg("player", player.as_str())
                .arg("round", *round)
                .to_string()
        }
        Issue::AtMost { max } => return language.text_with("issue-at-most", "max", *max),
        Issue::TimeControl(error) => time_control_key(error),
        Issue::Edit(error) => return edit_text(language, error),
        Issue::Check(check) => check_key(*check),
        Issue::NotAWholeNumber => "issue-not-a-whole-number",
        Issue::NotANumber => "issue-not-a-number",
        Issue::NotChosen => "issue-not-chosen",
        Issue::TwoPlayers => "issue-two-players",
        Issue::Required => "issue-required",
        Issue::NotTaken => "issue-not-taken",
        Issue::EndBeforeStart => "issue-end-before-start",
        Issue::NotAResult => "issue-not-a-result",
        Issue::NoFile => "issue-no-file",
        Issue::SearchText => "issue-search-text",
        Issue::NoRankInList => "issue-no-rank-in-list",
        Issue::OverAYear => "issue-over-a-year",
        Issue::OverADay => "issue-over-a-day",
        Issue::CriteriaCount => "issue-criteria-count",
        Issue::RepeatedCriterion => "issue-repeated-criterion",
        Issue::Fraction => "issue-fraction",
        Issue::UnknownColours => "issue-unknown-colours",
        Issue::Unreadable => "issue-unreadable",
    };
    language.text(id)
}

/// The catalog's words of a core field check with no value to show.
fn check_key(issue: FieldIssue) -> &'static str {
    match issue {
        FieldIssue::Empty => "issue-empty",
        // Its length is shown by `issue_text`.
        FieldIssue::TooLong(_) => "issue-too-long",
        FieldIssue::ControlCharacter => "issue-control-character",
        FieldIssue::BoardSide | FieldIssue::Board => "issue-board-side",
        FieldIssue::Handicap => "issue-handicap",
        FieldIssue::HandicapCorrection => "issue-handicap-correction",
        FieldIssue::EgdPin => "issue-egd-pin",
        FieldIssue::FfgLicence => "issue-ffg-licence",
        FieldIssue::Komi => "issue-komi",
        FieldIssue::Rating => "issue-rating",
        FieldIssue::Country => "issue-country",
        FieldIssue::AgaId => "issue-aga-id",
        FieldIssue::McMahonCorrection => "issue-mcmahon-correction",
        FieldIssue::McMahonFloorBelowZero => "issue-mcmahon-floor-below-zero",
        FieldIssue::McMahonFloorAboveBar => "issue-mcmahon-floor-above-bar",
    }
}

/// Why the clock cannot run a time control, as the settings form's boxes name it.
fn time_control_key(error: &TimeControlError) -> &'static str {
    match error {
        TimeControlError::ZeroMainTime { .. } => "issue-time-zero-main",
        TimeControlError::ZeroPeriods | TimeControlError::ZeroStones => "issue-time-zero-periods",
        TimeControlError::ZeroPeriodTime { .. } | TimeControlError::ZeroIncrement => {
            "issue-time-zero-period"
        }
        TimeControlError::CapBelowMainTime { .. }
        | TimeControlError::ByoYomiLongerThanMainTime { .. } => "issue-time-unplayable",
    }
}

/// A hand edit of a draft the core refused, as a sentence of its own.
fn edit_text(language: Language, error: &EditError<uuid::Uuid>) -> String {
    match error {
        EditError::NoTable(table) => language.text_with("edit-no-table", "table", *table),
        EditError::TableOutOfRange { table } => language
            .message("edit-table-out-of-range")
            .arg("table", *table)
            .arg("max", arbitre_core::pairing::edit::MAX_TABLE)
            .to_string(),
        EditError::NotInDraft(_) => language.text("edit-not-in-draft"),
        EditError::SameTable => language.text("edit-same-table"),
        EditError::Numbers { .. } | EditError::Inconsistent(_) => {
            language.text("edit-inconsistent")
        }
    }
}

/// What a refused form shows above it: each field at fault, or the refusal of the whole
/// request (a conflict, a file at fault). Other errors are the error page's.
pub fn problems(error: ApiError) -> Result<Vec<Problem>, super::PageError> {
    match error {
        ApiError::Validation(errors) => Ok(errors.into_iter().map(Problem::Field).collect()),
        ApiError::InvalidBody(error) => Ok(vec![Problem::Field(error)]),
        error @ (ApiError::Conflict { .. } | ApiError::OpenGotha(_)) => {
            Ok(vec![Problem::refusal(&error)])
        }
        other => Err(super::PageError(other)),
    }
}

/// An error page's words for a form's fields at fault, where each is typed (a form the
/// page answers with the error page rather than with itself again); `None` otherwise.
pub fn field_words(error: &ApiError, language: Language) -> Option<String> {
    let fields = match error {
        ApiError::Validation(errors) => errors.as_slice(),
        ApiError::InvalidBody(error) | ApiError::InvalidQuery(error) => std::slice::from_ref(error),
        _ => return None,
    };
    fields
        .iter()
        .map(|error| {
            let issue = error.issue.as_ref()?;
            Some(field_problem(language, &error.field, issue))
        })
        .collect::<Option<Vec<_>>>()
        .map(|said| said.join(" · "))
}

/// What a refused form of a game's route shows above it (a ruling, a result): the API's
/// problems, or the game's refusal by its code.
pub fn game_problems(error: GameError) -> Result<Vec<Problem>, super::PageError> {
    match error {
        GameError::Api(error) => problems(error),
        other => Ok(vec![Problem::Refused(Refusal::of_game(&other))]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn french() -> Language {
        Language::of_code("fr").unwrap()
    }

    #[test]
    fn a_place_in_an_imported_file_is_named_as_the_file_names_it() {
        let another = FieldError::of_issue(
            "Game[round 2, Dupont – Martin]",
            Issue::AnotherGame {
                player: "Dupont".to_string(),
                round: 2,
            },
            "`Dupont` has another game in round 2",
        );
        assert_eq!(
            Problem::Field(another).text(&french()),
            "Dans le fichier, Game[round 2, Dupont – Martin] : Dupont a une autre partie à \
             la ronde 2 : le service enregistre une partie par joueur et par ronde"
        );
        let date = FieldError::of_issue(
            "GeneralParameterSet.beginDate",
            Issue::NotADate("2026-13-01".to_string()),
            "\"2026-13-01\": input is out of range",
        );
        assert_eq!(
            Problem::Field(date).text(&french()),
            "Dans le fichier, GeneralParameterSet.beginDate : « 2026-13-01 » n'est pas une date"
        );
    }

    #[test]
    fn a_tables_refusal_names_its_point_colour_and_move_in_the_readers_words() {
        let said = |error: TableError, language: &str| {
            let game = GameError::refused(error, (12, 19), || Ok(serde_json::Value::Null));
            Problem::Refused(Refusal::of_game(&game)).text(&Language::of_code(language).unwrap())
        };
        let d16 = arbitre_core::Point::from_name("D16", 19).unwrap();
        assert_eq!(
            said(TableError::DeadStones(DeadStoneError::Empty(d16)), "fr"),
            "Le point D16 est vide : seules des pierres peuvent être mortes. Nommez une \
             pierre de chaque chaîne morte, comme sur le goban (D4 Q16)."
        );
        assert_eq!(
            said(TableError::DeadStones(DeadStoneError::OffBoard(d16)), "de"),
            "Der Punkt D16 liegt nicht auf dem Brett. Nennen Sie einen Stein jeder toten \
             Kette, wie am Brett (D4 Q16)."
        );
        let flag = TableError::FlagDue {
            color: Color::White,
            deadline: 1_000,
        };
        assert_eq!(
            said(flag.clone(), "fr"),
            "Le temps de Blanc est écoulé : la pendule tombe d'abord."
        );
        assert_eq!(
            said(flag, "it"),
            "Il tempo di Bianco è scaduto: prima cade la bandierina."
        );
        let stale = TableError::StaleTurn {
            expected: 12,
            stated: 11,
        };
        assert_eq!(
            said(stale, "en"),
            "The game moved on meanwhile (it awaits move 12): look at it again."
        );
        let unknown = TableError::UnknownEvent {
            corrects: 40,
            events: 1,
        };
        assert_eq!(
            said(unknown, "en"),
            "This game's log has no entry 40: it has one entry."
        );
    }

    #[test]
    fn a_field_no_form_names_says_its_issue_alone_and_an_untyped_one_the_apis_words() {
        let edit = FieldError::of_issue("draft", Issue::Edit(EditError::SameTable), "same");
        assert_eq!(
            Problem::Field(edit).text(&french()),
            "Choisissez deux joueurs de tables différentes."
        );
        let untyped = FieldError::new("sgf.SZ", "must be between 2 and 25");
        assert_eq!(
            Problem::Field(untyped).text(&french()),
            "sgf.SZ: must be between 2 and 25"
        );
    }
}
