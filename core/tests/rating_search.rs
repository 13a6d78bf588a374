//! The desk's search against a plain reference: every query word against every word of
//! every entry's name, with the edit distance computed in full for every prefix. The
//! index's search (sorted words walked as a trie) must find the same players, with the
//! same scores, in the same order, each linked person once.

use arbitre_core::rating_list::search::{self, fold, name_key, Index, Match, Query};
use arbitre_core::rating_list::{Details, Entry, LicenceStatus, ListDate, RatingList, Source};
use proptest::prelude::*;

// ------------------------------------------------------------------ the reference

/// Levenshtein's distance, the whole table.
fn distance(a: &[u8], b: &[u8]) -> usize {
    let mut table = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in table.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in table[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitution = table[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            table[i][j] = substitution
                .min(table[i - 1][j] + 1)
                .min(table[i][j - 1] + 1);
        }
    }
    table[a.len()][b.len()]
}

/// The score of a name's word for a query word: 6 the whole word, 4 its start, 2 its start
/// with one typing error, 1 with two; the errors forgiven: none up to 3 letters, one up to
/// 6, two from 7.
fn word_score(query_word: &str, word: &str) -> Option<u32> {
    if word == query_word {
        return Some(6);
    }
    if word.starts_with(query_word) {
        return Some(4);
    }
    let allowed = match query_word.len() {
        0..=3 => 0,
        4..=6 => 1,
        _ => 2,
    };
    let errors = (0..=word.len())
        .map(|end| distance(query_word.as_bytes(), &word.as_bytes()[..end]))
        .min()?;
    match errors {
        1 if allowed >= 1 => Some(2),
        2 if allowed >= 2 => Some(1),
        _ => None,
    }
}

fn is_id(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty()
        && !text.contains(char::is_whitespace)
        && text.chars().any(|c| c.is_ascii_digit())
        && text.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The score of an entry for the query: an id's start (20 the whole id, 10 its start), or
/// every query word matching a word of the name (the sum of their best scores).
fn entry_score(entry: &Entry, text: &str) -> Option<u32> {
    if is_id(text) {
        let text = text.trim();
        return match &entry.id {
            id if id.is_empty() => None,
            id if id == text => Some(20),
            id if id.starts_with(text) => Some(10),
            _ => None,
        };
    }
    let folded = fold(text);
    let query_words: Vec<&str> = folded.split_whitespace().collect();
    if query_words.is_empty() {
        return None;
    }
    let name = fold(&format!("{} {}", entry.surname, entry.first_name));
    query_words.iter().try_fold(0, |total, query_word| {
        name.split_whitespace()
            .filter_map(|word| word_score(query_word, word))
            .max()
            .map(|score| total + score)
    })
}

fn reference_search(indexes: &[&Index], query: &Query) -> Vec<Match> {
    let mut found = Vec::new();
    for (list, index) in indexes.iter().enumerate() {
        for (position, entry) in index.list().entries.iter().enumerate() {
            let country_matches = query.country.is_none_or(|wanted| {
                entry
                    .country()
                    .is_some_and(|country| country.eq_ignore_ascii_case(wanted.trim()))
            });
            if let (Some(score), true) = (entry_score(entry, query.text), country_matches) {
                found.push(Match {
                    list,
                    entry: position,
                    score,
                    linked: None,
                });
            }
        }
    }
    found.sort_by_key(|found| {
        let entry = &indexes[found.list].list().entries[found.entry];
        (
            std::cmp::Reverse(found.score),
            name_key(&entry.surname, &entry.first_name),
            indexes[found.list].source(),
            found.entry,
            found.list,
        )
    });
    let mut shown: Vec<Match> = Vec::new();
    let mut hidden = Vec::new();
    for mut candidate in found {
        if shown.len() == query.limit {
            break;
        }
        if hidden.contains(&(candidate.list, candidate.entry)) {
            continue;
        }
        candidate.linked = search::linked(indexes, candidate.list, candidate.entry);
        hidden.extend(candidate.linked);
        shown.push(candidate);
    }
    shown
}

// ------------------------------------------------------------------ the property

/// Few letters, so that names are often within a typing error or two of each other and of
/// the queries; some with accents and capitals, some of two words.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        "[abcdé]{1,9}",
        "[A-Dabcd]{2,6} [abcdè]{2,8}",
        "[abcdü-]{3,10}"
    ]
}

fn entry(source: Source) -> impl Strategy<Value = Entry> {
    (name(), name(), 0usize..3, "[0-9]{3}").prop_map(move |(surname, first_name, country, id)| {
        Entry {
            line: 0,
            surname,
            first_name,
            country: ["FR", "DE", "UK"][country].to_string(),
            club: "Pa".to_string(),
            id,
            rating: Some(1500),
            details: match source {
                Source::Ffg => Details::Ffg {
                    licence_status: LicenceStatus::Licensed,
                },
                _ => Details::Aga {
                    membership: "Full".to_string(),
                    expires: String::new(),
                    state: String::new(),
                    sigma: None,
                    last_rated: String::new(),
                },
            },
        }
    })
}

fn list(source: Source) -> impl Strategy<Value = RatingList> {
    proptest::collection::vec(entry(source), 1..60).prop_map(move |mut entries| {
        for (line, entry) in entries.iter_mut().enumerate() {
            entry.line = line as u32 + 1;
        }
        RatingList {
            source,
            date: ListDate::new(2026, 11, 1),
            entries,
            placeholders: 0,
        }
    })
}

/// What a desk types: a name's words, or random letters, or the start of an id, with its
/// typing errors; sometimes a country.
fn typed() -> impl Strategy<Value = String> {
    prop_oneof![
        "[abcdeé]{1,10}",
        "[abcdx]{2,9} [abcd]{1,8}",
        "[ABCDÉ ]{1,12}",
        "[0-9]{1,4}",
        "[abcd]{7,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// An index weighs at least the text of its entries (what the service's budget of
    /// indexes counts), and more with one more entry.
    #[test]
    fn an_index_weighs_at_least_its_entries_text(list in list(Source::Ffg), more in entry(Source::Ffg)) {
        let text: usize = list
            .entries
            .iter()
            .map(|entry| {
                entry.surname.len() + entry.first_name.len() + entry.country.len()
                    + entry.club.len() + entry.id.len()
            })
            .sum();
        let mut longer = list.clone();
        longer.entries.push(Entry { line: u32::MAX, ..more });
        let (index, longer) = (Index::new(list.clone()), Index::new(longer));
        prop_assert!(index.bytes() >= text, "{} < {text}", index.bytes());
        prop_assert!(longer.bytes() > index.bytes());
    }

    /// The index finds what the reference finds, in its order, with its scores and links.
    #[test]
    fn the_index_search_finds_what_the_reference_finds(
        egd in list(Source::Egd),
        ffg in list(Source::Ffg),
        aga in list(Source::Aga),
        text in typed(),
        country in proptest::option::of(prop_oneof![Just("fr"), Just("DE"), Just("US")]),
        limit in 1usize..40,
    ) {
        let mut egd = egd;
        // The EGD's entries are the FFG's first ones sometimes: the same person in both.
        for (egd_entry, ffg_entry) in egd.entries.iter_mut().zip(&ffg.entries).step_by(3) {
            egd_entry.surname = ffg_entry.surname.to_uppercase();
            egd_entry.first_name = ffg_entry.first_name.clone();
            egd_entry.country = ffg_entry.country.clone();
        }
        let indexes = [Index::new(egd), Index::new(ffg), Index::new(aga)];
        let indexes: Vec<&Index> = indexes.iter().collect();
        let query = Query { text: &text, country, limit };
        prop_assert_eq!(
            search::search(&indexes, &query),
            reference_search(&indexes, &query)
        );
    }
}
