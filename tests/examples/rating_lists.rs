//! The rating lists' benchmark (`bench/ratings.sh`): generated lists in the federations'
//! real layouts (written by the core's writers), and the desk's searches against a
//! running service.
//!
//!     rating_lists generate DIR LINES    # DIR/egd.html, ffg.txt, aga.txt, queries.txt
//!     rating_lists search URL QUERIES    # each query once to warm up, then timed: p50, p99
//!     rating_lists core DIR              # the same queries in the core's search, in process
//!
//! The lists are deterministic (a fixed xorshift seed): names of two to four syllables
//! (about as many distinct surnames as the EGD's list has), Latin-1 accents, surnames of
//! two words, unrated FFG players, foreign FFG players without licence, negative AGA
//! ratings and blank ones. The queries are what a desk types: a whole surname, the starts
//! of a surname and first name, a misspelt surname (a letter dropped, doubled or
//! replaced), a name in capitals with its accents dropped, the start of a PIN or licence,
//! some with a country.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbitre_core::rating_list::search::{self as list_search, Index, Query};
use arbitre_core::rating_list::{
    self, rank_from_gor, Details, Entry, LicenceStatus, ListDate, RatingList, Source,
};
use std::path::Path;
use std::time::Instant;

struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const SYLLABLES: &[&str] = &[
    "ba", "ra", "ma", "ki", "no", "shi", "ver", "lan", "mül", "dé", "son", "ber", "gar", "ri",
    "to", "chen", "wa", "lo", "zé", "pe", "an", "der", "el", "ot", "ska", "vic", "ho", "nen",
];
const FIRST_NAMES: &[&str] = &[
    "René",
    "Rémi",
    "Jürgen",
    "Zoé",
    "Anaïs",
    "Marie",
    "Jean",
    "Pierre",
    "Anna",
    "Jan",
    "Tomás",
    "Łukasz",
    "Søren",
    "Hélène",
    "François",
    "Ingrid",
    "Pavel",
    "Eva",
    "Yuki",
    "Hiroshi",
    "Min",
    "Wei",
    "Olga",
    "Ivan",
    "Lucía",
    "Paolo",
    "Nora",
    "Emil",
    "Zsófia",
    "Björn",
    "Noémie",
    "Cédric",
    "Ana",
    "Karel",
    "Maja",
    "Otto",
    "Jiří",
    "Ola",
    "Timo",
];
const COUNTRIES: &[&str] = &[
    "FR", "FR", "FR", "DE", "NL", "CZ", "PL", "UK", "HU", "RU", "US",
];

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn surname(random: &mut Random) -> String {
    let syllables = 2 + random.below(3);
    let word: String = (0..syllables).map(|_| random.pick(SYLLABLES)).collect();
    let mut name = capitalised(&word);
    if random.below(20) == 0 {
        name = format!(
            "{} {}",
            capitalised(random.pick(&["le", "van", "de", "da"])),
            name
        );
    }
    name
}

/// `lines` players of `source`, deterministic.
fn generate(source: Source, lines: usize) -> RatingList {
    let mut random = Random(0x9e37_79b9_7f4a_7c15 ^ source as u64);
    let entries = (0..lines)
        .map(|number| {
            let surname = surname(&mut random);
            let first_name = random.pick(FIRST_NAMES).to_string();
            let country = random.pick(COUNTRIES).to_string();
            let club = format!(
                "{:02}{}",
                random.below(96),
                random.pick(&["Pa", "Ly", "Gr", "Be", "Re"])
            );
            let gor = 100 + random.below(2700) as i32;
            let (surname, id, rating, details, country, club) = match source {
                Source::Egd => (
                    surname,
                    format!("{}", 10_000_000 + number),
                    Some(gor),
                    Details::Egd {
                        grade: rank_from_gor(gor),
                        promotion: "--".to_string(),
                        tournaments: 1 + random.below(120) as u32,
                        last_appearance: format!("T{:06}A", random.below(1_000_000)),
                    },
                    country,
                    club,
                ),
                Source::Ffg => {
                    let foreign = random.below(10) == 0;
                    let status = if foreign {
                        LicenceStatus::Foreign
                    } else {
                        [
                            LicenceStatus::None,
                            LicenceStatus::Licensed,
                            LicenceStatus::C,
                        ][random.below(3)]
                    };
                    (
                        surname.to_uppercase(),
                        if foreign {
                            String::new()
                        } else {
                            format!("{:07}", 1_000_000 + number)
                        },
                        (random.below(10) >= 3).then_some(gor - 2050 - random.below(900) as i32),
                        Details::Ffg {
                            licence_status: status,
                        },
                        if foreign { country } else { "FR".to_string() },
                        if foreign { "xxxx".to_string() } else { club },
                    )
                }
                Source::Aga => {
                    let rated = random.below(10) >= 3;
                    let magnitude = 100_000 + random.below(3_000_000) as i32;
                    let rating = if random.below(3) == 0 {
                        100_000 + magnitude / 4
                    } else {
                        -magnitude
                    };
                    let membership =
                        random.pick(&["Full", "Full", "Youth", "Non", "Forgn", "Life"]);
                    (
                        surname,
                        format!("{}", 1_000 + number),
                        rated.then_some(rating),
                        Details::Aga {
                            membership: membership.to_string(),
                            expires: format!(
                                "{}/{}/20{:02}",
                                1 + random.below(12),
                                1 + random.below(28),
                                random.below(30)
                            ),
                            state: random.pick(&["NY", "CA", "WA", "MA", ""]).to_string(),
                            sigma: rated.then_some(random.below(200_000) as i32),
                            last_rated: format!(
                                "{}/{}/20{:02}",
                                1 + random.below(12),
                                1 + random.below(28),
                                random.below(26)
                            ),
                        },
                        if membership == "Forgn" {
                            String::new()
                        } else {
                            "US".to_string()
                        },
                        random.pick(&["LIGC", "NOVA", "SEAG", ""]).to_string(),
                    )
                }
            };
            Entry {
                line: 0,
                surname,
                first_name,
                country,
                club,
                id,
                rating,
                details,
            }
        })
        .collect();
    RatingList {
        source,
        date: ListDate::new(2026, 11, 1),
        entries,
        placeholders: 0,
    }
}

/// The queries a desk types for some of the players of `lists`, as query strings.
fn queries(lists: &[RatingList]) -> Vec<String> {
    let mut random = Random(42);
    let mut queries = Vec::new();
    let encode = |text: &str| -> String {
        text.bytes()
            .map(|byte| match byte {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => char::from(byte).to_string(),
                _ => format!("%{byte:02X}"),
            })
            .collect()
    };
    for round in 0..600 {
        let list = &lists[round % lists.len()];
        let entry = &list.entries[random.below(list.entries.len())];
        let surname = entry
            .surname
            .split(' ')
            .next_back()
            .unwrap_or_default()
            .to_lowercase();
        let chars: Vec<char> = surname.chars().collect();
        let position = 1 + random.below(chars.len().saturating_sub(1).max(1));
        let text = match round % 6 {
            0 => surname.clone(),
            1 => format!(
                "{} {}",
                chars.iter().take(4).collect::<String>(),
                entry.first_name.chars().take(2).collect::<String>()
            ),
            2 => chars
                .iter()
                .enumerate()
                .filter(|(at, _)| *at != position)
                .map(|(_, c)| *c)
                .collect(),
            3 => chars
                .iter()
                .enumerate()
                .map(|(at, c)| if at == position { 'x' } else { *c })
                .collect(),
            4 => arbitre_core::rating_list::search::fold(&format!(
                "{} {}",
                entry.surname, entry.first_name
            ))
            .to_uppercase(),
            _ if !entry.id.is_empty() => entry.id.chars().take(5).collect(),
            _ => surname.clone(),
        };
        let mut query = format!("q={}", encode(&text));
        if round % 5 == 0 {
            if let Some(country) = entry.country() {
                query.push_str(&format!("&country={country}"));
            }
        }
        queries.push(query);
    }
    queries
}

fn write_lists(folder: &Path, lines: usize) {
    std::fs::create_dir_all(folder).unwrap();
    let lists: Vec<RatingList> = Source::ALL
        .iter()
        .map(|&source| generate(source, lines))
        .collect();
    for list in &lists {
        let name = match list.source {
            Source::Egd => "egd.html",
            Source::Ffg => "ffg.txt",
            Source::Aga => "aga.txt",
        };
        std::fs::write(folder.join(name), rating_list::write(list)).unwrap();
    }
    std::fs::write(folder.join("queries.txt"), queries(&lists).join("\n")).unwrap();
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((q * sorted.len() as f64) as usize).min(sorted.len() - 1)]
}

async fn search(url: &str, queries_file: &Path) {
    let queries: Vec<String> = std::fs::read_to_string(queries_file)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let client = reqwest::Client::new();
    let get = |query: &str| {
        client
            .get(format!("{url}/rating-lists/search?{query}&limit=20"))
            .send()
    };
    let started = Instant::now();
    let first = get(&queries[0]).await.unwrap();
    assert!(
        first.status().is_success(),
        "{}",
        first.text().await.unwrap()
    );
    first.bytes().await.unwrap();
    let warm_up = started.elapsed().as_secs_f64() * 1000.0;
    let mut latencies = Vec::with_capacity(queries.len());
    let mut results = 0;
    for query in &queries {
        let started = Instant::now();
        let response = get(query).await.unwrap();
        assert!(response.status().is_success(), "{query}");
        let body: serde_json::Value = response.json().await.unwrap();
        latencies.push(started.elapsed().as_secs_f64() * 1000.0);
        results += body.as_array().map_or(0, Vec::len);
    }
    latencies.sort_by(f64::total_cmp);
    println!(
        "{}",
        serde_json::json!({
            "queries": latencies.len(),
            "results": results,
            "first_search_ms": (warm_up * 100.0).round() / 100.0,
            "p50_ms": (quantile(&latencies, 0.5) * 100.0).round() / 100.0,
            "p99_ms": (quantile(&latencies, 0.99) * 100.0).round() / 100.0,
            "max_ms": (quantile(&latencies, 1.0) * 100.0).round() / 100.0,
        })
    );
}

/// The core's share of a search: the generated lists read and indexed as the service does
/// on its first search, then each query of `folder/queries.txt` timed in the core alone.
fn search_in_core(folder: &Path) {
    let started = Instant::now();
    let indexes: Vec<Index> = [
        (Source::Egd, "egd.html"),
        (Source::Ffg, "ffg.txt"),
        (Source::Aga, "aga.txt"),
    ]
    .into_iter()
    .map(|(source, name)| {
        let bytes = std::fs::read(folder.join(name)).unwrap();
        Index::new(rating_list::read(source, &bytes).unwrap())
    })
    .collect();
    let indexing = started.elapsed().as_secs_f64() * 1000.0;
    let indexes: Vec<&Index> = indexes.iter().collect();
    let queries: Vec<(String, Option<String>)> =
        std::fs::read_to_string(folder.join("queries.txt"))
            .unwrap()
            .lines()
            .map(|line| {
                let url = reqwest::Url::parse(&format!("http://desk/?{line}")).unwrap();
                let value = |key: &str| {
                    url.query_pairs()
                        .find(|(name, _)| name == key)
                        .map(|(_, value)| value.into_owned())
                };
                (value("q").unwrap(), value("country"))
            })
            .collect();
    let mut latencies = Vec::with_capacity(queries.len());
    let mut results = 0;
    for (text, country) in &queries {
        let query = Query {
            text,
            country: country.as_deref(),
            limit: 20,
        };
        let started = Instant::now();
        results += list_search::search(&indexes, &query).len();
        latencies.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    latencies.sort_by(f64::total_cmp);
    let round = |ms: f64| (ms * 1000.0).round() / 1000.0;
    println!(
        "{}",
        serde_json::json!({
            "in_core": true,
            "queries": latencies.len(),
            "results": results,
            "read_and_index_ms": round(indexing),
            "p50_ms": round(quantile(&latencies, 0.5)),
            "p99_ms": round(quantile(&latencies, 0.99)),
            "max_ms": round(quantile(&latencies, 1.0)),
        })
    );
}

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    match arguments
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["generate", folder, lines] => write_lists(Path::new(folder), lines.parse().unwrap()),
        ["core", folder] => search_in_core(Path::new(folder)),
        ["search", url, queries] => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(search(url, Path::new(queries))),
        _ => {
            eprintln!(
                "usage: rating_lists generate DIR LINES | rating_lists search URL QUERIES \
                 | rating_lists core DIR"
            );
            std::process::exit(2);
        }
    }
}
