//! The settings form's placement criteria and pairing parameters, under OpenGotha's
//! names: each criterion by its long name (`SOSM`, `SODOSW`: the core's
//! [`CRITERION_NAMES`]) and each pairing parameter by the attribute OpenGotha writes
//! (`paiMaSeedSystem1`), shown beside the value OpenGotha gives it for a new tournament
//! of the same system ([`PairingParameters::opengotha_defaults`]).
//!
//! The form only carries the values: the parameters are read back as the API reads them
//! (`PATCH /tournaments/{id}`), so a value the core does not take is refused there with
//! the field named.

use crate::error::{FieldError, Issue};
use crate::i18n::{vocabulary, Language};
use arbitre_core::export::opengotha::CRITERION_NAMES;
use arbitre_core::pairing::parameters::{
    AdditionalOrder, Choice, DrawPosition, OpenGothaVersion, Seeding, System,
};
use arbitre_core::pairing::PairingParameters;
use arbitre_core::standings::Criterion;
use serde_json::{json, Value};
use std::collections::HashMap;

/// The slots of the criteria form: OpenGotha's six, or as many as the tournament has.
const CRITERIA_SLOTS: usize = 6;

/// What a slot left empty holds (OpenGotha's name).
pub const NO_CRITERION: &str = "NULL";

/// The form key of a criteria slot (1-based, as OpenGotha numbers them).
fn criterion_key(slot: usize) -> String {
    format!("criterion_{slot}")
}

/// One slot of the placement criteria.
pub struct CriterionSlot {
    pub key: String,
    pub number: usize,
    pub chosen: &'static str,
}

/// The criteria's OpenGotha names, for the slots' lists, each with its words in
/// `language`: the full name and OpenGotha's short name beside it.
pub fn criterion_names(language: Language) -> Vec<(&'static str, String)> {
    std::iter::once((NO_CRITERION, language.text("criterion-none")))
        .chain(CRITERION_NAMES.iter().map(|(criterion, name)| {
            let words = vocabulary::criterion(language, *criterion);
            (*name, format!("{} ({})", words.name, words.short))
        }))
        .collect()
}

fn name_of(criterion: Criterion) -> &'static str {
    CRITERION_NAMES
        .iter()
        .find(|(known, _)| *known == criterion)
        .map_or(NO_CRITERION, |(_, name)| name)
}

/// The slots showing `criteria`, or what was typed in them.
pub fn criterion_slots(
    criteria: &[Criterion],
    typed: &HashMap<String, String>,
) -> Vec<CriterionSlot> {
    (1..=CRITERIA_SLOTS.max(criteria.len()))
        .map(|number| {
            let key = criterion_key(number);
            let chosen = typed
                .get(&key)
                .and_then(|name| {
                    std::iter::once(NO_CRITERION)
                        .chain(CRITERION_NAMES.iter().map(|(_, known)| *known))
                        .find(|known| known == name)
                })
                .or_else(|| criteria.get(number - 1).map(|c| name_of(*c)))
                .unwrap_or(NO_CRITERION);
            CriterionSlot {
                key,
                number,
                chosen,
            }
        })
        .collect()
}

/// The criteria the slots hold, in order, empty ones left out; `None` when the form has
/// no slot (it leaves the criteria as they are).
pub fn typed_criteria(
    typed: &HashMap<String, String>,
    problems: &mut Vec<FieldError>,
) -> Option<Value> {
    let mut criteria = Vec::new();
    let mut any = false;
    for number in 1.. {
        let Some(name) = typed.get(&criterion_key(number)) else {
            break;
        };
        any = true;
        if name == NO_CRITERION {
            continue;
        }
        match CRITERION_NAMES.iter().find(|(_, known)| known == name) {
            Some((criterion, _)) => criteria.push(*criterion),
            None => problems.push(FieldError::of_issue(
                "placement_criteria",
                Issue::NotChosen,
                format!("criterion {number}: {name} is not a criterion"),
            )),
        }
    }
    any.then(|| json!(criteria))
}

/// A pairing parameter: where it sits in the API's JSON, OpenGotha's name for it (or the
/// catalog's message naming it, for those OpenGotha's file does not name alone), and the
/// values it takes when it is a choice (the core's list, [`Choice::names`]).
struct Named {
    path: &'static str,
    name: &'static str,
    choices: fn() -> Vec<&'static str>,
}

const fn named(path: &'static str, name: &'static str) -> Named {
    Named {
        path,
        name,
        choices: Vec::new,
    }
}

/// A flag's two values, as JSON writes them.
fn yes_no() -> Vec<&'static str> {
    vec!["true", "false"]
}

/// Every pairing parameter, in the order of OpenGotha's file.
const PARAMETERS: [Named; 29] = [
    Named {
        path: "system",
        name: "parameter-system",
        choices: System::names,
    },
    named("base.avoid_duplicate_game", "paiBaAvoidDuplGame"),
    named("base.random", "paiBaRandom"),
    Named {
        path: "base.deterministic",
        name: "paiBaDeterministic",
        choices: yes_no,
    },
    named("base.balance_white_black", "paiBaBalanceWB"),
    named("main.avoid_mixing_categories", "paiMaAvoidMixingCategories"),
    named(
        "main.minimize_score_difference",
        "paiMaMinimizeScoreDifference",
    ),
    named("main.draw_up_down", "paiMaDUDDWeight"),
    Named {
        path: "main.compensate_draw_up_down",
        name: "paiMaCompensateDUDD",
        choices: yes_no,
    },
    Named {
        path: "main.draw_down_position",
        name: "paiMaDUDDUpperMode",
        choices: DrawPosition::names,
    },
    Named {
        path: "main.draw_up_position",
        name: "paiMaDUDDLowerMode",
        choices: DrawPosition::names,
    },
    named("main.seeding", "paiMaMaximizeSeeding"),
    named(
        "main.last_round_for_seed_system_1",
        "paiMaLastRoundForSeedSystem1",
    ),
    Named {
        path: "main.seed_system_1",
        name: "paiMaSeedSystem1",
        choices: Seeding::names,
    },
    Named {
        path: "main.seed_system_2",
        name: "paiMaSeedSystem2",
        choices: Seeding::names,
    },
    Named {
        path: "main.additional_order_1",
        name: "paiMaAdditionalPlacementCritSystem1",
        choices: AdditionalOrder::names,
    },
    Named {
        path: "main.additional_order_2",
        name: "paiMaAdditionalPlacementCritSystem2",
        choices: AdditionalOrder::names,
    },
    named("secondary.rank_threshold", "paiSeRankThreshold"),
    Named {
        path: "secondary.wins_threshold",
        name: "paiSeNbWinsThresholdActive",
        choices: yes_no,
    },
    Named {
        path: "secondary.bar_threshold",
        name: "paiSeBarThresholdActive",
        choices: yes_no,
    },
    named("secondary.default_weight", "paiSeDefSecCrit"),
    named("secondary.minimize_handicap", "paiSeMinimizeHandicap"),
    named("secondary.avoid_same_geography", "paiSeAvoidSameGeo"),
    named(
        "secondary.country_gap",
        "paiSePreferMMSDiffRatherThanSameCountry",
    ),
    named(
        "secondary.clubs_group_gap",
        "paiSePreferMMSDiffRatherThanSameClubsGroup",
    ),
    named("secondary.club_gap", "paiSePreferMMSDiffRatherThanSameClub"),
    named("concavity.numerator", "parameter-numerator"),
    named("concavity.denominator", "parameter-denominator"),
    Named {
        path: "opengotha",
        name: "parameter-opengotha",
        choices: OpenGothaVersion::names,
    },
];

/// A pairing parameter as the form shows it.
pub struct ParameterField {
    /// The form key: `pairing.` and the parameter's place in the API's JSON.
    pub key: String,
    pub name: String,
    pub value: String,
    /// OpenGotha's value, in words.
    pub default: String,
    /// Each value the parameter takes and its words.
    pub choices: Vec<(&'static str, String)>,
}

/// A parameter as OpenGotha's file names it, for a problem with its value.
fn file_name(parameter: &Named) -> &'static str {
    match parameter.name {
        "parameter-numerator" | "parameter-denominator" => "paiStandardNX1Factor",
        name => name,
    }
}

/// A parameter's name: OpenGotha's attribute, or the catalog's words for it.
fn parameter_name(name: &'static str, language: Language) -> String {
    match name {
        "parameter-system" | "parameter-opengotha" => language.text(name),
        "parameter-numerator" | "parameter-denominator" => {
            language.text_with(name, "factor", "paiStandardNX1Factor")
        }
        _ => name.to_string(),
    }
}

/// The name a problem of the pairing parameter at `field` (`pairing.` and its path)
/// gives it: the form's own.
pub fn label(field: &str, language: Language) -> Option<String> {
    let path = field.strip_prefix("pairing.")?;
    PARAMETERS
        .iter()
        .find(|parameter| parameter.path == path)
        .map(|parameter| parameter_name(parameter.name, language))
}

/// The value at a dotted `path` of `value`.
fn at<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(value, |value, key| value.get(key))
}

fn text(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

/// The form's fields for `current`, or what was typed in them, the names and the values
/// of the choices in `language`.
pub fn parameter_fields(
    current: &PairingParameters,
    typed: &HashMap<String, String>,
    language: Language,
) -> Vec<ParameterField> {
    let shown = serde_json::to_value(current).unwrap_or(Value::Null);
    let defaults = serde_json::to_value(PairingParameters::opengotha_defaults(current.system))
        .unwrap_or(Value::Null);
    PARAMETERS
        .iter()
        .map(|parameter| {
            let key = format!("pairing.{}", parameter.path);
            ParameterField {
                value: typed
                    .get(&key)
                    .cloned()
                    .unwrap_or_else(|| text(at(&shown, parameter.path))),
                default: vocabulary::parameter_value(
                    language,
                    &text(at(&defaults, parameter.path)),
                ),
                key,
                name: parameter_name(parameter.name, language),
                choices: (parameter.choices)()
                    .into_iter()
                    .map(|choice| (choice, vocabulary::parameter_value(language, choice)))
                    .collect(),
            }
        })
        .collect()
}

/// The pairing parameters as typed, in the API's JSON (given whole, as the route takes
/// them), or `None` when the form has none of them. A number or a yes/no that does not
/// read as one is a problem named by OpenGotha's name; the rest is the route's to check.
pub fn typed_parameters(
    current: &PairingParameters,
    typed: &HashMap<String, String>,
    problems: &mut Vec<FieldError>,
) -> Option<Value> {
    let mut parameters = serde_json::to_value(current).ok()?;
    let mut any = false;
    for parameter in &PARAMETERS {
        let Some(text) = typed.get(&format!("pairing.{}", parameter.path)) else {
            continue;
        };
        any = true;
        let text = text.trim();
        let value = match at(&parameters, parameter.path) {
            Some(Value::Number(_)) => match text.parse::<i64>() {
                Ok(number) => Value::from(number),
                Err(_) => {
                    problems.push(FieldError::of_issue(
                        format!("pairing.{}", parameter.path),
                        Issue::NotAWholeNumber,
                        format!("{}: must be a whole number", file_name(parameter)),
                    ));
                    continue;
                }
            },
            Some(Value::Bool(_)) => match text.parse::<bool>() {
                Ok(yes) => Value::Bool(yes),
                Err(_) => {
                    problems.push(FieldError::of_issue(
                        format!("pairing.{}", parameter.path),
                        Issue::NotChosen,
                        format!("{}: must be true or false", file_name(parameter)),
                    ));
                    continue;
                }
            },
            _ => Value::String(text.to_string()),
        };
        set(&mut parameters, parameter.path, value);
    }
    any.then_some(parameters)
}

/// Puts `new` at the dotted `path` of `value` (a path of the current parameters).
fn set(value: &mut Value, path: &str, new: Value) {
    let (parent, last) = path.rsplit_once('.').unwrap_or(("", path));
    let parent = if parent.is_empty() {
        Some(value)
    } else {
        parent
            .split('.')
            .try_fold(value, |value, key| value.get_mut(key))
    };
    if let Some(Value::Object(fields)) = parent {
        fields.insert(last.to_string(), new);
    }
}
