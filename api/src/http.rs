//! Request plumbing shared by every route: the JSON body and query extractors (whose
//! failures name the field at fault), path parameter errors, unknown routes and methods,
//! pagination, the checks of free text, and the conditional reads ([`conditional`]).

pub mod budget;
pub mod conditional;

use crate::auth::Caller;
use crate::error::{ApiError, FieldError, Violations};
use actix_web::dev::Payload;
use actix_web::error::{PathError, PayloadError};
use actix_web::http::header;
use actix_web::{mime, web, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::pin::Pin;
use utoipa::{IntoParams, ToSchema};

/// The largest request body: a whole round of pairings fits many times over.
pub const BODY_LIMIT: usize = 256 * 1024;

/// A JSON body, read with the size limit and decoded with the path of the failing field.
///
/// Every route that takes a body acts for a token holder, so the caller is resolved
/// before the body is read (see [`body`]): an anonymous caller or an unknown token gets 401
/// whatever the body (issue 13: authorization before parsing), and the body of a request
/// that could never be authorized is never decoded. The handler's [`Caller`] is the one
/// resolved here; the handler checks its role before it loads anything.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for ApiJson<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<ApiJson<T>, ApiError>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_json = media_type(request)
            .is_some_and(|mime| mime.subtype() == mime::JSON || mime.suffix() == Some(mime::JSON));
        let body = body(
            request,
            payload,
            BODY_LIMIT,
            (is_json, "application/json"),
            ApiError::MalformedJson,
        );
        Box::pin(async move {
            let bytes = body.await?;
            parse_json(&bytes).map(ApiJson)
        })
    }
}

/// A JSON body read as `T`: malformed JSON, or the field at fault with its message.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // Syntax first, so that `{} trailing` is malformed rather than missing fields.
    let document: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|error| ApiError::MalformedJson(error.to_string()))?;
    serde_path_to_error::deserialize(document).map_err(|error| {
        let field = field_name(error.path().to_string());
        ApiError::InvalidBody(FieldError::new(field, error.into_inner().to_string()))
    })
}

/// The largest XML body: an OpenGotha file of a large tournament (a thousand players,
/// ten rounds) is about 4 MB.
pub const XML_BODY_LIMIT: usize = 8 * 1024 * 1024;

/// An XML document's bytes (`application/xml`, `text/xml` or `…+xml`), read with
/// [`XML_BODY_LIMIT`]; the route reads them. Its resource must allow that size
/// (`web::PayloadConfig`), since the service's default is [`BODY_LIMIT`].
#[derive(Debug)]
pub struct XmlBody(pub web::Bytes);

impl FromRequest for XmlBody {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<XmlBody, ApiError>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_xml = media_type(request)
            .is_some_and(|mime| mime.subtype() == mime::XML || mime.suffix() == Some(mime::XML));
        let body = body(
            request,
            payload,
            XML_BODY_LIMIT,
            (is_xml, "application/xml"),
            |error| ApiError::InvalidBody(FieldError::new("body", error)),
        );
        Box::pin(async move { Ok(XmlBody(body.await?)) })
    }
}

/// The request's `Content-Type`, if it is one.
pub(crate) fn media_type(request: &HttpRequest) -> Option<mime::Mime> {
    request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<mime::Mime>().ok())
}

/// The body, refused before it is read when the caller is anonymous (401, whatever the
/// body), when its declared length is over `limit` or when its media type is not the
/// expected one (`media`: whether it is, and which it is); `unreadable` names a body that
/// breaks off.
pub(crate) fn body(
    request: &HttpRequest,
    payload: &mut Payload,
    limit: usize,
    media: (bool, &'static str),
    unreadable: fn(String) -> ApiError,
) -> impl Future<Output = Result<web::Bytes, ApiError>> {
    let (has_expected_type, expected) = media;
    let declared_length = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<usize>().ok());
    let caller = Caller::from_request(request, payload);
    let body = web::Bytes::from_request(request, payload);
    async move {
        if let Caller::Anonymous = caller.await? {
            return Err(ApiError::MissingToken);
        }
        if declared_length.is_some_and(|length| length > limit) {
            return Err(ApiError::BodyTooLarge { limit });
        }
        if !has_expected_type {
            return Err(ApiError::UnsupportedMediaType(expected));
        }
        body.await
            .map_err(|error| match error.as_error::<PayloadError>() {
                Some(PayloadError::Overflow) => ApiError::BodyTooLarge { limit },
                _ => unreadable(error.to_string()),
            })
    }
}

/// serde_path_to_error writes `.` for the whole document.
fn field_name(path: String) -> String {
    if path == "." {
        "body".to_string()
    } else {
        path
    }
}

/// A query string, decoded with the name of the failing parameter.
#[derive(Debug)]
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned> FromRequest for ApiQuery<T> {
    type Error = ApiError;
    type Future = std::future::Ready<Result<ApiQuery<T>, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let deserializer = serde_urlencoded::Deserializer::new(form_urlencoded::parse(
            request.query_string().as_bytes(),
        ));
        let result = serde_path_to_error::deserialize(deserializer)
            .map(ApiQuery)
            .map_err(|error| {
                let field = field_name(error.path().to_string());
                ApiError::InvalidQuery(FieldError::new(field, error.into_inner().to_string()))
            });
        std::future::ready(result)
    }
}

/// Bad path parameters (`/tournaments/not-a-uuid`) as problem+json.
pub fn path_error(error: PathError, _: &HttpRequest) -> actix_web::Error {
    let message = match &error {
        PathError::Deserialize(inner) => inner.to_string(),
        other => other.to_string(),
    };
    ApiError::InvalidPath(FieldError::new("path", message)).into()
}

pub async fn route_not_found() -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::RouteNotFound)
}

/// `limit` and `offset` of a list, checked.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    pub limit: i64,
    pub offset: i64,
}

pub const DEFAULT_LIMIT: u32 = 50;
pub const MAX_LIMIT: u32 = 500;
pub const MAX_OFFSET: u32 = 1_000_000;

impl Window {
    pub fn new(limit: Option<u32>, offset: Option<u32>) -> Result<Window, ApiError> {
        let limit = limit.unwrap_or(DEFAULT_LIMIT);
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(ApiError::InvalidQuery(FieldError::new(
                "limit",
                format!("must be between 1 and {MAX_LIMIT}"),
            )));
        }
        let offset = offset.unwrap_or(0);
        if offset > MAX_OFFSET {
            return Err(ApiError::InvalidQuery(FieldError::new(
                "offset",
                format!("must be at most {MAX_OFFSET}"),
            )));
        }
        Ok(Window {
            limit: i64::from(limit),
            offset: i64::from(offset),
        })
    }
}

/// Pagination of every list: `limit` items (default 50, at most 500) from `offset`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Items per page, 1 to 500 (default 50).
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<u32>,
    /// Items to skip (default 0, at most 1000000).
    #[param(minimum = 0, maximum = 1000000)]
    pub offset: Option<u32>,
}

impl PageQuery {
    pub fn window(&self) -> Result<Window, ApiError> {
        Window::new(self.limit, self.offset)
    }
}

/// Where a page sits in its list.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PageInfo {
    /// Items in the whole list (with the filters applied).
    pub total: i64,
    pub limit: i64,
    pub offset: i64,
}

impl PageInfo {
    pub fn new(total: i64, window: Window) -> PageInfo {
        PageInfo {
            total,
            limit: window.limit,
            offset: window.offset,
        }
    }

    /// A 200 for this page of `request`'s list. A list cut by its limit says so in a
    /// `Link` header (RFC 8288: `rel="next"`, and `rel="prev"` past the first page), so
    /// that a client reading only the items learns that there are more, and where.
    pub fn response(&self, request: &HttpRequest) -> actix_web::HttpResponseBuilder {
        let mut response = actix_web::HttpResponse::Ok();
        let mut links = Vec::new();
        if self.offset + self.limit < self.total {
            links.push((self.offset + self.limit, "next"));
        }
        if self.offset > 0 {
            links.push(((self.offset - self.limit).max(0), "prev"));
        }
        let value: Vec<String> = links
            .into_iter()
            .map(|(offset, relation)| format!("<{}>; rel=\"{relation}\"", self.at(request, offset)))
            .collect();
        if !value.is_empty() {
            response.insert_header((header::LINK, value.join(", ")));
        }
        response
    }

    /// `request`'s path and query with this limit and `offset`.
    fn at(&self, request: &HttpRequest, offset: i64) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        for (name, value) in form_urlencoded::parse(request.query_string().as_bytes()) {
            if name != "limit" && name != "offset" {
                query.append_pair(&name, &value);
            }
        }
        query.append_pair("limit", &self.limit.to_string());
        query.append_pair("offset", &offset.to_string());
        format!("{}?{}", request.path(), query.finish())
    }
}

/// A country as two capital letters (ISO 3166-1 alpha-2, `fr` read as `FR`), normalised.
pub fn check_country(violations: &mut Violations, field: &str, country: &str) -> String {
    let country = country.trim().to_ascii_uppercase();
    if country.len() != 2 || !country.bytes().all(|byte| byte.is_ascii_uppercase()) {
        violations.add_check(field, arbitre_core::fields::FieldIssue::Country);
    }
    country
}

/// Free text a person typed: the core's checks of every way data comes in
/// ([`arbitre_core::fields::check_text`]).
pub fn check_text(
    violations: &mut Violations,
    field: &str,
    value: &str,
    max_chars: usize,
    required: bool,
) {
    if let Err(issue) = arbitre_core::fields::check_text(value, max_chars, required) {
        violations.add_check(field, issue);
    }
}

/// An optional identifier (EGD PIN, licence, club): as [`check_text`], empty not allowed.
pub fn check_optional_text(
    violations: &mut Violations,
    field: &str,
    value: Option<&str>,
    max_chars: usize,
) {
    if let Some(value) = value {
        check_text(violations, field, value, max_chars, true);
    }
}

/// A filter from the query string, with the same rules as stored text.
pub fn check_filter(field: &str, value: Option<&str>) -> Result<(), ApiError> {
    let mut violations = Violations::new();
    check_optional_text(&mut violations, field, value, 200);
    violations.into_result().map_err(|error| match error {
        ApiError::Validation(mut errors) if !errors.is_empty() => {
            ApiError::InvalidQuery(errors.remove(0))
        }
        other => other,
    })
}

/// `%`, `_` and `\` taken literally in an `ILIKE` pattern.
pub fn like_pattern(fragment: &str) -> String {
    let mut pattern = String::with_capacity(fragment.len() + 2);
    pattern.push('%');
    for character in fragment.chars() {
        if matches!(character, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(character);
    }
    pattern.push('%');
    pattern
}
