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
use rustix::fs::{self, FileType, Mode, OFlags, RawDir};
use rustix::process::{self, Resource};
use serde::Serialize;
use std::cell::RefCell;
use std::ffi::OsStr;
use std::fmt;
use std::fs::File;
use std::io::{self, Read, Write};
use std::ops::Range;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
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

/// What became of one game (or of one file that could not be read). It borrows what it
/// reports: a line is written per game, and no string or list is built for it.
#[derive(Serialize)]
pub(crate) struct Report<'a> {
    file: &'a str,
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
    read_error: Option<&'a str>,
    warnings: &'a [Warning],
}

#[derive(Serialize)]
struct ErrorReport {
    turn: u32,
    color: arbitre_core::Color,
    point: Option<String>,
    reason: &'static str,
    repeats_turn: Option<u32>,
}

impl<'a> Report<'a> {
    pub(crate) fn unreadable(file: &'a str, message: &'a str) -> Report<'a> {
        Report {
            file,
            game: None,
            ok: false,
            turns: None,
            rules: None,
            error: None,
            read_error: Some(message),
            warnings: &[],
        }
    }

    pub(crate) fn of_verdict(
        file: &'a str,
        game: Option<usize>,
        rules: Preset,
        verdict: &'a Verdict,
    ) -> Report<'a> {
        Report {
            file,
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
            warnings: &verdict.warnings,
        }
    }
}

impl fmt::Display for Report<'_> {
    /// One readable line, written straight to its destination: no string is built per game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.file)?;
        if let Some(index) = self.game {
            write!(f, " (game {})", index + 1)?;
        }
        if let Some(message) = self.read_error {
            return write!(f, ": unreadable: {message}");
        }
        let rules = self.rules.map(|preset| preset.name()).unwrap_or_default();
        let turns = self.turns.unwrap_or_default();
        match &self.error {
            None => write!(f, ": legal ({turns} turns, {rules})")?,
            Some(error) => {
                let point = error.point.as_deref().unwrap_or("pass");
                write!(
                    f,
                    ": ILLEGAL turn {} ({} {point}): {}",
                    error.turn, error.color, error.reason
                )?;
                if let Some(repeated) = error.repeats_turn {
                    write!(f, ", repeats the position after turn {repeated}")?;
                }
                write!(f, " ({rules})")?;
            }
        }
        for warning in self.warnings {
            match warning {
                Warning::Cycle { turn, repeats_turn } => write!(
                    f,
                    "; warning: long cycle at turn {turn} repeats turn {repeats_turn} (void under Japanese rules)"
                )?,
                Warning::ImplicitPasses { count } => write!(f, "; warning: {count} omitted pass(es) assumed")?,
                Warning::HandicapStones { declared, placed } => {
                    write!(f, "; warning: HA[{declared}] but {placed} handicap stone(s) placed")?
                }
                Warning::InvalidHandicap { line, column } => write!(
                    f,
                    "; warning: HA at line {line}, column {column} is not a number of stones, read as no handicap"
                )?,
            }
        }
        Ok(())
    }
}

/// Folders kept open at once so that their files can be opened relative to them, at most;
/// the files of folders beyond are opened by their whole path.
const OPEN_FOLDERS: usize = 256;

/// Room for the entries of a folder read at once (`getdents64`), as `readdir` has.
const LISTING_BYTES: usize = 32 * 1024;

/// The `*.sgf` files to check, in the order of their reports.
#[derive(Default)]
struct Listing {
    files: Vec<Source>,
    folders: Vec<Folder>,
    /// The names of the entries of every folder listed, end to end.
    names: Vec<u8>,
    /// Folders that could not be listed, and why.
    unreadable: Vec<(PathBuf, io::Error)>,
    /// How many folders may be kept open: `OPEN_FOLDERS`, or a quarter of the files the
    /// process may have open if that is fewer, so that there is always room for the rest.
    open_folders: usize,
}

/// Where a file to check is found.
enum Source {
    /// Opened by its whole path, and reported under it: a file named on the command line,
    /// or a symbolic link (or an entry of unknown type) found in a folder.
    Path(PathBuf),
    /// Found in `folders[folder]`, named `names[name]`.
    Listed { folder: usize, name: Range<usize> },
}

/// A folder holding files to check.
struct Folder {
    /// The folder, open (within `Listing::open_folders`): its files are opened relative to it, so
    /// that the kernel looks up one name per file rather than every folder of its path.
    fd: Option<OwnedFd>,
    path: PathBuf,
    /// How the path of each of its files begins, as displayed: the folder's path and the
    /// separator `Path::join` puts before a name.
    prefix: String,
}

impl Listing {
    /// Every `*.sgf` file under the given paths, in a stable order; folders that cannot be
    /// listed are reported as unreadable.
    fn of(paths: &[PathBuf]) -> Listing {
        let limit = process::getrlimit(Resource::Nofile)
            .current
            .unwrap_or(u64::MAX);
        let open_folders = usize::try_from(limit / 4)
            .unwrap_or(usize::MAX)
            .min(OPEN_FOLDERS);
        let mut listing = Listing {
            open_folders,
            ..Listing::default()
        };
        let mut buffer = Vec::with_capacity(LISTING_BYTES);
        for path in paths {
            if path.is_dir() {
                listing.walk(path.clone(), &mut buffer);
            } else {
                listing.files.push(Source::Path(path.clone()));
            }
        }
        listing
    }

    /// Lists `path`'s files, then its folders one after the other.
    fn walk(&mut self, path: PathBuf, buffer: &mut Vec<u8>) {
        for folder in self.list(path, buffer) {
            self.walk(folder, buffer);
        }
    }

    /// Adds the `*.sgf` files of folder `path`, sorted by name, and gives its folders,
    /// sorted by name (none when it cannot be listed: it is then reported).
    fn list(&mut self, path: PathBuf, buffer: &mut Vec<u8>) -> Vec<PathBuf> {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let fd = match fs::openat(fs::CWD, &path, flags, Mode::empty()) {
            Ok(fd) => fd,
            // A folder that `stat` cannot see as one (its path too long, or in a folder
            // without search permission) is taken for a file, and reported among them.
            Err(_) if !path.is_dir() => {
                self.files.push(Source::Path(path));
                return Vec::new();
            }
            Err(error) => {
                self.unreadable.push((path, error.into()));
                return Vec::new();
            }
        };
        let mut children: Vec<(Range<usize>, FileType)> = Vec::new();
        let mut entries = RawDir::new(&fd, buffer.spare_capacity_mut());
        while let Some(Ok(entry)) = entries.next() {
            let name = entry.file_name().to_bytes();
            if name != b"." && name != b".." {
                let start = self.names.len();
                self.names.extend_from_slice(name);
                children.push((start..self.names.len(), entry.file_type()));
            }
        }
        // By name, byte by byte: the order of their paths, which share the folder's.
        let names = &self.names;
        children.sort_unstable_by(|(first, _), (second, _)| {
            names[first.clone()].cmp(&names[second.clone()])
        });

        let folder = self.folders.len();
        let mut listed = false;
        let mut folders = Vec::new();
        for (range, kind) in children {
            let name = OsStr::from_bytes(&self.names[range.clone()]);
            let sgf = || {
                Path::new(name)
                    .extension()
                    .is_some_and(|extension| extension.eq_ignore_ascii_case("sgf"))
            };
            match kind {
                FileType::Directory => folders.push(path.join(name)),
                // The entry's type comes with the listing: only symbolic links (and entries
                // of file systems that do not tell) need a `stat`. Those are followed from
                // their whole path, so that the kernel counts every link on the way (40 at
                // most) and a loop of links ends where it always did.
                FileType::Symlink | FileType::Unknown => {
                    let child = path.join(name);
                    if child.is_dir() {
                        folders.push(child);
                    } else if sgf() {
                        self.files.push(Source::Path(child));
                    }
                }
                _ if sgf() => {
                    self.files.push(Source::Listed {
                        folder,
                        name: range,
                    });
                    listed = true;
                }
                _ => {}
            }
        }
        if listed {
            let open = self.folders.len() < self.open_folders;
            let prefix = path.join("").to_string_lossy().into_owned();
            self.folders.push(Folder {
                fd: open.then_some(fd),
                path,
                prefix,
            });
        }
        folders
    }

    /// The name a file is reported under, and the file, opened.
    fn open(&self, source: &Source) -> (String, io::Result<File>) {
        match source {
            Source::Path(path) => (path.to_string_lossy().into_owned(), File::open(path)),
            Source::Listed { folder, name } => {
                let folder = &self.folders[*folder];
                let name = OsStr::from_bytes(&self.names[name.clone()]);
                let file = match &folder.fd {
                    Some(fd) => {
                        fs::openat(fd, name, OFlags::RDONLY | OFlags::CLOEXEC, Mode::empty())
                            .map(File::from)
                            .map_err(io::Error::from)
                    }
                    None => File::open(folder.path.join(name)),
                };
                (
                    [folder.prefix.as_str(), name.to_string_lossy().as_ref()].concat(),
                    file,
                )
            }
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
    parse_file(File::open(path))
}

/// The games of an SGF file just opened, or why it could not be opened or read.
fn parse_file(file: io::Result<File>) -> Result<Vec<GameRecord>, String> {
    TEXT.with(|text| {
        let mut text = text.borrow_mut();
        text.clear();
        // Read to the end without asking the file's size first (`File::read_to_end` would
        // `statx` and `lseek` it): the buffer kept from earlier files is almost always large
        // enough, so a file costs `openat`, `read`, `read`, `close` and nothing more.
        file.and_then(|file| file.take(u64::MAX).read_to_end(&mut text))
            .map_err(|error| error.to_string())?;
        sgf::parse_collection(&text).map_err(|error| error.to_string())
    })
}

/// How many games were legal, illegal, or in files that could not be read, and their turns.
#[derive(Default)]
struct Tally {
    legal: usize,
    illegal: usize,
    unreadable: usize,
    turns: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.legal += other.legal;
        self.illegal += other.illegal;
        self.unreadable += other.unreadable;
        self.turns += other.turns;
    }
}

/// The lines reporting some files, ready to print, and their tally.
#[derive(Default)]
struct Lines {
    text: Vec<u8>,
    tally: Tally,
}

impl Lines {
    /// Adds the line of `report`, readable or JSON, and counts it.
    fn push(&mut self, report: &Report, json: bool) -> io::Result<()> {
        match (report.read_error, report.ok) {
            (Some(_), _) => self.tally.unreadable += 1,
            (None, true) => self.tally.legal += 1,
            (None, false) => self.tally.illegal += 1,
        }
        self.tally.turns += u64::from(report.turns.unwrap_or_default());
        if json {
            serde_json::to_writer(&mut self.text, report)?;
            self.text.push(b'\n');
            Ok(())
        } else {
            writeln!(self.text, "{report}")
        }
    }
}

/// The settings of a run that each file is checked with.
#[derive(Clone, Copy)]
struct Check {
    rules: Option<Preset>,
    options: VerifyOptions,
    json: bool,
}

impl Check {
    /// Checks a file of `listing` and adds the lines reporting its games.
    fn file(self, listing: &Listing, source: &Source, lines: &mut Lines) -> io::Result<()> {
        let (name, file) = listing.open(source);
        let records = match parse_file(file) {
            Ok(records) => records,
            Err(message) => return lines.push(&Report::unreadable(&name, &message), self.json),
        };
        let several = records.len() > 1;
        VERIFIER.with(|verifier| {
            let mut verifier = verifier.borrow_mut();
            for (index, record) in records.into_iter().enumerate() {
                let preset = self.rules.unwrap_or_else(|| preset_of(&record));
                let verdict = verifier.verify(&record, preset.rules(), self.options);
                sgf::recycle(record);
                lines.push(
                    &Report::of_verdict(&name, several.then_some(index), preset, &verdict),
                    self.json,
                )?;
            }
            Ok(())
        })
    }
}

pub fn run(arguments: VerifyArguments) -> ExitCode {
    let listing = Listing::of(&arguments.paths);
    let check = Check {
        rules: arguments.rules,
        options: VerifyOptions {
            implicit_passes: arguments.implicit_passes,
        },
        json: arguments.json,
    };
    // Folders that could not be listed come first, then the files in order: each run of
    // files a thread takes is checked into its own lines, and the runs are printed in turn.
    let mut unlisted = Lines::default();
    for (path, error) in &listing.unreadable {
        let (file, message) = (path.display().to_string(), error.to_string());
        if unlisted
            .push(&Report::unreadable(&file, &message), check.json)
            .is_err()
        {
            return ExitCode::from(2);
        }
    }
    let check_all = || -> io::Result<Vec<Lines>> {
        listing
            .files
            .par_iter()
            .try_fold(Lines::default, |mut lines, source| {
                check.file(&listing, source, &mut lines).map(|()| lines)
            })
            .collect()
    };
    let checked = match arguments.jobs {
        Some(jobs) => match rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .build()
        {
            Ok(pool) => pool.install(check_all),
            Err(_) => check_all(),
        },
        None => check_all(),
    };
    let Ok(checked) = checked else {
        return ExitCode::from(2);
    };

    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    for lines in std::iter::once(unlisted).chain(checked) {
        tally.add(&lines.tally);
        if out.write_all(&lines.text).is_err() {
            return ExitCode::from(2);
        }
    }
    let Tally {
        legal,
        illegal,
        unreadable,
        turns,
    } = tally;
    if !arguments.json {
        let _ = writeln!(
            out,
            "{} game(s), {turns} turns: {legal} legal, {illegal} illegal, {unreadable} unreadable",
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
