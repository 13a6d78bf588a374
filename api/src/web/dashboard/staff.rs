//! `/dashboard/t/{id}/staff`: the tournament's credentials, for its organizers. Each is
//! made with a label (who holds it: `Marie`, `Table 12`), handed over as a one-time
//! sign-in link (with its QR code, for a phone or a tablet) or as a token's secret (for a
//! script), shown once; each can be revoked, after a confirmation, and each revocation is
//! in the audit shown below the list, with who did it and to whom.

use super::confirm::{Confirmation, Confirmed};
use super::{caller, problems, see_other};
use crate::access::{Binding, Role};
use crate::db::DbPool;
use crate::error::{ApiError, FieldError, Issue, Resource, Violations};
use crate::http::check_text;
use crate::i18n::{Language, TimeZone};
use crate::services::audit::{self, Action};
use crate::services::sign_in::{self, CodeFor};
use crate::services::tokens::issue;
use crate::services::tournaments;
use crate::store::audit::AuditRow;
use crate::store::tokens;
use crate::web::dashboard::Problem;
use crate::web::page::{role_key, secured, Page, PageError};
use crate::web::qr::qr_svg;
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::http::header::{HeaderValue, CACHE_CONTROL};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use diesel_async::AsyncConnection;
use serde::Deserialize;
use uuid::Uuid;

/// The most credentials and audit lines the page lists.
const LISTED: i64 = 500;

/// A credential in the list.
pub struct CredentialLine {
    pub id: Uuid,
    pub role: &'static str,
    pub label: String,
    pub table: String,
    pub since: String,
}

/// An audit line: when, who, what, whom.
pub struct AuditLine {
    pub at: String,
    pub who: String,
    pub action: String,
    pub subject: String,
}

impl AuditLine {
    /// The line of `row`, its moment on the tournament's clock.
    fn of(row: AuditRow, language: Language, zone: TimeZone) -> AuditLine {
        AuditLine {
            at: language.moment(row.at, zone),
            who: who_words(&row.by_label, language),
            action: if row.detail.is_empty() {
                action_words(&row.action, language)
            } else {
                format!(
                    "{}: {}",
                    action_words(&row.action, language),
                    detail_words(&row.detail, language)
                )
            },
            subject: row.subject,
        }
    }
}

/// Who did an audited action, as [`audit::who`] recorded it ("Jeanne (organizer)", or
/// the role alone), the role in `language`; a label of another form as it is.
fn who_words(by_label: &str, language: Language) -> String {
    let role = |name: &str| {
        name.parse::<Role>()
            .ok()
            .map(|role| language.text(role_key(role)))
    };
    if let Some(role) = role(by_label) {
        return role;
    }
    by_label
        .strip_suffix(')')
        .and_then(|rest| rest.rsplit_once(" ("))
        .and_then(|(label, name)| {
            let role = role(name)?;
            Some(
                language
                    .message("signed-in-label-role")
                    .arg("label", label)
                    .arg("role", role)
                    .to_string(),
            )
        })
        .unwrap_or_else(|| by_label.to_string())
}

/// An audited action in `language`; an action recorded before the audit kept them by
/// their identifiers, in the words it was recorded with.
fn action_words(action: &str, language: Language) -> String {
    let key = match action {
        audit::CREDENTIAL_REVOKED => "audit-credential-revoked",
        audit::PLAYER_WITHDRAWN => "audit-player-withdrawn",
        audit::PLAYER_CHANGED => "audit-player-changed",
        audit::ROUND_UNPUBLISHED => "audit-round-unpublished",
        audit::TABLE_UNPAIRED => "audit-table-unpaired",
        audit::TABLE_TERMS_CHANGED => "audit-table-terms-changed",
        audit::ROUND_DELETED => "audit-round-deleted",
        _ => return action.to_string(),
    };
    language.text(key)
}

/// An entry's detail in `language`: each change as "rank 5k → 4k", the field by its
/// name and a value of yes or no in words; a detail of another form as it is.
fn detail_words(detail: &str, language: Language) -> String {
    let Some(changes) = audit::changes_in(detail) else {
        return detail.to_string();
    };
    let value = |value: &serde_json::Value| match value {
        serde_json::Value::Null => "—".to_string(),
        serde_json::Value::Bool(yes) => language.text(if *yes { "audit-yes" } else { "audit-no" }),
        serde_json::Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    changes
        .iter()
        .map(|change| {
            language
                .message("audit-change")
                .arg("field", field_words(&change.field, language))
                .arg("before", value(&change.before))
                .arg("after", value(&change.after))
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A field of a player's record or of a table, by its API name, in `language`.
fn field_words(field: &str, language: Language) -> String {
    let key = match field {
        "surname" => "audit-field-surname",
        "first_name" => "audit-field-first-name",
        "rank" => "audit-field-rank",
        "rating" => "audit-field-rating",
        "country" => "audit-field-country",
        "club" => "audit-field-club",
        "egd_pin" => "audit-field-egd-pin",
        "ffg_licence" => "audit-field-ffg-licence",
        "aga_id" => "audit-field-aga-id",
        "mcmahon_correction" => "audit-field-mcmahon-correction",
        "preliminary" => "audit-field-preliminary",
        "paid" => "audit-field-paid",
        "comment" => "audit-field-comment",
        "handicap" => "audit-field-handicap",
        "komi" => "audit-field-komi",
        "tables" => "audit-field-tables",
        _ => return field.to_string(),
    };
    language.text(key)
}

/// What the form to make a credential holds, as typed.
#[derive(Debug, Default, Deserialize)]
pub struct CredentialForm {
    #[serde(default)]
    role: String,
    #[serde(default)]
    label: String,
    #[serde(default)]
    table: String,
    /// `link` (a one-time sign-in link) or `secret` (a token's secret).
    #[serde(default)]
    handover: String,
}

#[derive(Template)]
#[template(path = "dashboard/staff.html")]
struct StaffPage {
    t: Language,
    signed_in: Option<Signed>,
    tournament_id: Uuid,
    name: String,
    credentials: Vec<CredentialLine>,
    audit: Vec<AuditLine>,
    form: CredentialForm,
    problems: Vec<Problem>,
    hours: i64,
}

/// A credential just made: its link (and QR code) or its secret, shown once.
#[derive(Template)]
#[template(path = "dashboard/staff_made.html")]
struct MadePage {
    t: Language,
    signed_in: Option<Signed>,
    tournament_id: Uuid,
    name: String,
    who: String,
    link: Option<(String, String)>,
    secret: Option<String>,
    expires: String,
}

async fn staff_page(
    pool: &DbPool,
    viewer: &Viewer,
    tournament_id: Uuid,
    form: CredentialForm,
    problems: Vec<Problem>,
) -> Result<Page, PageError> {
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let language = viewer.language_in(tournament.language);
    let (tokens, _) = tokens::list_for_tournament(&mut connection, tournament_id, LISTED, 0)
        .await
        .map_err(ApiError::from)?;
    let credentials = tokens
        .into_iter()
        .map(|token| CredentialLine {
            id: token.id,
            role: role_key(token.role),
            table: token
                .table_number
                .map_or_else(String::new, |table| table.to_string()),
            since: language.moment(token.created_at, tournament.time_zone),
            label: token.label,
        })
        .collect();
    let audit = audit::latest(&mut connection, tournament_id, LISTED)
        .await?
        .into_iter()
        .map(|row| AuditLine::of(row, language, tournament.time_zone))
        .collect();
    Page::render(&StaffPage {
        t: language,
        signed_in: viewer.describe(),
        tournament_id,
        name: tournament.name,
        credentials,
        audit,
        form,
        problems,
        hours: sign_in::LIFETIME_HOURS,
    })
}

/// `GET /dashboard/t/{id}/staff`.
pub async fn show(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
) -> Result<Page, PageError> {
    staff_page(
        &pool,
        &viewer,
        path.into_inner(),
        Default::default(),
        vec![],
    )
    .await
}

/// What the API says of a credential asked with no role of a tournament's.
const NO_ROLE: &str = "choose organizer, referee or table";

/// The credential a form asks for, checked: its role, its label (required: the audit
/// says who did what by it), and a table's number.
fn asked(form: &CredentialForm) -> Result<(Role, String, Option<i32>), ApiError> {
    let mut violations = Violations::new();
    let role = match form.role.as_str() {
        "organizer" => Some(Role::Organizer),
        "referee" => Some(Role::Referee),
        "table" => Some(Role::Table),
        _ => {
            violations.add_issue("role", Issue::NotChosen, NO_ROLE);
            None
        }
    };
    let label = form.label.trim().to_string();
    check_text(&mut violations, "label", &label, 200, true);
    let table = match (role, form.table.trim()) {
        (Some(Role::Table), typed) => match typed.parse::<i32>() {
            Ok(number) if (1..=10_000).contains(&number) => Some(number),
            _ => {
                violations.add_issue(
                    "table",
                    Issue::OutOfRange {
                        min: 1,
                        max: 10_000,
                    },
                    "a table's number, from 1 to 10000",
                );
                None
            }
        },
        _ => None,
    };
    violations.into_result()?;
    match role {
        Some(role) => Ok((role, label, table)),
        None => Err(ApiError::Validation(vec![FieldError::of_issue(
            "role",
            Issue::NotChosen,
            NO_ROLE,
        )])),
    }
}

/// `POST /dashboard/t/{id}/staff`: makes the credential and shows it once; a refused
/// form comes back with its problems.
pub async fn make(
    request: HttpRequest,
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<Uuid>,
    form: web::Form<CredentialForm>,
) -> Result<HttpResponse, PageError> {
    let tournament_id = path.into_inner();
    let caller = caller(&viewer)?;
    let form = form.into_inner();
    let (role, label, table_number) = match asked(&form) {
        Ok(asked) => asked,
        Err(error) => {
            let refused = problems(error)?;
            let page = staff_page(&pool, &viewer, tournament_id, form, refused).await?;
            return Ok(secured(HttpResponse::UnprocessableEntity(), page.0));
        }
    };
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let tournament = tournaments::load(&mut connection, tournament_id).await?;
    let language = viewer.language_in(tournament.language);
    let who = language
        .message("signed-in-label-role")
        .arg("label", &label)
        .arg("role", language.text(role_key(role)))
        .to_string();
    let mut made = MadePage {
        t: language,
        signed_in: viewer.describe(),
        tournament_id,
        name: tournament.name,
        who,
        link: None,
        secret: None,
        expires: String::new(),
    };
    if form.handover == "secret" {
        let binding = Binding {
            pairing_id: None,
            table_number,
        };
        let (secret, _) = issue(&mut connection, role, Some(tournament_id), binding, label).await?;
        made.secret = Some(secret);
    } else {
        let issuer = caller.token_id().ok_or(ApiError::MissingToken)?;
        let code = CodeFor {
            role,
            tournament_id,
            table_number,
            label,
        };
        let now = crate::auth::clock_of(&request)?.now();
        let (codes, expires_at) = sign_in::create(&mut connection, issuer, &[code], now).await?;
        let info = request.connection_info();
        let origin = format!("{}://{}", info.scheme(), info.host());
        let url = codes
            .first()
            .map(|code| format!("{origin}/sign-in/link/{code}"))
            .ok_or_else(|| ApiError::internal("no code made"))?;
        made.link = Some((qr_svg(&url)?, url));
        made.expires = language.moment(expires_at, tournament.time_zone);
    }
    let page = Page::render(&made)?;
    // A secret or a link that signs in: no cache keeps it.
    let mut response = secured(HttpResponse::Created(), page.0);
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// `POST /dashboard/t/{id}/staff/{token_id}/revoke`: asks first; confirmed, revokes the
/// credential (every browser and script using it is signed out at its next request) and
/// records who did it, in one transaction.
pub async fn revoke(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    path: web::Path<(Uuid, Uuid)>,
    form: web::Form<Confirmed>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, token_id) = path.into_inner();
    let caller = caller(&viewer)?;
    let by = caller
        .require(
            &[Role::Organizer],
            Some(tournament_id),
            "revoke the credentials of this tournament",
        )?
        .clone();
    let mut connection = pool.get().await.map_err(ApiError::from)?;
    let token = tokens::find_active(&mut connection, tournament_id, token_id)
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound(Resource::Token))?;
    let whom = audit::who(&token);
    let back = format!("/dashboard/t/{tournament_id}/staff");
    if !form.is_confirmed() {
        let mut confirmation = Confirmation::new(&viewer);
        let t = confirmation.t;
        // The holder in the reader's words (as `audit::who` says it): the label and the
        // role, or the role alone.
        let role = t.text(role_key(token.role));
        let holder = if token.label.trim().is_empty() {
            role
        } else {
            t.message("signed-in-label-role")
                .arg("label", token.label.as_str())
                .arg("role", role)
                .to_string()
        };
        confirmation.title = t.text("confirm-revoke-title");
        confirmation.question = t.text_with("confirm-revoke-question", "whom", &holder);
        confirmation.action = format!("{back}/{token_id}/revoke");
        confirmation.button = t.text_with("confirm-revoke-button", "whom", &holder);
        confirmation.back = back;
        return confirmation.ask();
    }
    connection
        .transaction::<_, ApiError, _>(async |connection| {
            if !tokens::revoke(connection, tournament_id, token_id).await? {
                return Err(ApiError::NotFound(Resource::Token));
            }
            audit::record(
                connection,
                &by,
                Action {
                    tournament_id,
                    action: audit::CREDENTIAL_REVOKED,
                    subject: &whom,
                    subject_id: Some(token_id),
                    detail: "",
                },
            )
            .await?;
            Ok(())
        })
        .await?;
    Ok(see_other(&back))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_did_it_is_said_with_the_role_in_the_readers_language() {
        let french = Language::of_code("fr").unwrap();
        assert_eq!(
            who_words("Jeanne (organizer)", french),
            "Jeanne (organisateur)"
        );
        assert_eq!(who_words("referee", french), "arbitre");
        assert_eq!(who_words("Marie (la grande)", french), "Marie (la grande)");
    }
}
