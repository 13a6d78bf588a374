//! `arbitre score`: count the final position of an SGF game by FFG rule 6 and rule 6 bis
//! (always both: they must agree), and give the result under the chosen rules.
//!
//! Exit status: 0 when counted, 2 when the file cannot be read, the game is illegal or a
//! dead stone is not a stone on the board, 1 when the two counts disagree (a defect).

use crate::cli::verify::{read_records, Report};
use arbitre_core::rules::Counting;
use arbitre_core::scoring::Breakdown;
use arbitre_core::verify::{preset_of, Verifier, VerifyOptions};
use arbitre_core::{Color, Point, Preset};
use clap::Args;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ScoreArguments {
    /// Ruleset (french, tromp-taylor, chinese, japanese, aga, new-zealand); without it,
    /// the file's `RU[]` decides, else french.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<Preset>,
    /// Komi: the whole compensation given to White (nothing is added for handicap).
    /// Without it, the file's `KM[]`, else the ruleset's default for the handicap.
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub komi: Option<f64>,
    /// Dead stones as SGF points (`dd,pq`); each point removes its whole chain.
    #[arg(long, value_name = "P,P,...", value_delimiter = ',', value_parser = parse_point)]
    pub dead: Vec<Point>,
    /// Print one JSON object. Per colour, `prisoners` are that colour's stones captured or
    /// removed as dead (FFG pn, pb) and `quick` is rule 6 bis (territory less prisoners and
    /// pass stones); `area_diff` and `quick_diff` are Black's margins, komi included.
    #[arg(long)]
    pub json: bool,
    /// An SGF file; its first game is counted.
    pub file: PathBuf,
}

fn parse_point(text: &str) -> Result<Point, String> {
    Point::from_sgf(text.trim())
        .ok_or_else(|| format!("invalid SGF point {text:?}: expected two letters a-z or A-Z"))
}

#[derive(Serialize)]
struct SideJson {
    stones: u32,
    territory: u32,
    prisoners: u32,
    passes: u32,
    area: u32,
    quick: i64,
}

#[derive(Serialize)]
struct ScoreJson {
    rules: Preset,
    komi: f64,
    black: SideJson,
    white: SideJson,
    dame: u32,
    area_diff: f64,
    quick_diff: f64,
    result: String,
}

fn side_json(breakdown: &Breakdown, color: Color) -> SideJson {
    let side = breakdown.side(color);
    SideJson {
        stones: side.stones,
        territory: side.territory,
        prisoners: side.prisoners(),
        passes: side.passes,
        area: side.area(),
        quick: breakdown.quick(color),
    }
}

fn text(
    breakdown: &Breakdown,
    name: &str,
    rules: Preset,
    quick_margin: f64,
    result: &str,
) -> String {
    let mut lines = vec![format!("{name}: {rules}, komi {}", breakdown.komi)];
    for (label, color) in [("black", Color::Black), ("white", Color::White)] {
        let side = breakdown.side(color);
        let last_turn = if color == Color::White && breakdown.black_played_last {
            " - 1 last turn"
        } else {
            ""
        };
        lines.push(format!(
            "  {label}: {} stones + {} territory = {} (rule 6); {} territory - {} prisoners - {} passes{last_turn} = {} (rule 6 bis)",
            side.stones,
            side.territory,
            side.area(),
            side.territory,
            side.prisoners(),
            side.passes,
            breakdown.quick(color),
        ));
    }
    lines.push(format!("  dame: {}", breakdown.dame));
    lines.push(format!(
        "  rule 6: {:+}; rule 6 bis: {:+} (komi {} there)",
        breakdown.area_margin(),
        quick_margin,
        breakdown.quick_komi()
    ));
    if rules.rules().counting == Counting::Territory {
        lines.push(format!(
            "  japanese: black {}, white {} (territory outside seki + prisoners)",
            breakdown.japanese(Color::Black),
            breakdown.japanese(Color::White)
        ));
    }
    lines.push(format!("  result: {result}"));
    lines.join("\n")
}

pub fn run(arguments: ScoreArguments) -> ExitCode {
    let path = arguments.file.as_path();
    let name = path.display().to_string();
    let record = match read_records(path).map(|records| records.into_iter().next()) {
        Ok(Some(record)) => record,
        Ok(None) => {
            eprintln!("{}", Report::unreadable(&name, "no game"));
            return ExitCode::from(2);
        }
        Err(message) => {
            eprintln!("{}", Report::unreadable(&name, &message));
            return ExitCode::from(2);
        }
    };
    let preset = arguments.rules.unwrap_or_else(|| preset_of(&record));
    let rules = preset.rules();
    let mut verifier = Verifier::default();
    let verdict = verifier.verify(&record, rules, VerifyOptions::default());
    if !verdict.is_legal() {
        eprintln!("{}", Report::of_verdict(&name, None, preset, &verdict));
        return ExitCode::from(2);
    }
    // What the record's reading tolerated (`HA[7.5]`, ...): said, and the game counted.
    if !verdict.warnings.is_empty() {
        eprintln!("{}", Report::of_verdict(&name, None, preset, &verdict));
    }
    let komi = arguments
        .komi
        .or(record.komi)
        .unwrap_or_else(|| rules.default_komi(record.handicap));
    let breakdown = match Breakdown::of_game(verifier.game(), &arguments.dead, komi) {
        Ok(breakdown) => breakdown,
        Err(error) => {
            eprintln!("{name}: cannot count: {error}");
            return ExitCode::from(2);
        }
    };
    let counted = breakdown
        .quick_margin()
        .and_then(|quick_margin| Ok((quick_margin, breakdown.result(rules.counting)?)));
    let (quick_margin, result) = match counted {
        Ok(counted) => counted,
        Err(error) => {
            eprintln!("{name}: {error}");
            return ExitCode::from(1);
        }
    };
    let output = if arguments.json {
        let json = ScoreJson {
            rules: preset,
            komi,
            black: side_json(&breakdown, Color::Black),
            white: side_json(&breakdown, Color::White),
            dame: breakdown.dame,
            area_diff: breakdown.area_margin(),
            quick_diff: quick_margin,
            result: result.to_string(),
        };
        match serde_json::to_string(&json) {
            Ok(json) => json,
            Err(error) => {
                eprintln!("{name}: {error}");
                return ExitCode::from(1);
            }
        }
    } else {
        text(&breakdown, &name, preset, quick_margin, &result.to_string())
    };
    println!("{output}");
    ExitCode::SUCCESS
}
