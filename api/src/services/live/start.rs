//! Starting a pairing's game (its table's tablet, or the tournament's staff), for the
//! route (`POST /tournaments/{id}/games`) and the tablet's page alike: its terms from the
//! pairing and the tournament, what the staff set in their place, the first entry of its
//! log.

use crate::access::Role;
use crate::auth::Caller;
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, GameError, Resource};
use crate::services::live::cache::GameCache;
use crate::services::live::view::GameState;
use crate::services::live::write::{insert_game, NewGameTerms};
use crate::services::live::StoredSettings;
use crate::services::tournaments::{self, Tournament};
use crate::store::games as store;
use crate::store::pairings::PairingRow;
use crate::store::settings::check_komi;
use arbitre_core::clock::{FlagPolicy, TimeControl};
use arbitre_core::ending::Settings;
use arbitre_core::game::Start;
use arbitre_core::history::Setup;
use arbitre_core::table::{fixed_handicap, HandicapForm, Terms, TermsError};
use arbitre_core::{BoardSize, Preset};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// A game to start from a pairing; what is left out comes from the pairing and the tournament.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGameRequest {
    pub pairing_id: Uuid,
    /// Default: the tournament's.
    pub ruleset: Option<Preset>,
    /// Board side, 2 to 25. Default: the tournament's, the only one its games are played
    /// on: another is refused (422 `terms.board_size`).
    #[schema(minimum = 2, maximum = 25)]
    pub board_size: Option<u8>,
    /// Default: the pairing's.
    #[schema(minimum = -150, maximum = 150, multiple_of = 0.5)]
    pub komi: Option<f64>,
    /// Default: the pairing's.
    #[schema(minimum = 0, maximum = 9)]
    pub handicap: Option<u32>,
    /// `moves` (default, FFG: Black plays the stones as consecutive moves) or `fixed`
    /// (set up on the standard points, SGF `HA`/`AB`; White moves first).
    pub handicap_form: Option<HandicapForm>,
    /// Default: the tournament's.
    pub time_control: Option<TimeControl>,
    /// Default: `lose` (FFG); `auto-pass` (BSW).
    pub flag_policy: Option<FlagPolicy>,
}

/// The terms `request` sets in place of the pairing's (komi, handicap) and the
/// tournament's (ruleset, time control; the FFG's handicap stones played as moves, a
/// fallen flag losing): the names of those that differ. The board is no such term: a
/// game is on its tournament's board (`arbitre_core::tournament_board`).
fn overrides(
    request: &NewGameRequest,
    pairing: &PairingRow,
    tournament: &Tournament,
) -> Vec<String> {
    let differs = [
        (
            "ruleset",
            request
                .ruleset
                .is_some_and(|ruleset| ruleset != tournament.ruleset),
        ),
        (
            "komi",
            request.komi.is_some_and(|komi| komi != pairing.komi),
        ),
        (
            "handicap",
            request
                .handicap
                .is_some_and(|handicap| i64::from(handicap) != i64::from(pairing.handicap)),
        ),
        (
            "handicap_form",
            request
                .handicap_form
                .is_some_and(|form| form == HandicapForm::Fixed),
        ),
        (
            "time_control",
            request
                .time_control
                .as_ref()
                .is_some_and(|control| *control != tournament.time_control),
        ),
        (
            "flag_policy",
            request
                .flag_policy
                .is_some_and(|policy| policy != FlagPolicy::default()),
        ),
    ];
    differs
        .into_iter()
        .filter(|(_, differs)| *differs)
        .map(|(term, _)| term.to_string())
        .collect()
}

/// Starts the game `request` asks for in the tournament `tournament_id`, for `caller`:
/// the game as it stands once started (its first player's clock runs).
pub async fn start_game(
    (pool, cache): (&DbPool, &GameCache),
    caller: &Caller,
    tournament_id: Uuid,
    request: NewGameRequest,
) -> Result<GameState, GameError> {
    let mut connection = pool.get().await?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let pairing = store::pairing(&mut connection, request.pairing_id).await?;
    let Some((pairing, pairing_tournament)) = pairing else {
        return Err(GameError::Api(ApiError::NotFound(Resource::Pairing)));
    };
    if pairing_tournament != tournament_id {
        return Err(GameError::Api(ApiError::NotFound(Resource::Pairing)));
    }
    let overrides = overrides(&request, &pairing, &tournament);
    let token_id = match caller {
        Caller::Token(token)
            if token.role == Role::Table && token.pairing_id == Some(pairing.id) =>
        {
            // Issue 13: the players' tablet plays the pairing's terms; only the staff set others.
            if !overrides.is_empty() {
                return Err(GameError::Api(ApiError::Forbidden(
                    "set a game's terms (only the tournament's staff may override the pairing's)",
                )));
            }
            token.id
        }
        _ => {
            caller.require_staff(tournament_id, "start games in this tournament")?;
            caller.token_id().unwrap_or_default()
        }
    };
    let mut violations = crate::error::Violations::new();
    let side = request.board_size.unwrap_or(tournament.board_size);
    if let Err(issue) = arbitre_core::fields::check_board_side(side) {
        violations.add_check("board_size", issue);
    }
    let handicap = request
        .handicap
        .unwrap_or(u32::try_from(pairing.handicap).unwrap_or(0));
    if let Err(issue) = arbitre_core::fields::check_handicap(handicap) {
        violations.add_check("handicap", issue);
    }
    let komi = request.komi.unwrap_or(pairing.komi);
    check_komi(&mut violations, "komi", komi);
    let control = request
        .time_control
        .unwrap_or_else(|| tournament.time_control.clone());
    if let Err(error) = control.validate() {
        violations.add("time_control", error.to_string());
    }
    let policy = request.flag_policy.unwrap_or_default();
    violations.into_result()?;
    let size = BoardSize::square(side)
        .ok_or_else(|| ApiError::Validation(vec![FieldError::new("board_size", "unsupported")]))?;
    let preset = request.ruleset.unwrap_or(tournament.ruleset);
    let resumption = tournament.dispute_policy;
    let refused = |error: TermsError| GameError::Unprocessable {
        code: error.code(),
        detail: error.to_string(),
        refusal: None,
    };
    let setup = match request.handicap_form {
        Some(HandicapForm::Fixed) => Setup {
            black: fixed_handicap(size, handicap).map_err(refused)?,
            white: Vec::new(),
        },
        Some(HandicapForm::Moves | HandicapForm::None) | None => Setup::default(),
    };
    let start = Start {
        size,
        setup,
        handicap,
        first_player: None,
    };
    let stored = StoredSettings {
        ruleset: preset.name().to_string(),
        core: Settings::new(preset.rules(), start, Some(komi), resumption),
        overrides,
    };
    Terms::new(stored.core.clone(), control.clone(), policy).map_err(refused)?;
    connection
        .transaction::<_, GameError, _>(async move |connection| {
            tournaments::hold_game_board(connection, tournament_id, size).await?;
            // The first game of a round starts the round (README, "Live games"): from then
            // on its pairings change only by a referee's ruling.
            crate::store::rounds::start_if_waiting(connection, pairing.round_id).await?;
            let terms = NewGameTerms {
                tournament_id,
                pairing_id: pairing.id,
                stored,
                control,
                policy,
            };
            let game = insert_game((connection, cache.clock()), terms, Some(token_id)).await?;
            game.store(connection).await?;
            Ok(GameState::of(&game)?)
        })
        .await
}
