//! `arbitre verify`: replay SGF records and report the first illegal turn of each.
//!
//! Exit status: 0 when every game is legal, 1 when any is illegal, 2 when any file
//! could not be read (the others are still checked).

use arbitre_core::history::GameRecord;
use arbitre_core::sgf;
use arbitre_core::verify::{preset_of, Verdict, Verifier, VerifyOptions, Warning};
use arbitre_core::Preset;
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use std::cell::RefCell;
use std::fmt;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct VerifyArguments {
    /// Ruleset to apply (french, tromp-taylor, chinese, japanese, aga, new-zealand);
    /// without it, each file's `RU[]` decides, else french.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<Preset>,
    /// Print one JSON object per game per line.
    #[arg(long)]
    pub json: bool,
    /// Read two consecutive moves of one colour as a pass between them
    /// (for servers that omit passes from their records).
    #[arg(long)]
    pub implicit_passes: bool,
    /// Worker threads (default: every core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Files, or folders searched recursively for `*.sgf`.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

/// What became of one game (or of one file that could not be read).
#[derive(Serialize)]
pub(crate) struct Report {
    file: String,
    /// Index of the game in a collection of several, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<usize>,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    turns: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<Preset>,
    error: Option<ErrorReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    read_error: Option<String>,
    warnings: Vec<Warning>,
}

#[derive(Serialize)]
struct ErrorReport {
    turn: u32,
    color: arbitre_core::Color,
    point: Option<String>,
    reason: &'static str,
    repeats_turn: Option<u32>,
}

impl Report {
    pub(crate) fn unreadable(file: &Path, message: String) -> Report {
        Report {
            file: file.display().to_string(),
            game: None,
            ok: false,
            turns: None,
            rules: None,
            error: None,
            read_error: Some(message),
            warnings: Vec::new(),
        }
    }

    pub(crate) fn of_verdict(file: &Path, game: Option<usize>, rules: Preset, verdict: Verdict) -> Report {
        Report {
            // The text `display` gives, in one allocation of the right size rather than a
            // string grown through the formatter, for every game.
            file: file.to_string_lossy().into_owned(),
            game,
            ok: verdict.is_legal(),
            turns: Some(verdict.turns),
            rules: Some(rules),
            error: verdict.error.map(|illegal| ErrorReport {
                turn: illegal.turn,
                color: illegal.color,
                point: illegal.point.map(|point| point.to_sgf()),
                reason: illegal.reason.code(),
                repeats_turn: illegal.reason.repeats_turn(),
            }),
            read_error: None,
            warnings: verdict.warnings,
        }
    }
}

impl fmt::Display for Report {
    /// One readable line, written straight to its destination: no string is built per game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.file)?;
        if let Some(index) = self.game {
            write!(f, " (game {})", index + 1)?;
        }
        if let Some(message) = &self.read_error {
            return write!(f, ": unreadable: {message}");
        }
        let rules = self.rules.map(|preset| preset.name()).unwrap_or_default();
        let turns = self.turns.unwrap_or_default();
        match &self.error {
            None => write!(f, ": legal ({turns} turns, {rules})")?,
            Some(error) => {
                let point = error.point.as_deref().unwrap_or("pass");
                write!(f, ": ILLEGAL turn {} ({} {point}): {}", error.turn, error.color, error.reason)?;
                if let Some(repeated) = error.repeats_turn {
                    write!(f, ", repeats the position after turn {repeated}")?;
                }
                write!(f, " ({rules})")?;
            }
        }
        for warning in &self.warnings {
            match warning {
                Warning::Cycle { turn, repeats_turn } => write!(
                    f,
                    "; warning: long cycle at turn {turn} repeats turn {repeats_turn} (void under Japanese rules)"
                )?,
                Warning::ImplicitPasses { count } => write!(f, "; warning: {count} omitted pass(es) assumed")?,
                Warning::HandicapStones { declared, placed } => {
                    write!(f, "; warning: HA[{declared}] but {placed} handicap stone(s) placed")?
                }
            }
        }
        Ok(())
    }
}

/// Every `*.sgf` file under the given paths, in a stable order; paths that cannot be
/// listed are reported as unreadable.
fn collect(paths: &[PathBuf], files: &mut Vec<PathBuf>, unreadable: &mut Vec<Report>) {
    for path in paths {
        if path.is_dir() {
            match std::fs::read_dir(path) {
                Ok(entries) => {
                    // The entry's type comes with the listing: only symbolic links need a
                    // `stat` to tell whether they lead to a folder.
                    let mut children: Vec<(PathBuf, bool)> = entries
                        .filter_map(|entry| {
                            let entry = entry.ok()?;
                            let path = entry.path();
                            let folder = match entry.file_type() {
                                Ok(kind) if !kind.is_symlink() => kind.is_dir(),
                                _ => path.is_dir(),
                            };
                            Some((path, folder))
                        })
                        .collect();
                    // Siblings share their folder's prefix, so comparing the bytes orders them as
                    // comparing paths component by component does, at a fraction of the cost.
                    children.sort_unstable_by(|(first, _), (second, _)| first.as_os_str().cmp(second.as_os_str()));
                    let (folders, plain): (Vec<_>, Vec<_>) = children.into_iter().partition(|&(_, folder)| folder);
                    let folders: Vec<PathBuf> = folders.into_iter().map(|(path, _)| path).collect();
                    let plain = plain.into_iter().map(|(path, _)| path);
                    files.extend(plain.filter(|file| {
                        file.extension().is_some_and(|extension| extension.eq_ignore_ascii_case("sgf"))
                    }));
                    collect(&folders, files, unreadable);
                }
                Err(error) => unreadable.push(Report::unreadable(path, error.to_string())),
            }
        } else {
            files.push(path.clone());
        }
    }
}

thread_local! {
    static VERIFIER: RefCell<Verifier> = RefCell::new(Verifier::default());
    /// The text of the file being read, its memory kept from one file to the next.
    static TEXT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The games of an SGF file, or why it could not be read.
pub(crate) fn read_records(path: &Path) -> Result<Vec<GameRecord>, String> {
    TEXT.with(|text| {
        let mut text = text.borrow_mut();
        text.clear();
        // Read to the end without asking the file's size first (`File::read_to_end` would
        // `statx` and `lseek` it): the buffer kept from earlier files is almost always large
        // enough, so a file costs `openat`, `read`, `read`, `close` and nothing more.
        std::fs::File::open(path)
            .and_then(|file| file.take(u64::MAX).read_to_end(&mut text))
            .map_err(|error| error.to_string())?;
        sgf::parse_collection(&text).map_err(|error| error.to_string())
    })
}

fn check_file(path: &Path, rules: Option<Preset>, options: VerifyOptions) -> Vec<Report> {
    let records = match read_records(path) {
        Ok(records) => records,
        Err(message) => return vec![Report::unreadable(path, message)],
    };
    let several = records.len() > 1;
    VERIFIER.with(|verifier| {
        let mut verifier = verifier.borrow_mut();
        records
            .into_iter()
            .enumerate()
            .map(|(index, record)| {
                let preset = rules.unwrap_or_else(|| preset_of(&record));
                let verdict = verifier.verify(&record, preset.rules(), options);
                sgf::recycle(record);
                Report::of_verdict(path, several.then_some(index), preset, verdict)
            })
            .collect()
    })
}

pub fn run(arguments: VerifyArguments) -> ExitCode {
    let mut files = Vec::new();
    let mut reports = Vec::new();
    collect(&arguments.paths, &mut files, &mut reports);
    let options = VerifyOptions { implicit_passes: arguments.implicit_passes };
    let check = || -> Vec<Report> {
        files.par_iter().flat_map_iter(|file| check_file(file, arguments.rules, options)).collect()
    };
    let checked = match arguments.jobs {
        Some(jobs) => match rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build() {
            Ok(pool) => pool.install(check),
            Err(_) => check(),
        },
        None => check(),
    };
    reports.extend(checked);

    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut legal, mut illegal, mut unreadable, mut moves) = (0usize, 0usize, 0usize, 0u64);
    for report in &reports {
        match (&report.read_error, report.ok) {
            (Some(_), _) => unreadable += 1,
            (None, true) => legal += 1,
            (None, false) => illegal += 1,
        }
        moves += u64::from(report.turns.unwrap_or_default());
        let written = if arguments.json {
            serde_json::to_string(report).map(|json| writeln!(out, "{json}"))
        } else {
            Ok(writeln!(out, "{report}"))
        };
        if !matches!(written, Ok(Ok(()))) {
            return ExitCode::from(2);
        }
    }
    if !arguments.json {
        let _ = writeln!(
            out,
            "{} game(s), {moves} turns: {legal} legal, {illegal} illegal, {unreadable} unreadable",
            legal + illegal
        );
    }
    let _ = out.flush();
    if unreadable > 0 {
        ExitCode::from(2)
    } else if illegal > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
