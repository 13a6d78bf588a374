//! Drafting and explaining a round's pairing: the tournament as the store keeps it, its
//! pairing parameters and the round's registrations go to the core's engine
//! (`arbitre_core::pairing`), which decides everything; nothing is stored here. A draft
//! is published through the round's pairings and registrations, as hand-made pairings are.

use crate::db::Connection;
use crate::error::{ApiError, FieldError, Resource};
use crate::services::kept;
use crate::store;
use crate::store::pairings::PairingTerms;
use crate::store::rounds::RoundRow;
use arbitre_core::pairing::{consistency, PairingError, PairingParameters, Request, Round};
use arbitre_core::round::RoundAction;
use arbitre_core::standings::Tournament;
use moka::future::Cache;
use moka::policy::EvictionPolicy;
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::sync::Arc;
use uuid::Uuid;

/// How many tournaments [`Loaded`] keeps: those being paired in the hall at once.
const LOADED: u64 = 8;

/// The tournaments as the engine reads them, kept under their revision (see the migration
/// `tournament_revisions`). An organizer drafts a round again and again while nothing
/// changes; the engine runs each time, on the heavy-work pool, but the tournament (every
/// player, every earlier round's games) is read from the store and decoded once per
/// change, not once per draft (drafts asking at once wait for the one read): the
/// database and the request workers serve the tablets meanwhile. A tournament at an older
/// revision is the least recently drafted, let go first.
#[derive(Debug)]
pub struct Loaded(Cache<(Uuid, i64), Arc<Tournament>>);

impl Default for Loaded {
    fn default() -> Loaded {
        Loaded(
            Cache::builder()
                .max_capacity(LOADED)
                .eviction_policy(EvictionPolicy::lru())
                .build(),
        )
    }
}

/// What the organizer asks of a draft beyond the tournament's state.
#[derive(Debug, Default)]
pub struct Adjustments {
    /// Games to keep whatever they cost.
    pub fixed: Vec<(Uuid, Uuid)>,
    /// Players left out of this pairing (besides the absent and those given a bye).
    pub excluded: Vec<Uuid>,
}

/// A round ready for the engine: the tournament before it, its parameters, the request.
pub struct Prepared {
    pub tournament: Arc<Tournament>,
    pub parameters: PairingParameters,
    pub request: Request,
    /// The round as stored.
    pub row: RoundRow,
}

impl Prepared {
    /// What the draft was made from, as a short hash: the tournament as the engine read it
    /// (settings, players, results of every round, byes and absences) and the round. A
    /// publication checks it again, under the round's lock, so that a draft of another
    /// state is not published as if it were this one's.
    pub fn state(&self) -> Result<String, ApiError> {
        let mut hasher = Sha256::new();
        hasher.update(self.request.round.to_be_bytes());
        serde_json::to_writer(&mut hasher, &*self.tournament).map_err(ApiError::internal)?;
        let digest = hasher.finalize();
        Ok(digest[..16]
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect())
    }

    /// The engine's view of the round.
    pub fn round(&self) -> Result<Round<'_>, ApiError> {
        Round::prepare(&self.tournament, &self.parameters, &self.request)
            .map_err(|error| refusal(error, "fixed"))
    }
}

/// The round `number` of the tournament, its players to pair (registered, not absent,
/// not given a bye in that round, not `excluded`) and the games fixed. The tournament is
/// taken from `loaded` when it holds it at the store's revision, and kept there when
/// read; without `loaded` (a publication checking its draft under the round's lock) it is
/// read from the store.
pub async fn prepare(
    connection: &mut Connection,
    loaded: Option<&Loaded>,
    tournament_id: Uuid,
    number: i32,
    adjustments: &Adjustments,
) -> Result<Prepared, ApiError> {
    let row = store::tournaments::find(connection, tournament_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Tournament))?;
    let parameters: PairingParameters = serde_json::from_value(row.pairing_parameters)
        .map_err(|error| ApiError::internal(format!("stored pairing parameters: {error}")))?;
    let round = store::rounds::find(connection, tournament_id, number)
        .await?
        .ok_or(ApiError::NotFound(Resource::Round))?;
    let tournament = match loaded {
        Some(loaded) => {
            // The revision is read before the tournament: what is kept under it is never
            // older than it.
            let revision = store::tournaments::revision(connection, tournament_id)
                .await?
                .ok_or(ApiError::NotFound(Resource::Tournament))?;
            kept::get_or_make(&loaded.0, (tournament_id, revision), || async {
                Ok::<_, ApiError>(Arc::new(read(connection, tournament_id).await?))
            })
            .await?
        }
        None => Arc::new(read(connection, tournament_id).await?),
    };
    let round_number = u32::try_from(number).map_err(ApiError::internal)?;
    let mut violations = crate::error::Violations::new();
    for (index, player) in adjustments.excluded.iter().enumerate() {
        if tournament.player(&player.to_string()).is_none() {
            violations.add(
                format!("exclude[{index}]"),
                format!("player {player} is not registered in this tournament"),
            );
        }
    }
    violations.into_result()?;
    let excluded: HashSet<String> = adjustments.excluded.iter().map(Uuid::to_string).collect();
    let participants = tournament
        .participants(round_number)
        .into_iter()
        .filter(|id| !excluded.contains(id))
        .collect();
    let request = Request {
        round: round_number,
        participants,
        fixed: adjustments
            .fixed
            .iter()
            .map(|(first, second)| (first.to_string(), second.to_string()))
            .collect(),
        ..Request::default()
    };
    Ok(Prepared {
        tournament,
        parameters,
        request,
        row: round,
    })
}

async fn read(connection: &mut Connection, tournament_id: Uuid) -> Result<Tournament, ApiError> {
    store::standings::tournament(connection, tournament_id)
        .await?
        .ok_or(ApiError::NotFound(Resource::Tournament))
}

/// A draft is made for a round not yet paired and not started: publishing replaces
/// nothing a referee has seen.
pub async fn check_unpaired(connection: &mut Connection, round: &RoundRow) -> Result<(), ApiError> {
    let paired = !store::pairings::all_of_round(connection, round.id)
        .await?
        .is_empty();
    round.allows(paired, RoundAction::Draft, String::new)
}

/// The engine's refusals of a request, a 422 on `field` (the fixed games, or the players
/// an explanation names); what the request cannot cause is a defect.
pub fn refusal(error: PairingError, field: &str) -> ApiError {
    match error {
        PairingError::UnknownPlayer(_)
        | PairingError::NotInRound(_)
        | PairingError::FixedTwice(_)
        | PairingError::FixedInRoundRobin => {
            ApiError::Validation(vec![FieldError::new(field, error.to_string())])
        }
        PairingError::Round { .. }
        | PairingError::DuplicateParticipant(_)
        | PairingError::Standings(_)
        | PairingError::Costs(_)
        | PairingError::Unmatched(_) => ApiError::internal(error),
        // Nobody waits for the draft any more: the client left, or the server stops.
        PairingError::Cancelled(_) => ApiError::Stopping,
    }
}

/// The round's pairings hold together (the core's one check: one game per table and per
/// player, no game for a player with the round's bye), and every player is registered in
/// the tournament.
pub async fn check_round(
    connection: &mut Connection,
    tournament_id: Uuid,
    round_id: Uuid,
    round: &[PairingTerms],
) -> Result<(), ApiError> {
    let players: Vec<Uuid> = round
        .iter()
        .flat_map(|pairing| [pairing.black_id, pairing.white_id])
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    let byes = store::rounds::byes_among(connection, round_id, &players).await?;
    consistency::check(boards(round), &byes)?;
    let known: HashSet<Uuid> = store::players::existing_ids(connection, tournament_id, &players)
        .await?
        .into_iter()
        .collect();
    if let Some(unknown) = players.iter().find(|player| !known.contains(player)) {
        return Err(ApiError::Validation(vec![crate::error::FieldError::new(
            "black_id",
            format!("player {unknown} is not registered in this tournament"),
        )]));
    }
    Ok(())
}

/// The round's games as the core's consistency check sees them.
pub fn boards(round: &[PairingTerms]) -> impl Iterator<Item = consistency::Board<&Uuid>> {
    round.iter().map(|pairing| consistency::Board {
        table: i64::from(pairing.table_number),
        black: &pairing.black_id,
        white: &pairing.white_id,
    })
}
