//! The exports on the dashboard, explained before any download: for each format, what stops it after the round shown, every
//! unknown result by table, every missing AGA id, invalid identifier and shared OpenGotha
//! key by player, every date that is not one, each with a link to fix it ([`arbitre_core::export::blockers()`]); the rounds complete so far when the last one
//! is not, with the reason; and the EGD file's choices (rank after the round shown or
//! after the declared rounds, games by default as `0+`/`0-` or `0=`).
//!
//! The downloads go through `GET /dashboard/t/{id}/exports/{format}`, which answers the
//! file, or, if something stopped it meanwhile, a page in the reader's language saying
//! what: a download link never fails without a word.

use crate::db::DbPool;
use crate::error::{ApiError, FieldError};
use crate::i18n::Language;
use crate::services::heavy::{Class, Workshop};
use crate::store::pairings as pairing_store;
use crate::web::page::{secured, Page, PageError, Signed};
use crate::web::public;
use crate::web::session::Viewer;
use actix_web::http::header;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use arbitre_core::export::choices::first_incomplete_round;
use arbitre_core::export::{self, Blocker, ByDefault, Choices, Counted, DateField, Format};
use arbitre_core::standings::Tournament;
use askama::Template;
use serde::Deserialize;
use std::collections::HashMap;
use uuid::Uuid;

/// The pairings of a tournament by round and table, to link a game to its result page.
pub type Pairings = HashMap<(u32, u32), Uuid>;

/// The tournament's pairings by round and table.
pub async fn pairings(pool: &DbPool, id: Uuid) -> Result<Pairings, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let rows = pairing_store::by_table(&mut connection, id)
        .await
        .map_err(ApiError::from)?;
    Ok(rows
        .into_iter()
        .filter_map(|(round, table, pairing)| {
            Some((
                (u32::try_from(round).ok()?, u32::try_from(table).ok()?),
                pairing,
            ))
        })
        .collect())
}

/// One format in the list.
pub struct Entry {
    pub name: &'static str,
    pub label: String,
    /// The download, when nothing stops the file.
    pub href: Option<String>,
    /// What the list of blockers is: "cannot be written after round N".
    pub blocked: String,
    pub blockers: Vec<Line>,
    /// The rounds complete so far, when the round shown is not.
    pub complete: Option<Offer>,
}

/// What stops a file, and where to fix it.
pub struct Line {
    pub text: String,
    pub fix: Option<(String, String)>,
}

/// A file of fewer rounds, and why.
pub struct Offer {
    pub href: String,
    pub label: String,
    pub reason: String,
}

/// The EGD file's choices, when it can be written after the round shown.
pub struct EgdChoices {
    pub action: String,
    pub shown: u32,
    /// The declared number of rounds, when it is another round and nothing stops it.
    pub declared: Option<u32>,
}

/// The exports section of the standings page, after `round`.
pub struct Section {
    pub round: u32,
    pub entries: Vec<Entry>,
    pub egd: Option<EgdChoices>,
}

/// What the page says of a format: the EGD file with the extension it is saved with
/// (the tournament's handicap reduction, `.h9` or `.h1`).
fn label(t: &Language, format: Format, tournament: &Tournament) -> String {
    t.text_with(
        match format {
            Format::Egd => "export-egd",
            Format::Ffg => "export-ffg",
            Format::Aga => "export-aga",
            Format::Csv => "export-csv",
            Format::OpenGotha => "export-opengotha",
        },
        "extension",
        format.extension(tournament),
    )
}

/// The dashboard's download of `format` after `round`.
fn href(id: Uuid, format: Format, round: u32) -> String {
    format!(
        "/dashboard/t/{id}/exports/{}?after_round={round}",
        format.name()
    )
}

/// Every format after `round`, with what stops each (computed by the core, on the heavy
/// work's pool by the caller).
pub fn section(
    tournament: &Tournament,
    id: Uuid,
    round: u32,
    pairings: &Pairings,
    t: &Language,
) -> Section {
    let entries: Vec<Entry> = Format::ALL
        .into_iter()
        .map(|format| {
            entry(
                tournament,
                id,
                format,
                round,
                Choices::default(),
                pairings,
                t,
            )
        })
        .collect();
    let egd_ready = entries
        .iter()
        .any(|entry| entry.name == Format::Egd.name() && entry.href.is_some());
    let declared = tournament.rounds;
    let declared_ready = declared != round
        && export::blockers(Format::Egd, tournament, declared, Choices::default()).is_empty();
    Section {
        round,
        egd: egd_ready.then(|| EgdChoices {
            action: format!("/dashboard/t/{id}/exports/egd"),
            shown: round,
            declared: declared_ready.then_some(declared),
        }),
        entries,
    }
}

fn entry(
    tournament: &Tournament,
    id: Uuid,
    format: Format,
    round: u32,
    choices: Choices,
    pairings: &Pairings,
    t: &Language,
) -> Entry {
    let blockers = export::blockers(format, tournament, round, choices);
    let complete = Counted::Complete.round(tournament).min(round);
    let only_unknown = blockers
        .iter()
        .all(|blocker| matches!(blocker, Blocker::UnknownResult { .. }));
    let offer = (!blockers.is_empty() && only_unknown && complete >= 1)
        .then(|| first_incomplete_round(tournament, round))
        .flatten()
        .filter(|_| export::blockers(format, tournament, complete, choices).is_empty())
        .map(|(incomplete, count)| Offer {
            href: href(id, format, complete),
            label: t.text_with("export-complete", "round", complete),
            reason: t
                .message("export-complete-why")
                .arg("round", incomplete)
                .arg("count", count)
                .to_string(),
        });
    Entry {
        name: format.name(),
        label: label(t, format, tournament),
        href: blockers.is_empty().then(|| href(id, format, round)),
        blocked: t.text_with("export-blocked", "round", round),
        blockers: blockers
            .iter()
            .map(|blocker| line(tournament, id, blocker, pairings, t))
            .collect(),
        complete: offer,
    }
}

/// "Surname First name", or the id of a player the tournament does not hold.
fn name(tournament: &Tournament, player: &str) -> String {
    tournament.player(player).map_or_else(
        || player.to_string(),
        |player| format!("{} {}", player.surname, player.first_name),
    )
}

fn line(
    tournament: &Tournament,
    id: Uuid,
    blocker: &Blocker,
    pairings: &Pairings,
    t: &Language,
) -> Line {
    let player_fix = |player: &str| {
        Some((
            format!("/dashboard/t/{id}/players/{player}"),
            t.text("export-fix-player"),
        ))
    };
    let game = |key: &str, round: u32, table: Option<u32>, black: &str, white: &str| {
        let text = t
            .message(key)
            .arg("round", round)
            .arg(
                "table",
                table.map_or_else(|| "?".to_string(), |table| table.to_string()),
            )
            .arg("black", name(tournament, black))
            .arg("white", name(tournament, white))
            .to_string();
        let pairing = table.and_then(|table| pairings.get(&(round, table)));
        let fix = match pairing {
            Some(pairing) => (
                format!("/dashboard/t/{id}/rounds/{round}/pairings/{pairing}"),
                t.text("export-fix-result"),
            ),
            None => (
                format!("/dashboard/t/{id}/rounds/{round}"),
                t.text("export-fix-round"),
            ),
        };
        Line {
            text,
            fix: Some(fix),
        }
    };
    // A player's identifier the body would not read: the player, the field and its value.
    let identifier = |key: &str, player: &str, (field, value): (&str, &String)| Line {
        text: t
            .message(key)
            .arg("player", name(tournament, player))
            .arg(field, value)
            .to_string(),
        fix: player_fix(player),
    };
    match blocker {
        Blocker::UnknownResult {
            round,
            table,
            black,
            white,
        } => game("export-blocker-result", *round, *table, black, white),
        Blocker::UnknownColours {
            round,
            table,
            black,
            white,
        } => game("export-blocker-colours", *round, *table, black, white),
        Blocker::MissingAgaId { player } => Line {
            text: t.text_with("export-blocker-aga-id", "player", name(tournament, player)),
            fix: player_fix(player),
        },
        Blocker::InvalidEgdPin { player, pin } => {
            identifier("export-blocker-egd-pin", player, ("pin", pin))
        }
        Blocker::InvalidLicence { player, licence } => {
            identifier("export-blocker-licence", player, ("licence", licence))
        }
        Blocker::InvalidDate { field, value } => {
            let (key, anchor) = match field {
                DateField::Start => ("export-blocker-start-date", "t-start"),
                DateField::End => ("export-blocker-end-date", "t-end"),
            };
            Line {
                text: t.text_with(key, "value", value),
                fix: Some((
                    format!("/dashboard/t/{id}/settings#{anchor}"),
                    t.text("export-fix-settings"),
                )),
            }
        }
        Blocker::SharedKey {
            player,
            others,
            key,
        } => {
            let others: Vec<String> = others.iter().map(|other| name(tournament, other)).collect();
            Line {
                text: t
                    .message("export-blocker-shared-key")
                    .arg("player", name(tournament, player))
                    .arg("key", key)
                    .arg("others", others.join(", "))
                    .to_string(),
                fix: player_fix(player),
            }
        }
        Blocker::Other(error) => Line {
            text: t.text_with("export-blocker-other", "reason", error.to_string()),
            fix: Some((
                format!("/dashboard/t/{id}/settings"),
                t.text("export-fix-settings"),
            )),
        },
    }
}

/// What the download takes from the query string: the API's export choices.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DownloadQuery {
    after_round: Option<u32>,
    by_default: Option<ByDefault>,
}

#[derive(Template)]
#[template(path = "dashboard/export_refused.html")]
struct RefusedPage {
    t: Language,
    signed_in: Option<Signed>,
    id: Uuid,
    name: String,
    title: String,
    entry: Entry,
}

/// `GET /dashboard/t/{id}/exports/{format}?after_round=N&by_default=…`: the file, or the
/// page saying what stops it (422), in the reader's language.
pub async fn download(
    pool: web::Data<DbPool>,
    workshop: web::Data<Workshop>,
    viewer: Viewer,
    path: web::Path<(Uuid, String)>,
    query: web::Query<DownloadQuery>,
) -> Result<HttpResponse, PageError> {
    let (id, format_name) = path.into_inner();
    let format: Format = format_name
        .parse()
        .map_err(|error: export::UnknownFormat| {
            ApiError::InvalidPath(FieldError::new("format", error.to_string()))
        })?;
    let tournament = public::tournament(&pool, id).await?;
    let round = query.after_round.unwrap_or_else(|| tournament.last_round());
    if round > tournament.rounds {
        return Err(ApiError::InvalidQuery(FieldError::new(
            "after_round",
            format!(
                "must be at most {}, the tournament's last round",
                tournament.rounds
            ),
        ))
        .into());
    }
    let choices = Choices {
        by_default: query.by_default.unwrap_or_default(),
    };
    let pairings = pairings(&pool, id).await?;
    let t = public::page_language(&pool, &viewer, id).await?;
    let (tournament, written) = workshop
        .run(Class::Staff, move || {
            let written = match export::write_with(format, &tournament, round, choices) {
                Ok(bytes) => Ok(bytes),
                Err(_) => Err(entry(
                    &tournament,
                    id,
                    format,
                    round,
                    choices,
                    &pairings,
                    &t,
                )),
            };
            (tournament, written)
        })
        .await?;
    match written {
        Ok(bytes) => Ok(HttpResponse::Ok()
            .content_type(format.content_type())
            .insert_header((
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"{}.{}\"",
                    tournament.short_name,
                    format.extension(&tournament)
                ),
            ))
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .body(bytes)),
        Err(entry) => {
            let page = Page::render(&RefusedPage {
                t,
                signed_in: viewer.describe(),
                id,
                name: tournament.name.clone(),
                title: t
                    .message("export-refused-title")
                    .arg("format", entry.label.clone())
                    .arg("round", round)
                    .to_string(),
                entry,
            })?;
            Ok(secured(
                HttpResponse::build(StatusCode::UNPROCESSABLE_ENTITY),
                page.0,
            ))
        }
    }
}
