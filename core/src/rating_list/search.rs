//! Finding a player in the lists at the registration desk: by name, with accents and case
//! folded, each word of the query the start of a word of the name, small typing errors
//! forgiven (as pairgoth's search forgives them); or by the start of an EGD PIN, FFG
//! licence or AGA id; filtered by country; the best matches first.
//!
//! An [`Index`] is built once per list (the lists are snapshots: they never change). Its
//! words are kept sorted, which makes them a trie laid flat: a prefix is a run of words,
//! and a misspelt word is found by walking down that trie with one row of the edit
//! distance table per letter, leaving every branch as soon as no word below it can be
//! near enough ([`Near`]); a search visits a few thousand prefixes, not every word of the
//! list. The same person in the EGD's and the FFG's lists is shown once: the FFG's list
//! does not carry EGD PINs, so two entries are linked when they are the only ones of their
//! list with that folded name and country ([`linked`]).

use super::{heap_bytes, Entry, RatingList, Source};
use std::collections::HashMap;
use std::ops::Range;
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// A name as the search compares it: lower case, accents removed (NFD, combining marks
/// dropped; `ß`, `æ`, `œ`, `ø`, `đ`, `ł` spelt out), every other character a word break
/// (`_`, `-`, `'`, `.`).
pub fn fold(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    for character in text.nfd() {
        match character {
            c if c.is_ascii_alphanumeric() => folded.push(c.to_ascii_lowercase()),
            'ß' => folded.push_str("ss"),
            'æ' | 'Æ' => folded.push_str("ae"),
            'œ' | 'Œ' => folded.push_str("oe"),
            'ø' | 'Ø' => folded.push('o'),
            'đ' | 'Đ' | 'ð' | 'Ð' => folded.push('d'),
            'ł' | 'Ł' => folded.push('l'),
            'ı' => folded.push('i'),
            'þ' | 'Þ' => folded.push_str("th"),
            c if is_combining_mark(c) => {}
            c if c.is_alphanumeric() => folded.extend(c.to_lowercase()),
            _ => folded.push(' '),
        }
    }
    folded
}

/// The folded words of an entry's name, surname first.
fn name_words(entry: &Entry) -> Vec<String> {
    fold(&format!("{} {}", entry.surname, entry.first_name))
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The key of a person's whole name: its folded words, joined by one space.
pub fn name_key(surname: &str, first_name: &str) -> String {
    fold(&format!("{surname} {first_name}"))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// One list, ready to be searched.
#[derive(Debug)]
pub struct Index {
    list: RatingList,
    /// The distinct folded words of the names, sorted, in one buffer: word `i` is
    /// `word_text[word_ends[i - 1]..word_ends[i]]`.
    word_text: Vec<u8>,
    word_ends: Vec<u32>,
    /// The entries (indices into the list) whose name has word `i`.
    postings: Vec<Vec<u32>>,
    /// The ids (PIN, licence, AGA id), sorted, with their entry.
    ids: Vec<(Box<str>, u32)>,
    /// The entries of each whole name ([`name_key`]).
    names: HashMap<String, Vec<u32>>,
    /// Each entry's whole name ([`name_key`]), which orders matches of equal score.
    keys: Vec<Box<str>>,
}

impl Index {
    pub fn new(list: RatingList) -> Index {
        let mut words: HashMap<String, Vec<u32>> = HashMap::new();
        let mut names: HashMap<String, Vec<u32>> = HashMap::new();
        let mut ids = Vec::with_capacity(list.entries.len());
        let mut keys = Vec::with_capacity(list.entries.len());
        for (position, entry) in list.entries.iter().enumerate() {
            let position = super::text::to_u32(position);
            let entry_words = name_words(entry);
            for word in &entry_words {
                let postings = words.entry(word.clone()).or_default();
                if postings.last() != Some(&position) {
                    postings.push(position);
                }
            }
            let key = entry_words.join(" ");
            names.entry(key.clone()).or_default().push(position);
            keys.push(key.into_boxed_str());
            if !entry.id.is_empty() {
                ids.push((entry.id.clone().into_boxed_str(), position));
            }
        }
        let mut sorted: Vec<(String, Vec<u32>)> = words.into_iter().collect();
        sorted.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut word_text = Vec::new();
        let mut word_ends = Vec::with_capacity(sorted.len());
        let mut postings = Vec::with_capacity(sorted.len());
        for (word, entries) in sorted {
            word_text.extend_from_slice(word.as_bytes());
            word_ends.push(super::text::to_u32(word_text.len()));
            postings.push(entries);
        }
        ids.sort_unstable();
        Index {
            list,
            word_text,
            word_ends,
            postings,
            ids,
            names,
            keys,
        }
    }

    /// The bytes the index holds, its list's entries included, as the allocator counts
    /// them ([`heap_bytes`]): what a service keeping indexes in memory weighs it by.
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        let entries = heap_bytes(self.list.entries.capacity() * size_of::<Entry>())
            + self
                .list
                .entries
                .iter()
                .map(Entry::heap_bytes)
                .sum::<usize>();
        let postings = heap_bytes(self.postings.capacity() * size_of::<Vec<u32>>())
            + self
                .postings
                .iter()
                .map(|entries| heap_bytes(entries.capacity() * size_of::<u32>()))
                .sum::<usize>();
        let ids = heap_bytes(self.ids.capacity() * size_of::<(Box<str>, u32)>())
            + self
                .ids
                .iter()
                .map(|(id, _)| heap_bytes(id.len()))
                .sum::<usize>();
        // A hash map's table: a slot and a control byte for each entry it has room for.
        let names = heap_bytes(self.names.capacity() * (size_of::<(String, Vec<u32>)>() + 1))
            + self
                .names
                .iter()
                .map(|(name, entries)| {
                    heap_bytes(name.capacity()) + heap_bytes(entries.capacity() * size_of::<u32>())
                })
                .sum::<usize>();
        let keys = heap_bytes(self.keys.capacity() * size_of::<Box<str>>())
            + self
                .keys
                .iter()
                .map(|key| heap_bytes(key.len()))
                .sum::<usize>();
        size_of::<Index>()
            + entries
            + heap_bytes(self.word_text.capacity())
            + heap_bytes(self.word_ends.capacity() * size_of::<u32>())
            + postings
            + ids
            + names
            + keys
    }

    pub fn list(&self) -> &RatingList {
        &self.list
    }

    pub fn source(&self) -> Source {
        self.list.source
    }

    /// The position in the list of the entry of a line of the file.
    pub fn position(&self, line: u32) -> Option<usize> {
        self.list
            .entries
            .binary_search_by_key(&line, |entry| entry.line)
            .ok()
    }

    /// The entry with this id (PIN, licence, AGA id).
    pub fn by_id(&self, id: &str) -> Option<&Entry> {
        let id = id.trim();
        let position = self
            .ids
            .binary_search_by(|(candidate, _)| candidate.as_ref().cmp(id))
            .ok()?;
        self.entry(self.ids[position].1)
    }

    /// The entries with this whole name (accents and case folded).
    pub fn by_name(&self, surname: &str, first_name: &str) -> Vec<&Entry> {
        self.names
            .get(&name_key(surname, first_name))
            .map(|positions| positions.iter().filter_map(|&p| self.entry(p)).collect())
            .unwrap_or_default()
    }

    fn entry(&self, position: u32) -> Option<&Entry> {
        self.list.entries.get(position as usize)
    }

    fn word(&self, index: usize) -> &[u8] {
        let start = match index {
            0 => 0,
            _ => self.word_ends[index - 1] as usize,
        };
        &self.word_text[start..self.word_ends[index] as usize]
    }

    /// Each entry with a word near `query_word` and the best score of its words, by entry.
    fn word_matches(&self, query_word: &[u8]) -> Vec<(u32, u32)> {
        let mut scores: Vec<(u32, u32)> = Vec::new();
        Near::new(query_word).walk(self, |words, errors| {
            for word in words {
                let score = match errors {
                    0 if self.word(word).len() == query_word.len() => EXACT,
                    0 => PREFIX,
                    1 => ONE_TYPO,
                    _ => TWO_TYPOS,
                };
                scores.extend(self.postings[word].iter().map(|&entry| (entry, score)));
            }
        });
        // The best score first for each entry, then one row an entry.
        scores.sort_unstable_by_key(|&(entry, score)| (entry, std::cmp::Reverse(score)));
        scores.dedup_by_key(|&mut (entry, _)| entry);
        scores
    }

    /// The end of the run of words from `start` (below `end`, all longer than `depth` and
    /// sharing their first `depth` bytes) with the same byte at `depth` as `start`'s.
    fn same_byte_end(&self, depth: usize, start: usize, end: usize) -> usize {
        let byte = self.word(start)[depth];
        let (mut low, mut high) = (start + 1, end);
        while low < high {
            let middle = (low + high) / 2;
            if self.word(middle)[depth] <= byte {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        low
    }

    /// Entries whose id starts with `prefix`, with their score.
    fn id_matches(&self, prefix: &str) -> Vec<(u32, u32)> {
        let first = self.ids.partition_point(|(id, _)| id.as_ref() < prefix);
        self.ids[first..]
            .iter()
            .take_while(|(id, _)| id.starts_with(prefix))
            .map(|(id, position)| {
                let score = if id.as_ref() == prefix {
                    EXACT_ID
                } else {
                    ID_PREFIX
                };
                (*position, score)
            })
            .collect()
    }
}

/// The score of a query word against a name's word: the whole word, its start, or its
/// start with one or two typing errors.
const EXACT: u32 = 6;
const PREFIX: u32 = 4;
const ONE_TYPO: u32 = 2;
const TWO_TYPOS: u32 = 1;
const EXACT_ID: u32 = 20;
const ID_PREFIX: u32 = 10;

/// The typing errors forgiven in a query word: none up to 3 letters (a prefix that short
/// matches too much already), one up to 6, two from 7.
fn allowed_errors(length: usize) -> u32 {
    match length {
        0..=3 => 0,
        4..=6 => 1,
        _ => 2,
    }
}

/// A query word and the typing errors it forgives, to be looked for among the sorted
/// words of an index.
///
/// The sorted words are a trie laid flat: the words sharing a prefix are a run, and the
/// runs of its longer prefixes follow in byte order. [`Near::walk`] goes down that trie
/// keeping one row of the edit distance table (Levenshtein: a letter missing, one too many,
/// one wrong) per depth, between the starts of the query word and the prefix it stands on
/// (Wagner and Fischer 1974; the trie walk of Shang and Merrett 1996). A word's distance
/// is the smallest between the whole query word and any of its prefixes, since the desk
/// types the start of a name. Below a prefix whose row has no cell within the errors
/// forgiven, no word is near; below one whose row cannot go lower than the best distance
/// already met on the way down, every word has that distance (a row's smallest cell never
/// decreases from one depth to the next). So a search visits the few prefixes near the
/// query word, not the hundred thousand words of a list.
struct Near<'a> {
    word: &'a [u8],
    allowed_errors: u32,
    /// The rows of the prefix at each depth, one after the other (`word.len() + 1` cells
    /// each).
    rows: Vec<u32>,
}

impl<'a> Near<'a> {
    fn new(word: &'a [u8]) -> Near<'a> {
        let allowed_errors = allowed_errors(word.len());
        let width = word.len() + 1;
        // No prefix longer than the word and its errors is visited: its row's cells all
        // exceed the errors forgiven.
        let mut rows = vec![0; width * (word.len() + allowed_errors as usize + 2)];
        for (cell, value) in rows[..width].iter_mut().zip(0..) {
            *cell = value;
        }
        Near {
            word,
            allowed_errors,
            rows,
        }
    }

    /// Calls `found` with each run of words of `index` within the errors forgiven, and
    /// their distance.
    fn walk(mut self, index: &Index, mut found: impl FnMut(Range<usize>, u32)) {
        let whole = self.rows[self.word.len()];
        self.visit(index, 0..index.word_ends.len(), 0, whole, &mut found);
    }

    /// The words of `words` share a prefix of `depth` bytes, whose row is at `depth`;
    /// `best` is the smallest distance of the query word to that prefix or a shorter one.
    fn visit(
        &mut self,
        index: &Index,
        words: Range<usize>,
        depth: usize,
        best: u32,
        found: &mut impl FnMut(Range<usize>, u32),
    ) {
        let width = self.word.len() + 1;
        let lowest = self.rows[depth * width..(depth + 1) * width]
            .iter()
            .copied()
            .min()
            .unwrap_or(u32::MAX);
        if best <= self.allowed_errors && lowest >= best {
            found(words, best);
            return;
        }
        if lowest > self.allowed_errors {
            return;
        }
        let mut start = words.start;
        if start < words.end && index.word(start).len() == depth {
            if best <= self.allowed_errors {
                found(start..start + 1, best);
            }
            start += 1;
        }
        while start < words.end {
            let end = index.same_byte_end(depth, start, words.end);
            let byte = index.word(start)[depth];
            let (above, below) = self.rows.split_at_mut((depth + 1) * width);
            let previous = &above[depth * width..];
            let next = &mut below[..width];
            next[0] = previous[0] + 1;
            for (column, &letter) in self.word.iter().enumerate() {
                let substitution = previous[column] + u32::from(letter != byte);
                next[column + 1] = substitution
                    .min(previous[column + 1] + 1)
                    .min(next[column] + 1);
            }
            let near = best.min(next[width - 1]);
            self.visit(index, start..end, depth + 1, near, found);
            start = end;
        }
    }
}

/// What the desk typed.
#[derive(Debug, Clone, Copy)]
pub struct Query<'a> {
    /// Words of a name, or the start of an id (digits and letters of a licence).
    pub text: &'a str,
    /// Two letters (ISO 3166-1, the EGD's `UK` read as `GB`): only players of this country.
    pub country: Option<&'a str>,
    /// At most this many matches.
    pub limit: usize,
}

/// An entry found: the list it is in (its position among the indexes searched), its
/// position in the list, its score, and the same person in another list, if linked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Match {
    pub list: usize,
    pub entry: usize,
    pub score: u32,
    pub linked: Option<(usize, usize)>,
}

/// A query that is one word of digits (with the letters some FFG licences have) is an id.
fn is_id_query(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty()
        && !text.contains(char::is_whitespace)
        && text.chars().any(|c| c.is_ascii_digit())
        && text.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The best matches of `query` in `indexes`, best first (score, then the folded name, then
/// the list: EGD, FFG, AGA), each person once.
pub fn search(indexes: &[&Index], query: &Query) -> Vec<Match> {
    let mut found: Vec<Match> = Vec::new();
    for (list, index) in indexes.iter().enumerate() {
        let scored: Vec<(u32, u32)> = if is_id_query(query.text) {
            index.id_matches(query.text.trim())
        } else {
            name_matches(index, query.text)
        };
        found.extend(
            scored
                .into_iter()
                .filter(|&(position, _)| {
                    country_matches(&index.list.entries[position as usize], query.country)
                })
                .map(|(position, score)| Match {
                    list,
                    entry: position as usize,
                    score,
                    linked: None,
                }),
        );
    }
    let order = |found: &Match| {
        (
            std::cmp::Reverse(found.score),
            &indexes[found.list].keys[found.entry],
            indexes[found.list].source(),
            found.entry,
            found.list,
        )
    };
    // Each match shown hides at most one later match (the same person in the other list),
    // so the best `2 × limit` hold the `limit` shown: only those are put in order.
    let kept = query.limit.saturating_mul(2);
    if found.len() > kept {
        found.select_nth_unstable_by(kept, |a, b| order(a).cmp(&order(b)));
        found.truncate(kept);
    }
    found.sort_unstable_by(|a, b| order(a).cmp(&order(b)));
    let mut shown: Vec<Match> = Vec::with_capacity(query.limit);
    let mut hidden: Vec<(usize, usize)> = Vec::new();
    for mut candidate in found {
        if shown.len() == query.limit {
            break;
        }
        if hidden.contains(&(candidate.list, candidate.entry)) {
            continue;
        }
        candidate.linked = linked(indexes, candidate.list, candidate.entry);
        if let Some(other) = candidate.linked {
            hidden.push(other);
        }
        shown.push(candidate);
    }
    shown
}

fn country_matches(entry: &Entry, country: Option<&str>) -> bool {
    match country {
        None => true,
        Some(wanted) => entry
            .country()
            .is_some_and(|country| country.eq_ignore_ascii_case(wanted.trim())),
    }
}

/// Entries of one list matching every word of `text`, with the sum of their words' scores.
fn name_matches(index: &Index, text: &str) -> Vec<(u32, u32)> {
    let folded = fold(text);
    let mut per_word: Vec<Vec<(u32, u32)>> = folded
        .split_whitespace()
        .map(|word| index.word_matches(word.as_bytes()))
        .collect();
    per_word.sort_by_key(Vec::len);
    let Some((rarest, others)) = per_word.split_first() else {
        return Vec::new();
    };
    rarest
        .iter()
        .filter_map(|&(entry, score)| {
            others
                .iter()
                .try_fold(score, |total, scores| {
                    let at = scores
                        .binary_search_by_key(&entry, |&(entry, _)| entry)
                        .ok()?;
                    Some(total + scores[at].1)
                })
                .map(|total| (entry, total))
        })
        .collect()
}

/// The same person in the other of the EGD's and FFG's lists among `indexes`: the only
/// entry there with the same folded whole name and country, when this entry is the only
/// one of its own list with them too. The FFG's list has no EGD PIN to link by.
pub fn linked(indexes: &[&Index], list: usize, entry: usize) -> Option<(usize, usize)> {
    let source = indexes[list].source();
    let other_source = match source {
        Source::Egd => Source::Ffg,
        Source::Ffg => Source::Egd,
        Source::Aga => return None,
    };
    let this = &indexes[list].list.entries[entry];
    let key = &indexes[list].keys[entry];
    let same = |index: &Index| -> Vec<u32> {
        index
            .names
            .get(key.as_ref())
            .map(|positions| {
                positions
                    .iter()
                    .copied()
                    .filter(|&p| index.list.entries[p as usize].country() == this.country())
                    .collect()
            })
            .unwrap_or_default()
    };
    if same(indexes[list]).len() != 1 {
        return None;
    }
    indexes.iter().enumerate().find_map(|(other, index)| {
        if index.source() != other_source {
            return None;
        }
        match same(index).as_slice() {
            [position] => Some((other, *position as usize)),
            _ => None,
        }
    })
}
