//! A request field at fault, and the violations a check collects before it refuses once.

use super::ApiError;
use arbitre_core::clock::TimeControlError;
use arbitre_core::fields::FieldIssue;
use arbitre_core::pairing::edit::EditError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// One request field that broke a rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct FieldError {
    /// Where the field is: `name`, `time_control.main_time_seconds`, `pairings[3].black_id`,
    /// or a path or query parameter's name.
    pub field: String,
    pub message: String,
    /// The problem typed, where a field check knows it: the pages say it in their
    /// reader's language; the API says `message`, its stable English.
    #[serde(skip)]
    pub issue: Option<Issue>,
}

/// What a field check refused, typed: its kind and the value refused where the reader
/// is shown it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Issue {
    Check(FieldIssue),
    NotARank(String),
    /// A form's box that must hold a whole number (rounds, minutes, a table).
    NotAWholeNumber,
    /// A form's box that must hold a number (a komi such as 6.5, seconds).
    NotANumber,
    /// A whole number outside `min..=max` (a table's number, from 1 to 10000).
    OutOfRange {
        min: i64,
        max: i64,
    },
    /// None of the form's choices was chosen (a role, a ruling, a player).
    NotChosen,
    /// Two players are to be chosen (an exchange, a pair kept together).
    TwoPlayers,
    /// What this ruling or result needs and was not given (the player, the new result,
    /// the time given or taken).
    Required,
    /// Given where the ruling takes none (a result beside another ruling than a
    /// result correction).
    NotTaken,
    /// A tournament's end before its start.
    EndBeforeStart,
    /// Not a result as game records write one (`B+R`, `W+2.5`, `0`).
    NotAResult,
    /// A form whose values the API's types do not read (a date, a rank, a time zone of
    /// no such form).
    Unreadable,
    /// Not a point of the board, as the referee named it (`Z99`).
    NotAPoint(String),
    /// A date an imported file writes that is none (`2026-13-01`).
    NotADate(String),
    /// An imported game whose colours the file does not know: the service records who
    /// had black.
    UnknownColours,
    /// An imported player's second game in a round: the service records one game per
    /// player and round.
    AnotherGame {
        player: String,
        round: u32,
    },
    /// More than `max` (rounds, byo-yomi periods, Canadian stones).
    AtMost {
        max: i64,
    },
    /// An end more than a year after its start.
    OverAYear,
    /// A time control's duration over a day.
    OverADay,
    /// A time control the clock cannot run (a main time, period or increment of zero).
    TimeControl(TimeControlError),
    /// Placement criteria fewer than one or more than twelve.
    CriteriaCount,
    /// A placement criterion chosen twice.
    RepeatedCriterion,
    /// The pairing's concavity factor (`paiStandardNX1Factor`) not a fraction from 0 to 1.
    Fraction,
    /// A search's text empty, longer than 100 characters or with a control character.
    SearchText,
    /// A player registered from a rating list that gives neither a rating nor a grade.
    NoRankInList,
    /// No file was chosen to send.
    NoFile,
    /// A file larger than the form takes.
    FileTooLarge {
        megabytes: usize,
    },
    /// A hand edit of a draft the core refused (a table the draft has not, two players
    /// at one table).
    Edit(EditError<Uuid>),
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> FieldError {
        FieldError {
            field: field.into(),
            message: message.into(),
            issue: None,
        }
    }

    /// A field check's refusal: the API's English `message` and the typed issue.
    pub fn of_issue(
        field: impl Into<String>,
        issue: Issue,
        message: impl Into<String>,
    ) -> FieldError {
        FieldError {
            issue: Some(issue),
            ..FieldError::new(field, message)
        }
    }
}

pub(super) fn mismatch_list(errors: &[FieldError]) -> String {
    let fields: Vec<&str> = errors.iter().map(|error| error.field.as_str()).collect();
    fields.join(", ")
}

/// The field errors a refusal lists at most: a request refused on 40,000 fields (a whole
/// file of bad lines) gets the first ones and their count, not a body of megabytes.
pub(super) const LISTED_ERRORS: usize = 10;

pub(super) fn validation_detail(count: usize) -> String {
    let phrase = match count {
        1 => "1 field is invalid".to_string(),
        _ => format!("{} fields are invalid", thousands(count)),
    };
    if count > LISTED_ERRORS {
        format!(
            "{phrase}: the first {LISTED_ERRORS} are listed, and {} more",
            thousands(count - LISTED_ERRORS)
        )
    } else {
        phrase
    }
}

/// `39990` as `39,990`.
fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// Collects field errors, then fails once with all of them.
#[derive(Debug, Default)]
pub struct Violations(Vec<FieldError>);

impl Violations {
    pub fn new() -> Violations {
        Violations::default()
    }

    pub fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(FieldError::new(field, message));
    }

    /// Records a field check's typed refusal, with its English `message` for the API.
    pub fn add_issue(
        &mut self,
        field: impl Into<String>,
        issue: Issue,
        message: impl Into<String>,
    ) {
        self.0.push(FieldError::of_issue(field, issue, message));
    }

    /// Records a core field check's refusal, typed (the pages say it in their reader's
    /// language) with its English words for the API.
    pub fn add_check(&mut self, field: impl Into<String>, issue: FieldIssue) {
        self.add_issue(field, Issue::Check(issue), issue.to_string());
    }

    /// Records the error of a field check, if any.
    pub fn check(&mut self, result: Result<(), FieldError>) {
        if let Err(error) = result {
            self.0.push(error);
        }
    }

    pub fn into_result(self) -> Result<(), ApiError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ApiError::Validation(self.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_lists_its_first_violations_and_counts_the_others() {
        let errors = (0..40_000)
            .map(|line| FieldError::new(format!("players[{line}]"), "invalid"))
            .collect();
        let problem = ApiError::Validation(errors).problem();
        assert_eq!(problem.errors.len(), LISTED_ERRORS);
        assert_eq!(problem.errors[0].field, "players[0]");
        assert_eq!(
            problem.detail,
            "40,000 fields are invalid: the first 10 are listed, and 39,990 more"
        );
        let one = ApiError::Validation(vec![FieldError::new("name", "must not be empty")]);
        assert_eq!(one.problem().detail, "1 field is invalid");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
