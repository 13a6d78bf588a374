//! The languages the pages speak: one Project Fluent catalog per language,
//! `api/locales/<code>.ftl`, embedded in the binary by the build script. Adding a language
//! is adding one file (docs/languages.md says how); its plural rules are CLDR's, known to
//! Fluent by the file's language code.
//!
//! Every sentence a person reads on a page comes from a catalog through [`Language`]:
//! templates call `t.text("key")`, `t.text_with("key", "name", value)`; Rust code the same
//! methods. A number with a fraction (a komi) is written by [`Language::decimal`] with the
//! catalog's own `decimal-separator`, a date by [`Language::date`], a moment of a
//! tournament (a ruling, a log line, a token's expiry) by [`Language::moment`] on the
//! tournament's clock ([`TimeZone`]).

#[cfg(test)]
mod checks;
pub mod vocabulary;
mod zone;

pub use zone::TimeZone;

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast::Entry;
use std::borrow::{Borrow, Cow};
use std::sync::LazyLock;
use unic_langid::LanguageIdentifier;

/// The catalogs' sources, `(code, text)`, sorted by code (written by `build.rs`).
const SOURCES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/catalogs.rs"));

/// The language a page is written in when nothing else says one: the pages without a
/// tournament, for a browser that asks for none of ours.
const FALLBACK: &str = "en";

/// One language's catalog.
struct Catalog {
    code: &'static str,
    bundle: FluentBundle<FluentResource>,
    /// Every message's id, for the catalogs' tests.
    ids: Vec<String>,
}

/// Every catalog, in the order of their codes.
static CATALOGS: LazyLock<Vec<Catalog>> = LazyLock::new(|| {
    SOURCES
        .iter()
        .map(|(code, source)| load(code, source))
        .collect()
});

/// A catalog parsed, or as much of it as parses (each error is logged; the catalogs'
/// tests fail on any).
fn load(code: &'static str, source: &str) -> Catalog {
    let resource =
        FluentResource::try_new(source.to_string()).unwrap_or_else(|(partial, errors)| {
            tracing::error!(code, ?errors, "a catalog does not parse whole");
            partial
        });
    let ids = message_ids(&resource);
    let language: LanguageIdentifier = code.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![language]);
    // The pages are HTML escaped by askama; Unicode isolation marks around arguments
    // would only be stray characters in a name or a number.
    bundle.set_use_isolating(false);
    if let Err(errors) = bundle.add_resource(resource) {
        tracing::error!(code, ?errors, "a catalog repeats a message");
    }
    Catalog { code, bundle, ids }
}

fn message_ids(resource: &FluentResource) -> Vec<String> {
    resource
        .entries()
        .filter_map(|entry| match entry {
            Entry::Message(message) => Some(message.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// A language the pages speak: an index into the embedded catalogs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Language(usize);

impl Default for Language {
    fn default() -> Language {
        Language::of_code(FALLBACK).unwrap_or(Language(0))
    }
}

/// A value handed to a message: a name, a text or a whole number (which picks a plural
/// form). A number with a fraction is handed as the text [`Language::decimal`] writes.
pub trait Arg {
    fn value(&self) -> FluentValue<'static>;
}

impl Arg for str {
    fn value(&self) -> FluentValue<'static> {
        FluentValue::String(Cow::Owned(self.to_string()))
    }
}

impl Arg for String {
    fn value(&self) -> FluentValue<'static> {
        self.as_str().value()
    }
}

macro_rules! whole_number_arg {
    ($($type:ty),*) => {$(
        impl Arg for $type {
            fn value(&self) -> FluentValue<'static> {
                FluentValue::from(*self)
            }
        }
    )*};
}

whole_number_arg!(u8, u16, u32, u64, usize, i16, i32, i64);

impl<T: Arg + ?Sized> Arg for &T {
    fn value(&self) -> FluentValue<'static> {
        (**self).value()
    }
}

impl Language {
    /// Every language, in the order of their codes.
    pub fn all() -> impl Iterator<Item = Language> {
        (0..CATALOGS.len()).map(Language)
    }

    /// The language of a code (`fr`, `fr-CA`, `FR`): its primary subtag's catalog.
    pub fn of_code(code: &str) -> Option<Language> {
        let primary = code.split(['-', '_']).next()?.trim();
        CATALOGS
            .iter()
            .position(|catalog| catalog.code.eq_ignore_ascii_case(primary))
            .map(Language)
    }

    /// The code of the language (`<html lang>`, the cookie).
    pub fn code(self) -> &'static str {
        self.catalog().code
    }

    /// The language's own name for itself (the switch).
    pub fn name(&self) -> String {
        self.text("language-name")
    }

    /// The other languages, for the switch.
    pub fn others(&self) -> Vec<Language> {
        Language::all().filter(|other| other != self).collect()
    }

    fn catalog(self) -> &'static Catalog {
        &CATALOGS[self.0]
    }

    /// The message `id`, with no argument.
    pub fn text(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// The message `id` with one argument.
    pub fn text_with(&self, id: &str, name: &str, value: impl Arg) -> String {
        self.message(id).arg(name, value).to_string()
    }

    /// The message `id`, its arguments to be given one by one with [`Message::arg`]
    /// (`t.message("find-where").arg("table", 3).arg("colour", colour)`).
    pub fn message<'a>(&self, id: &'a str) -> Message<'a> {
        Message {
            language: *self,
            id,
            args: FluentArgs::new(),
        }
    }

    /// Whether this language's catalog has the message `id` (the error pages look for a
    /// problem's own words).
    pub fn has(&self, id: &str) -> bool {
        self.catalog().bundle.has_message(id)
    }

    /// The message in this language; else in the fallback language (a catalog missing a
    /// message is a bug the catalogs' tests catch); else its id.
    fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        let fallback = Language::default();
        for language in [*self, fallback] {
            let bundle = &language.catalog().bundle;
            if let Some(pattern) = bundle.get_message(id).and_then(|message| message.value()) {
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, args, &mut errors);
                if !errors.is_empty() {
                    tracing::warn!(id, code = language.code(), ?errors, "a message failed");
                }
                return text.into_owned();
            }
            tracing::warn!(id, code = language.code(), "a message is missing");
        }
        id.to_string()
    }

    /// The messages whose ids start with one of `prefixes`, for a page's script, as a JSON object
    /// safe inside `<script type="application/json">`: each with its arguments left as
    /// Fluent writes a missing one, `{$name}`, for the script to fill (a count's plural
    /// forms are messages of their own, `-one`, `-other`, the script picking one with
    /// `Intl.PluralRules`). The decimal separator comes along.
    pub fn script_words(&self, prefixes: &[&str]) -> String {
        let bundle = &self.catalog().bundle;
        let words: serde_json::Map<String, serde_json::Value> = self
            .message_ids()
            .iter()
            .filter(|id| {
                prefixes.iter().any(|prefix| id.starts_with(prefix))
                    || id.as_str() == "decimal-separator"
            })
            .filter_map(|id| {
                let pattern = bundle.get_message(id)?.value()?;
                // The missing arguments are the point: their errors are not.
                let mut missing = Vec::new();
                let text = bundle.format_pattern(pattern, None, &mut missing);
                Some((id.clone(), serde_json::Value::String(text.into_owned())))
            })
            .collect();
        serde_json::Value::Object(words)
            .to_string()
            .replace('<', "\\u003c")
    }

    /// `value` with the language's decimal separator, and its fraction only when it has
    /// one (komi "7,5" in French, "6" rather than "6.0").
    pub fn decimal(&self, value: impl Borrow<f64>) -> String {
        let value = *value.borrow();
        let written = if value.fract() == 0.0 {
            format!("{value:.0}")
        } else {
            let text = format!("{value:.2}");
            text.trim_end_matches('0').to_string()
        };
        written.replace('.', &self.text("decimal-separator"))
    }

    /// A day as the language writes it ("28 novembre 2026", "28 November 2026").
    pub fn date(&self, date: impl Borrow<NaiveDate>) -> String {
        let date = *date.borrow();
        let month = self.text(&format!("month-{}", date.month()));
        self.message("date")
            .arg("day", date.day())
            .arg("month", month)
            .arg("year", date.year())
            .to_string()
    }

    /// A moment of a tournament, in the reader's language and on the tournament's clock
    /// (`zone`): "28 novembre 2026 à 14:05:07". Every page that shows when something
    /// happened writes it with this.
    pub fn moment(&self, at: DateTime<Utc>, zone: TimeZone) -> String {
        let local = zone.local(at);
        self.message("moment")
            .arg("date", self.date(local.date_naive()))
            .arg("time", local.format("%H:%M:%S").to_string())
            .to_string()
    }

    /// Two days as the language writes a span of them.
    pub fn dates(&self, start: impl Borrow<NaiveDate>, end: impl Borrow<NaiveDate>) -> String {
        let (start, end) = (*start.borrow(), *end.borrow());
        if start == end {
            self.date(start)
        } else {
            self.message("date-span")
                .arg("start", self.date(start))
                .arg("end", self.date(end))
                .to_string()
        }
    }

    /// The ids of the messages of this language's catalog (its tests).
    pub fn message_ids(&self) -> &'static [String] {
        &self.catalog().ids
    }
}

/// A tournament's language in the API: its catalog's code.
impl serde::Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl<'de> serde::Deserialize<'de> for Language {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Language, D::Error> {
        let code = String::deserialize(deserializer)?;
        Language::of_code(&code).ok_or_else(|| {
            let codes: Vec<&str> = Language::all().map(Language::code).collect();
            serde::de::Error::custom(format!(
                "{code:?} is not a language of the pages: one of {}",
                codes.join(", ")
            ))
        })
    }
}

/// A message and its arguments, written out by its `Display`.
pub struct Message<'a> {
    language: Language,
    id: &'a str,
    args: FluentArgs<'static>,
}

impl Message<'_> {
    /// The message with the argument `name` set to `value`.
    pub fn arg(mut self, name: &str, value: impl Arg) -> Self {
        self.args.set(name.to_string(), value.value());
        self
    }
}

impl std::fmt::Display for Message<'_> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(&self.language.format(self.id, Some(&self.args)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalog_parses_whole() {
        for (code, source) in SOURCES {
            let parsed = FluentResource::try_new(source.to_string());
            assert!(parsed.is_ok(), "{code}: {:?}", parsed.err().map(|e| e.1));
        }
    }

    #[test]
    fn a_code_finds_its_language_by_its_primary_subtag() {
        let french = Language::of_code("fr").unwrap();
        assert_eq!(Language::of_code("fr-CA"), Some(french));
        assert_eq!(Language::of_code("FR"), Some(french));
        assert_eq!(Language::of_code("xx"), None);
        assert_eq!(Language::default().code(), "en");
    }

    #[test]
    fn a_komi_is_written_with_the_languages_decimal_separator() {
        let french = Language::of_code("fr").unwrap();
        let english = Language::of_code("en").unwrap();
        assert_eq!(french.decimal(7.5), "7,5");
        assert_eq!(english.decimal(7.5), "7.5");
        assert_eq!(french.decimal(6.0), "6");
        assert_eq!(french.decimal(-0.5), "-0,5");
    }

    #[test]
    fn a_script_gets_its_words_with_their_arguments_to_fill() {
        let french = Language::of_code("fr").unwrap();
        let words: serde_json::Value =
            serde_json::from_str(&french.script_words(&["tablet-", "clock-", "result-"])).unwrap();
        assert_eq!(
            words["result-wins-resignation"],
            "{$winner} gagne par abandon"
        );
        assert_eq!(words["tablet-then"], " : {$result}");
        assert_eq!(words["decimal-separator"], ",");
        assert_eq!(words["clock-simple"], "{$time} par coup");
        assert!(words.get("home-title").is_none());
    }

    #[test]
    fn a_date_is_written_in_the_readers_language() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 28).unwrap();
        assert_eq!(
            Language::of_code("fr").unwrap().date(day),
            "28 novembre 2026"
        );
        assert_eq!(
            Language::of_code("en").unwrap().date(day),
            "28 November 2026"
        );
        assert_eq!(
            Language::of_code("de").unwrap().date(day),
            "28. November 2026"
        );
        let first = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
        assert_eq!(
            Language::of_code("fr").unwrap().date(first),
            "1er décembre 2026"
        );
    }

    #[test]
    fn a_moment_is_written_in_the_readers_language_on_the_tournaments_clock() {
        let at = DateTime::parse_from_rfc3339("2026-11-28T13:05:07Z")
            .unwrap()
            .with_timezone(&Utc);
        let paris = TimeZone::of_name("Europe/Paris").unwrap();
        let french = Language::of_code("fr").unwrap();
        let english = Language::of_code("en").unwrap();
        assert_eq!(french.moment(at, paris), "28 novembre 2026 à 14:05:07");
        assert_eq!(
            english.moment(at, TimeZone::of_name("UTC").unwrap()),
            "28 November 2026, 13:05:07"
        );
        // Summer time: Paris is two hours ahead of UTC in July.
        let july = DateTime::parse_from_rfc3339("2026-07-01T23:30:00Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(french.moment(july, paris), "2 juillet 2026 à 01:30:00");
    }

    #[test]
    fn a_count_takes_its_languages_plural() {
        let french = Language::of_code("fr").unwrap();
        let english = Language::of_code("en").unwrap();
        assert_eq!(
            english.text_with("home-older", "count", 1),
            "And 1 older tournament."
        );
        assert_eq!(
            english.text_with("home-older", "count", 2),
            "And 2 older tournaments."
        );
        assert_eq!(
            french.text_with("home-older", "count", 1),
            "Et 1 tournoi plus ancien."
        );
    }
}
