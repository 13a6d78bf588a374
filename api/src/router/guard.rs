//! The one authorization point: every route of the JSON API and every page declares who
//! may call it (an [`Access`]), and [`guard`] checks it before any extractor reads the
//! request, for both. The caller is read from a bearer token or from the page's session
//! cookie ([`Caller`]; a cookie changes state only with this server's `Origin`). A refusal
//! is answered in the route's own kind: the API's problem+json, a page a person can read.

use crate::access::Role;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::live::write::Actor;
use actix_web::body::BoxBody;
use actix_web::dev::ServiceRequest;
use actix_web::middleware::{from_fn, Next};
use actix_web::HttpRequest;
use uuid::Uuid;

/// Who may call an operation or see a page. Admins may call every one but a tablet's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone, with a token or without.
    Public,
    /// Any valid token.
    Token,
    /// The admins only; the text says what the caller may not do.
    Admin(&'static str),
    /// The tokens of these roles, whatever their tournament (and the admins).
    Roles(&'static [Role], &'static str),
    /// The tokens of these roles for the path's tournament (`{tournament_id}`). A handler
    /// may ask more on the records it reads: deleting a tournament with recorded games is
    /// the admins', copying players needs the staff of the tournament copied from.
    Tournament(&'static [Role], &'static str),
    /// The callers who may act as this [`Actor`] on the game: its tournament and its table
    /// are known only from the game's record, so the game's service checks them
    /// ([`crate::services::live::write::authorize`]); the router asks for a token.
    Game(Actor),
    /// A table's tablet (a table token): its page and what the page reports. No admin
    /// holds a table, so none may.
    Tablet(&'static str),
}

impl Access {
    /// Refuses `caller` (401 or 403) if it may not call a route of this access whose
    /// `{tournament_id}` is `tournament_id`.
    pub fn admit(self, caller: &Caller, tournament_id: Option<Uuid>) -> Result<(), ApiError> {
        match self {
            Access::Public => Ok(()),
            Access::Token | Access::Game(_) => {
                caller.token_id().map(|_| ()).ok_or(ApiError::MissingToken)
            }
            Access::Admin(action) => caller.require(&[], None, action).map(|_| ()),
            Access::Tournament(roles, action) => {
                caller.require(roles, tournament_id, action).map(|_| ())
            }
            Access::Roles(roles, action) => match caller {
                Caller::Anonymous => Err(ApiError::MissingToken),
                Caller::Token(token)
                    if token.role == Role::Admin || roles.contains(&token.role) =>
                {
                    Ok(())
                }
                Caller::Token(_) => Err(ApiError::Forbidden(action)),
            },
            Access::Tablet(action) => match caller {
                Caller::Anonymous => Err(ApiError::MissingToken),
                Caller::Token(token) if token.role == Role::Table => Ok(()),
                Caller::Token(_) => Err(ApiError::Forbidden(action)),
            },
        }
    }
}

/// The organizers of the path's tournament (and the admins).
pub const fn organizers(action: &'static str) -> Access {
    Access::Tournament(&[Role::Organizer], action)
}

/// The organizers and the referees of the path's tournament (and the admins).
pub const fn staff(action: &'static str) -> Access {
    Access::Tournament(&[Role::Organizer, Role::Referee], action)
}

/// The referees of the path's tournament (and the admins).
pub const fn referees(action: &'static str) -> Access {
    Access::Tournament(&[Role::Referee], action)
}

/// The admins only.
pub const fn admins(action: &'static str) -> Access {
    Access::Admin(action)
}

/// How a kind of route answers a refusal (or a credential it cannot read): the JSON API
/// with its problem, a page with a page.
pub type Refusal = fn(&HttpRequest, ApiError) -> actix_web::Error;

/// The JSON API's refusal, and that of the requests a page's script sends: the problem,
/// which the caller's code reads.
pub fn refuse_with_problem(_: &HttpRequest, error: ApiError) -> actix_web::Error {
    error.into()
}

/// `route` behind the check of `access`, refused as `refusal` says; a public route is
/// left as it is.
pub fn guard(route: actix_web::Route, access: Access, refusal: Refusal) -> actix_web::Route {
    if access == Access::Public {
        return route;
    }
    route.wrap(from_fn(
        move |mut request: ServiceRequest, next: Next<BoxBody>| async move {
            let admitted = match request.extract::<Caller>().await {
                Ok(caller) => {
                    let tournament_id = request
                        .match_info()
                        .get("tournament_id")
                        .and_then(|id| id.parse().ok());
                    access.admit(&caller, tournament_id)
                }
                Err(error) => Err(error),
            };
            match admitted {
                Ok(()) => next.call(request).await,
                // An answer, not an error: the middlewares around the routes (the reader's
                // language) see it as they see a handler's.
                Err(error) => {
                    let refused = refusal(request.request(), error);
                    Ok(request.error_response(refused))
                }
            }
        },
    ))
}
