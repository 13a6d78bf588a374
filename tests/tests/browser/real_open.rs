//! A real open run from the pages alone (issue 40): the director starts `arbitre serve`
//! on an empty database, signs in with the one-time link its console prints, and does
//! the rest in the browser, with no API call and no command: uploads the OpenGotha file,
//! drafts, edits by hand and publishes two rounds, starts them, types every table's
//! result in the results grid with the keyboard (`12b`, Enter), corrects one, reads the
//! wall chart, and downloads every export the standings page offers, whose files are
//! read: every player, and every result typed. The players have no AGA id: the director
//! uploads the AGA's list of them (`TDListA.txt`, written here) from the rating lists'
//! page, refreshes the players from it, and the AGA's file downloads too.
//!
//! The file is a real tournament: the *Campeonato Iberoamericano Virtual 2020*, 167
//! players of whom 150 play round 2, as its director's OpenGotha 3.49 saved it before
//! pairing round 2 (`tests/fixtures/SOURCES.md`: where it comes from and its licence).
//! The same journey at 500 players (a file written here with the real players' names)
//! types all 250 tables of each round too, and weighs every page it shows: under 500 KB
//! gzipped with its assets. How long the server takes for each request of the journey is
//! measured by `bench/journey.sh`, not here.

use super::dashboard::{pictured, type_keys};
use super::round_at_size::{opengotha_file, pick, shown, submit};
use arbitre_core::rating_list::search::name_key;
use arbitre_tests::browser::{Browser, LAPTOP};
use arbitre_tests::cluster;
use arbitre_tests::served::Served;
use fantoccini::Locator;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The heaviest a page of the journey may be, gzipped, with its assets (issue 40).
const WEIGHT_LIMIT: u64 = 500_000;

/// The real file, in the repository.
fn iberoamericano() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/20201003152323_congreso2020-pre-round-2-pairing.xml")
}

/// The value of `attribute` in the XML element `line` (as written: escaped).
fn attribute<'a>(line: &'a str, attribute: &str) -> &'a str {
    let start = line
        .find(&format!(" {attribute}=\""))
        .map(|at| at + attribute.len() + 3)
        .unwrap_or_else(|| panic!("no {attribute} in {line}"));
    &line[start..start + line[start..].find('"').unwrap()]
}

/// An OpenGotha file of `players` players named as real players are: each the surname,
/// rank and country of one of the real open's players and the first name of another, so
/// that the pages weigh what real names weigh; five rounds not yet paired. No two are
/// alike as the journey finds them in the exports and the AGA's list: in the 30
/// characters of the EGD's name field, nor with accents folded as a refresh from a list
/// compares names (`Rodríguez` is `Rodriguez`); a surname too long to take another first
/// name in 30 characters gives way to the next.
fn open_of_real_names(players: usize) -> String {
    let real = std::fs::read_to_string(iberoamericano()).unwrap();
    let real: Vec<&str> = real
        .lines()
        .filter(|line| line.contains("<Player "))
        .collect();
    let count = real.len();
    let (mut folded, mut in_egd) = (HashSet::new(), HashSet::new());
    let lines: String = (0..players)
        .map(|index| {
            let (player, first_name) = (0..)
                .map(|attempt| {
                    let other = real[(index * 37 + attempt) % count];
                    (
                        real[(index + attempt / count) % count],
                        attribute(other, "firstName"),
                    )
                })
                .find(|(player, first_name)| {
                    let surname = attribute(player, "name");
                    let key = name_key(surname, first_name);
                    let egd: String = format!("{surname} {first_name}")
                        .to_lowercase()
                        .chars()
                        .take(30)
                        .collect();
                    let new = !folded.contains(&key) && !in_egd.contains(&egd);
                    if new {
                        folded.insert(key);
                        in_egd.insert(egd);
                    }
                    new
                })
                .unwrap();
            format!(
                "<Player club=\"{}\" country=\"{}\" firstName=\"{first_name}\" name=\"{}\" \
                 rank=\"{}\" registeringStatus=\"FIN\"/>\n",
                attribute(player, "club"),
                attribute(player, "country"),
                attribute(player, "name"),
                attribute(player, "rank"),
            )
        })
        .collect();
    opengotha_file(&lines)
}

/// What the journey is given and expects of its file.
struct Open {
    file: PathBuf,
    players: usize,
    /// The first round to pair (rounds before it are in the file).
    first_round: i32,
    /// Games in the file already, and the tables of each round the journey pairs.
    games_before: usize,
    tables: [usize; 2],
    /// Screenshots of each step (the 150-player run), or only the weights.
    pictures: bool,
}

/// A table of a round as the results grid shows it, and the line typed for it.
struct Typed {
    table: usize,
    black: String,
    white: String,
    /// The result typed last: `b` or `w`, then a margin or the way.
    line: String,
}

impl Typed {
    /// Whether `player` won this table, or `None` when they did not play it.
    fn won(&self, player: &str) -> Option<(char, bool)> {
        let black_won = self.line.starts_with('b');
        if player == self.black {
            Some(('b', black_won))
        } else if player == self.white {
            Some(('w', !black_won))
        } else {
            None
        }
    }
}

/// The line typed for `table`: a winner, and for some a margin or the way, as sheets say.
fn line_for(table: usize) -> String {
    match table % 6 {
        0 => "w".to_string(),
        1 => "b".to_string(),
        2 => "wr".to_string(),
        3 => "b3.5".to_string(),
        4 => "bt".to_string(),
        _ => "w".to_string(),
    }
}

/// What the grid says was recorded for `line` (as [`line_for`] types them).
fn in_words(line: &str) -> String {
    let winner = if line.starts_with('b') {
        "Black"
    } else {
        "White"
    };
    match &line[1..] {
        "" => format!("{winner} wins"),
        "r" => format!("{winner} wins by resignation"),
        "t" => format!("{winner} wins on time"),
        points => format!("{winner} wins by {points} points"),
    }
}

/// A name as the pages show it with the rank (`Jimenez Sebastian (10k)`), without it.
fn name_of(label: &str) -> String {
    label
        .rsplit_once(" (")
        .map_or(label, |(name, _)| name)
        .to_string()
}

/// The director's browser, signed in, and what the journey found so far.
struct Journey {
    browser: Browser,
    _served: Served,
    open: Open,
    id: String,
    weights: Vec<(String, u64)>,
}

impl Journey {
    /// The page shown, weighed (its HTML and every asset it loaded, each gzipped as a
    /// server would send it), and pictured at laptop and phone width in the 150-player run.
    async fn step(&mut self, name: &str) {
        let weight = self
            .browser
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 const gzipped = async bytes => (await new Response(new Blob([bytes]).stream()
                     .pipeThrough(new CompressionStream('gzip'))).arrayBuffer()).byteLength;
                 (async () => {
                     let total = await gzipped(new TextEncoder()
                         .encode('<!DOCTYPE html>' + document.documentElement.outerHTML));
                     const assets = new Set(performance.getEntriesByType('resource')
                         .map(entry => entry.name)
                         .filter(name => new URL(name).pathname.startsWith('/assets/')));
                     for (const asset of assets) {
                         total += await gzipped(await (await fetch(asset)).arrayBuffer());
                     }
                     return total;
                 })().then(done, error => done(String(error)));",
                vec![],
            )
            .await
            .unwrap();
        let weight = weight
            .as_u64()
            .unwrap_or_else(|| panic!("{name}: {weight}"));
        assert!(
            weight < WEIGHT_LIMIT,
            "{name}: {weight} bytes gzipped at {} players",
            self.open.players
        );
        self.weights.push((name.to_string(), weight));
        if self.open.pictures {
            pictured(&self.browser, &format!("open-{name}")).await;
        }
    }

    /// Uploads `file` with the dashboard's form: what the import found.
    async fn upload(&self, file: &Path) -> String {
        let field = self.browser.client.find(Locator::Id("file")).await.unwrap();
        field.send_keys(file.to_str().unwrap()).await.unwrap();
        submit(&self.browser, "#import").await;
        self.browser.text("#imported").await
    }

    /// The AGA's list of `players` (`TDListA.txt`: `Last, First`, AGA id, membership,
    /// no rating, expiry, chapter, state, sigma, last rated), uploaded from the rating
    /// lists' page; the players refreshed from it, found by their whole names. Their AGA
    /// ids, by `Surname First`.
    async fn aga_ids(&mut self, players: &[(String, String)]) -> HashMap<String, u32> {
        let ids: HashMap<String, u32> = players
            .iter()
            .zip(20_001..)
            .map(|((surname, first_name), id)| (format!("{surname} {first_name}"), id))
            .collect();
        let list: String = players
            .iter()
            .map(|(surname, first_name)| {
                let id = ids[&format!("{surname} {first_name}")];
                format!("{surname}, {first_name}\t{id}\tFull\t\t12/31/2027\t\t\t\t11/1/2026\r\n")
            })
            .collect();
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("TDListA.txt");
        std::fs::write(&file, list).unwrap();
        self.visit("").await;
        submit(&self.browser, "#rating-lists-link").await;
        pick(&self.browser, "list-source", "AGA").await;
        let field = self
            .browser
            .client
            .find(Locator::Id("list-file"))
            .await
            .unwrap();
        field.send_keys(file.to_str().unwrap()).await.unwrap();
        submit(&self.browser, "#import-list-button").await;
        let notice = self.browser.text("#lists-notice").await;
        assert!(notice.contains(&players.len().to_string()), "{notice}");
        self.step("aga-list-imported").await;
        submit(&self.browser, "#refresh-aga").await;
        let report = self.rows("#refresh-list").await;
        assert_eq!(report.len(), players.len(), "{report:?}");
        self.step("aga-refresh").await;
        submit(&self.browser, "#apply-refresh").await;
        self.step("aga-refreshed").await;
        ids
    }

    /// The extension of the EGD's file for the handicap the tournament is set with, as its
    /// settings page shows it: the EGD names the file for the handicap reduction (`.h1`:
    /// the difference less one stone), and `.h9` means no handicap (a ceiling of 0
    /// stones); a negative reduction has no EGD value (`.h0`).
    async fn egd_extension(&self) -> String {
        self.visit("/settings").await;
        let setting = |id: &'static str| async move {
            let field = self.browser.client.find(Locator::Id(id)).await.unwrap();
            let value = field.prop("value").await.unwrap().unwrap();
            value.parse::<i32>().unwrap()
        };
        let (ceiling, reduction) = (setting("t-ceiling").await, setting("t-reduction").await);
        let reduction = if ceiling == 0 { 9 } else { reduction.max(0) };
        format!(".h{reduction}")
    }

    async fn visit(&self, path: &str) {
        self.browser
            .visit(&format!("/dashboard/t/{}{path}", self.id))
            .await;
    }

    /// The rows of the table `css`, each as its cells' texts.
    async fn rows(&self, css: &str) -> Vec<Vec<String>> {
        let rows = self
            .browser
            .client
            .execute(
                "return [...document.querySelectorAll(arguments[0] + ' tbody tr')]
                     .map(row => [...row.cells].map(cell => cell.textContent.trim()));",
                vec![Value::String(css.to_string())],
            )
            .await
            .unwrap();
        serde_json::from_value(rows).unwrap()
    }

    /// Drafts round `number`, edits it by hand when `edit` (a swap of colours and a
    /// game moved to another table), publishes it and starts it: the tables published.
    async fn pair(&mut self, number: i32, tables: usize, edit: bool) -> Vec<(String, String)> {
        self.visit(&format!("/rounds/{number}")).await;
        let playing = self.rows("#participation-list").await;
        assert_eq!(playing.len(), self.open.players);
        let absent = playing.iter().filter(|row| row[1] == "absent").count();
        assert_eq!(
            (self.open.players - absent) / 2,
            tables,
            "round {number}: {absent} absent"
        );
        if edit {
            self.step(&format!("round-{number}-who-plays")).await;
        }
        submit(&self.browser, "button[value='draft']").await;
        let engine = shown(&self.browser).await;
        assert_eq!(engine.len(), tables, "{}", self.browser.text("main").await);
        let mut expected = engine.clone();
        if edit {
            submit(&self.browser, "button[value='swap-3']").await;
            expected[2] = (engine[2].1.clone(), engine[2].0.clone());
            assert_eq!(shown(&self.browser).await, expected);
            let last = tables - 5;
            pick(&self.browser, "from", &format!("{last}:")).await;
            self.browser.fill("to", "2").await;
            submit(&self.browser, "button[value='move']").await;
            expected.swap(1, last - 1);
            assert_eq!(shown(&self.browser).await, expected);
            assert!(self
                .browser
                .text("#table-3 .report")
                .await
                .contains("colours swapped by hand"));
            self.step(&format!("round-{number}-draft-edited")).await;
        }
        submit(&self.browser, "button[value='publish']").await;
        let published: Vec<(String, String)> = self
            .rows("#overview")
            .await
            .into_iter()
            .map(|row| (name_of(&row[1]), name_of(&row[2])))
            .collect();
        let drafted: Vec<(String, String)> = expected
            .iter()
            .map(|(white, black)| (name_of(white), name_of(black)))
            .collect();
        assert_eq!(published, drafted, "the round published is the draft");
        submit(&self.browser, "#start").await;
        assert!(self
            .browser
            .client
            .find(Locator::Css("#start"))
            .await
            .is_err());
        self.step(&format!("round-{number}-published")).await;
        drafted
    }

    /// Types one line in the results grid and Enter, as from a paper sheet, the whole
    /// line in one WebDriver command (the keys are dispatched in the browser, not a round
    /// trip a key): the grid comes back, a new page, saying what was recorded at that table,
    /// the line empty and ready. What it says, as soon as it says it.
    async fn type_line(&self, table: usize, line: &str) -> String {
        self.browser
            .client
            .execute("window.before = true; return null;", vec![])
            .await
            .unwrap();
        type_keys(&self.browser, &format!("{table}{line}\u{E007}")).await;
        let said = self
            .browser
            .wait_for(
                "window.before === undefined && document.readyState === 'complete' \
                 && document.activeElement.id === 'entry' \
                 && document.activeElement.value === '' \
                 && document.querySelector('#last-entry')?.textContent",
                30,
            )
            .await;
        let said = said.as_str().unwrap().to_string();
        assert!(said.starts_with(&format!("Table {table} (")), "{said}");
        said
    }

    /// Types the result of every table of round `number` in its grid, then reads the
    /// grid again: every table shows what was typed for it.
    async fn results(&mut self, number: i32, tables: usize) -> Typing {
        submit(&self.browser, "#results-link").await;
        assert_eq!(
            self.browser.text("#missing").await,
            format!("{tables} tables without a result.")
        );
        let grid = self.rows("#results-grid").await;
        assert_eq!(grid.len(), tables);
        let mut typed = Vec::new();
        for row in grid {
            let table: usize = row[0].parse().unwrap();
            let line = line_for(table);
            let said = self.type_line(table, &line).await;
            assert!(said.ends_with(&format!("): {}", in_words(&line))), "{said}");
            typed.push(Typed {
                table,
                black: name_of(&row[1]),
                white: name_of(&row[2]),
                line,
            });
        }
        assert_eq!(
            self.browser.text("#missing").await,
            "Every table has its result."
        );
        let typing = Typing { typed };
        typing.shown(&self.rows("#results-grid").await);
        self.step(&format!("round-{number}-results")).await;
        typing
    }

    /// Table 1's sheet was misread: typed again, the result is corrected, and the
    /// table's page lists both entries in its audit.
    async fn correct(&mut self, typing: &mut Typing) {
        let first = &mut typing.typed[0];
        first.line = if first.line.starts_with('b') {
            "w"
        } else {
            "b"
        }
        .to_string();
        let said = self.type_line(first.table, &first.line).await;
        let winner = in_words(&first.line);
        assert!(said.ends_with(&format!("): {winner}")), "{said}");
        typing.shown(&self.rows("#results-grid").await);
        submit(&self.browser, "#results-grid tbody tr:first-child a").await;
        let audit = self.rows("#audit").await;
        assert_eq!(audit.len(), 2, "{audit:?}");
        // Oldest first: the sheet as first typed, then the correction from it.
        assert_eq!(audit[1][4], winner, "{audit:?}");
        assert_eq!(audit[1][3], audit[0][4], "{audit:?}");
        assert_eq!(audit[1][1], "First admin", "who corrected it");
        self.step("result-corrected").await;
    }
}

/// A round's results as typed: every table's.
struct Typing {
    typed: Vec<Typed>,
}

impl Typing {
    /// The results grid's `rows` (table, Black, White, handicap, result) show every table
    /// with the result typed for it, recorded.
    fn shown(&self, rows: &[Vec<String>]) {
        assert_eq!(rows.len(), self.typed.len());
        for (row, table) in rows.iter().zip(&self.typed) {
            assert_eq!(row[0], table.table.to_string(), "{row:?}");
            assert_eq!(row[4], in_words(&table.line), "table {}", table.table);
        }
    }

    /// The round's cell of `player`'s line in an export, `12+/w0` (a game: opponent, won
    /// or lost, colour, handicap), agrees with what was typed for them; a player no table
    /// names did not play.
    fn agrees(&self, cell: &str, player: &str) {
        match self.typed.iter().find_map(|table| table.won(player)) {
            Some((colour, won)) => {
                let expected = format!("{}/{colour}", if won { '+' } else { '-' });
                assert!(cell.contains(&expected), "{player}: {cell}, not {expected}");
            }
            None => assert!(!cell.contains('/'), "{player} did not play: {cell}"),
        }
    }
}

/// ISO-8859-15 (the EGD's and the FFG's files) as text.
fn latin9(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&byte| match byte {
            0xA4 => '€',
            0xA6 => 'Š',
            0xA8 => 'š',
            0xB4 => 'Ž',
            0xB8 => 'ž',
            0xBC => 'Œ',
            0xBD => 'œ',
            0xBE => 'Ÿ',
            other => char::from(other),
        })
        .collect()
}

/// Clicks the download link `css` and waits for its file in `folder`: its name and bytes.
/// Chromium makes an empty file of the final name first and writes the bytes under a
/// `.crdownload` name it then moves over it: the file has arrived when it has bytes and no
/// download is in progress.
async fn download(browser: &Browser, folder: &Path, css: &str) -> (String, Vec<u8>) {
    let before: Vec<_> = std::fs::read_dir(folder).unwrap().flatten().collect();
    browser.click(css).await;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let paths: Vec<_> = std::fs::read_dir(folder)
            .unwrap()
            .flatten()
            .map(|entry| entry.path())
            .collect();
        let in_progress = paths
            .iter()
            .any(|path| path.to_string_lossy().ends_with(".crdownload"));
        let arrived = paths
            .into_iter()
            .find(|path| !before.iter().any(|old| old.path() == *path));
        if let (false, Some(path)) = (in_progress, arrived) {
            let bytes = std::fs::read(&path).unwrap();
            if !bytes.is_empty() {
                let name = path.file_name().unwrap().to_string_lossy().to_string();
                return (name, bytes);
            }
        }
        assert!(Instant::now() < deadline, "{css}: no file downloaded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn run(open: Open) -> Journey {
    // The first start of the service, on an empty database: its console prints the link.
    let (served, link) = Served::first_start(&cluster().fresh_database().await).await;
    let browser = Browser::open(&served.base, LAPTOP).await;
    browser.client.goto(&link).await.unwrap();
    let mut journey = Journey {
        browser,
        _served: served,
        open,
        id: String::new(),
        weights: Vec::new(),
    };
    journey.step("first-sign-in").await;
    submit(&journey.browser, "#use-link").await;
    assert!(journey
        .browser
        .text("main")
        .await
        .contains("Create a tournament"));

    // The file, uploaded from the dashboard's form.
    journey.step("dashboard").await;
    let found = journey.upload(&journey.open.file).await;
    assert!(
        found.contains(&format!("{} players", journey.open.players)),
        "{found}"
    );
    assert!(
        found.contains(&format!("{} pairings", journey.open.games_before)),
        "{found}"
    );
    journey.step("imported").await;
    submit(&journey.browser, "#open-imported").await;
    assert_eq!(
        journey.browser.text("#players").await,
        format!("Players ({})", journey.open.players)
    );
    let path = journey.browser.client.current_url().await.unwrap();
    journey.id = path.path().rsplit('/').next().unwrap().to_string();
    journey.step("tournament").await;
    let egd_extension = journey.egd_extension().await;

    // Two rounds, the first edited by hand; every result typed; one corrected.
    let [first_tables, second_tables] = journey.open.tables;
    let first = journey.open.first_round;
    journey.pair(first, first_tables, true).await;
    let mut typed = journey.results(first, first_tables).await;
    journey.correct(&mut typed).await;
    let second = first + 1;
    journey.pair(second, second_tables, false).await;
    let last = journey.results(second, second_tables).await;

    // The standings after the second round, and its wall chart.
    journey.visit(&format!("/standings?round={second}")).await;
    journey.step("standings").await;
    submit(&journey.browser, "#wall-chart-link").await;
    let chart = journey.rows("#wall-chart").await;
    assert_eq!(chart.len(), journey.open.players);
    let rounds_before = usize::try_from(first - 1).unwrap();
    for row in &chart {
        // Line, place, name, rank, club, wins, then one cell per round.
        typed.agrees(&row[6 + rounds_before], &row[2]);
        last.agrees(&row[7 + rounds_before], &row[2]);
    }
    journey.step("wall-chart").await;

    journey.visit(&format!("/standings?round={second}")).await;
    // Every export the page offers, downloaded as a person downloads it.
    let folder = tempfile::tempdir().unwrap();
    journey.browser.download_to(folder.path()).await;
    let offered = journey
        .browser
        .client
        .execute(
            "return [...document.querySelectorAll('li[data-format] > a[download]')]
                 .map(link => link.dataset.format);",
            vec![],
        )
        .await
        .unwrap();
    let offered: Vec<String> = serde_json::from_value(offered).unwrap();
    assert_eq!(offered, ["egd", "ffg", "csv", "opengotha"]);
    let mut files = HashMap::new();
    for format in &offered {
        let file = download(
            &journey.browser,
            folder.path(),
            &format!("li[data-format='{format}'] > a[download]"),
        )
        .await;
        files.insert(format.clone(), file);
    }
    // The AGA's file is not offered: no player has an AGA id, and the page says so.
    let aga = journey
        .browser
        .client
        .find_all(Locator::Css("li[data-format='aga'] .blockers li"))
        .await
        .unwrap();
    assert!(!aga.is_empty());
    assert!(aga[0].text().await.unwrap().contains("has no AGA id"));
    journey.step("exports").await;

    // The spreadsheet: a line for every player, the two rounds as typed.
    let (_, csv) = &files["csv"];
    let csv = String::from_utf8(csv.clone()).unwrap();
    let mut csv_lines = csv.lines();
    let header: Vec<&str> = csv_lines.next().unwrap().split(',').collect();
    let column = |round: i32| {
        header
            .iter()
            .position(|title| *title == format!("R{round}"))
            .unwrap()
    };
    let (one, two) = (column(first), column(second));
    let mut players = Vec::new();
    for line in csv_lines {
        let cells: Vec<&str> = line.split(',').collect();
        let player = (cells[2].to_string(), cells[3].to_string());
        let name = format!("{} {}", player.0, player.1);
        typed.agrees(cells[one], &name);
        last.agrees(cells[two], &name);
        players.push(player);
    }
    assert_eq!(players.len(), journey.open.players);
    // The EGD's file, named for the tournament's handicap: every player
    // (`Surname_In_Words First`, 30 characters), both rounds as typed.
    let (name, h9) = &files["egd"];
    assert!(
        name.ends_with(&egd_extension),
        "{name}, not {egd_extension}"
    );
    let h9 = latin9(h9);
    let lines: Vec<&str> = h9.lines().filter(|line| !line.starts_with(';')).collect();
    assert_eq!(lines.len(), journey.open.players, "{h9}");
    let joined = |name: &str| name.split_whitespace().collect::<Vec<_>>().join("_");
    for (surname, first_name) in &players {
        let key = format!("{} {}", joined(surname), joined(first_name))
            .to_lowercase()
            .chars()
            .take(30)
            .collect::<String>()
            .trim_end()
            .to_string();
        let line = lines
            .iter()
            .find(|line| {
                let field: String = line.chars().skip(5).take(30).collect();
                field.trim_end().to_lowercase() == key
            })
            .unwrap_or_else(|| panic!("{key} is not in the .h9:\n{h9}"));
        let cells: Vec<&str> = line.split_whitespace().rev().take(2).collect();
        let player = format!("{surname} {first_name}");
        typed.agrees(cells[1], &player);
        last.agrees(cells[0], &player);
    }
    // The FFG's file: a line for every player.
    let (name, tou) = &files["ffg"];
    assert!(name.ends_with(".tou"), "{name}");
    let tou = latin9(tou);
    let lines = tou.lines().filter(|line| !line.starts_with(';')).count();
    assert_eq!(lines, journey.open.players, "{tou}");
    // OpenGotha's file: every player and game, and it uploads again as a tournament.
    let (name, xml) = &files["opengotha"];
    assert!(name.ends_with(".xml"), "{name}");
    let xml = String::from_utf8(xml.clone()).unwrap();
    assert_eq!(xml.matches("<Player ").count(), journey.open.players);
    assert_eq!(
        xml.matches("<Game ").count(),
        journey.open.games_before + first_tables + second_tables
    );
    journey.browser.visit("/dashboard").await;
    let again = journey.upload(&folder.path().join(name)).await;
    assert!(
        again.contains(&format!(
            "{} pairings (0 without a result yet)",
            journey.open.games_before + first_tables + second_tables
        )),
        "{again}"
    );

    // The AGA's ids, made as a director makes them: the AGA's list uploaded, the players
    // refreshed from it; then the AGA's file is offered, every player and every game in it.
    let ids = journey.aga_ids(&players).await;
    journey.visit(&format!("/standings?round={second}")).await;
    let blockers = journey
        .browser
        .client
        .execute(
            "return [...document.querySelectorAll(\"li[data-format='aga'] .blockers li\")]
                 .map(blocker => blocker.textContent.trim());",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(blockers, Value::Array(Vec::new()));
    journey.step("exports-with-aga-ids").await;
    let (name, aga) = download(
        &journey.browser,
        folder.path(),
        "li[data-format='aga'] > a[download]",
    )
    .await;
    assert!(name.ends_with(".txt"), "{name}");
    let aga = latin9(&aga);
    let section = |from: &str, to: &str| -> Vec<String> {
        aga.lines()
            .skip_while(|line| line.trim() != from)
            .skip(1)
            .take_while(|line| line.trim() != to)
            .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|line| !line.is_empty())
            .collect()
    };
    let listed = section("PLAYERS", "GAMES");
    // Games are `white black winner handicap komi`: every table typed is a decided game,
    // with the file's own games before them.
    let games = section("GAMES", "");
    let typed_games = first_tables + second_tables;
    assert!(
        (typed_games..=typed_games + journey.open.games_before).contains(&games.len()),
        "{aga}"
    );
    for table in typed.typed.iter().chain(&last.typed) {
        let winner = &table.line[..1];
        let game = format!("{} {} {winner} ", ids[&table.white], ids[&table.black]);
        assert!(
            games.iter().any(|line| line.starts_with(&game)),
            "{game} is not in the AGA's file:\n{aga}"
        );
    }
    // Every player who played is listed, by AGA id and name.
    let playing: HashSet<&str> = games
        .iter()
        .flat_map(|line| line.split(' ').take(2))
        .collect();
    assert_eq!(listed.len(), playing.len(), "{aga}");
    for (surname, first_name) in &players {
        let id = ids[&format!("{surname} {first_name}")].to_string();
        if playing.contains(id.as_str()) {
            assert!(
                listed
                    .iter()
                    .any(|line| line.starts_with(&format!("{id} {surname}, {first_name} "))),
                "{surname}, {first_name} ({id}) is not in the AGA's file:\n{aga}"
            );
        }
    }
    journey
}

#[tokio::test]
async fn a_real_open_of_150_players_is_run_from_the_pages_alone() {
    let journey = run(Open {
        file: iberoamericano(),
        players: 167,
        first_round: 2,
        games_before: 81,
        tables: [75, 74],
        pictures: true,
    })
    .await;
    println!("{:?}", journey.weights);
}

#[tokio::test]
async fn the_same_journey_at_500_players_weighs_under_500_kb_a_page() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("open-500.xml");
    std::fs::write(&file, open_of_real_names(500)).unwrap();
    let journey = run(Open {
        file,
        players: 500,
        first_round: 1,
        games_before: 0,
        tables: [250, 250],
        pictures: false,
    })
    .await;
    println!("{:?}", journey.weights);
}
