//! The OpenAPI document. Committed at `openapi/openapi.json`; the integration tests fail
//! when it drifts, and `arbitre openapi --write` (or `ARBITRE_WRITE_OPENAPI=1 ./scripts/test`)
//! rewrites it on purpose.

use crate::error::{FieldError, Problem, PROBLEM_JSON};
use crate::routes::Paths;
use utoipa::openapi::link::LinkBuilder;
use utoipa::openapi::path::{HttpMethod, Operation};
use utoipa::openapi::schema::{AdditionalProperties, Schema};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "arbitre",
        description = "The arbitration service for Go tournaments: tournaments, players, rounds and pairings. \
                       Every failure is an RFC 9457 problem (application/problem+json) with a stable `code`.",
        license(name = "MIT OR Apache-2.0")
    ),
    components(schemas(Problem, FieldError)),
    modifiers(&Routes, &Conventions),
    tags(
        (name = "operations", description = "Health, readiness and metrics"),
        (name = "tournaments", description = "Tournaments and their settings"),
        (name = "players", description = "Players registered in a tournament"),
        (name = "rounds", description = "Rounds, their start, and registrations"),
        (name = "pairings", description = "Pairings and referee rulings"),
        (name = "standings", description = "Results of pairings, standings and rating exports (EGD, FFG, AGA, CSV, OpenGotha)"),
        (name = "tokens", description = "Bearer tokens of a tournament's staff and tables"),
        (name = "rating lists", description = "The EGD, FFG and AGA rating lists: imports, search for registration, the lists a tournament uses, refresh of registered players"),
        (name = "games", description = "Live games: turns, clocks, counting (rule 5 bis), rulings, event streams, SGF"),
    )
)]
pub struct ApiDoc;

/// The operations of the route table ([`crate::routes::table`]), each documented by its
/// handler's `#[utoipa::path]`.
struct Routes;

impl Modify for Routes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        openapi.merge(Paths::openapi());
    }
}

/// The bearer scheme, and the problem responses every operation may give, added once
/// here rather than on each handler.
struct Conventions;

impl Modify for Conventions {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
        for name in CLOSED_SCHEMAS {
            if let Some(schema) = components.schemas.get_mut(*name) {
                close(schema);
            }
        }
        let operations = operation_ids(openapi);
        for (path, item) in openapi.paths.paths.iter_mut() {
            for (method, operation) in [
                (HttpMethod::Get, item.get.as_mut()),
                (HttpMethod::Post, item.post.as_mut()),
                (HttpMethod::Put, item.put.as_mut()),
                (HttpMethod::Patch, item.patch.as_mut()),
                (HttpMethod::Delete, item.delete.as_mut()),
            ] {
                if let Some(operation) = operation {
                    name_operation(operation);
                    add_problems(path, &method, operation);
                    if matches!(method, HttpMethod::Post) {
                        add_links(path, operation, &operations);
                    }
                }
            }
        }
    }
}

/// The request schemas whose Rust types `deny_unknown_fields`: the document says so too.
const CLOSED_SCHEMAS: &[&str] = &[
    "NewTournament",
    "TournamentChanges",
    "KomiPolicy",
    "TimeControl",
    "HandicapPolicy",
    "StandingsSettings",
    "RoundCredit",
    "PlayerDetails",
    "NewRound",
    "RegistrationChange",
    "PairingDetails",
    "RoundPairings",
    "DraftRequest",
    "DraftPublication",
    "PublishedTable",
    "NewRuling",
    "ResultChange",
    "NewTournamentToken",
    "PinRequest",
    "RegistrationFromList",
    "ChosenChange",
    "RefreshRequest",
];

/// `additionalProperties: false` on an object schema and on each object of a `oneOf`.
fn close(schema: &mut RefOr<Schema>) {
    match schema {
        RefOr::T(Schema::Object(object)) => {
            object.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
        }
        RefOr::T(Schema::OneOf(one_of)) => one_of.items.iter_mut().for_each(close),
        _ => {}
    }
}

/// Handler names repeat across resources (`create`, `list`): `{tag}_{handler}` does not.
fn name_operation(operation: &mut Operation) {
    let tag = operation
        .tags
        .as_ref()
        .and_then(|tags| tags.first())
        .cloned()
        .unwrap_or_default();
    if let Some(id) = &operation.operation_id {
        operation.operation_id = Some(format!("{tag}_{id}"));
    }
}

/// The path parameters of `path` (`{tournament_id}`).
fn path_parameters(path: &str) -> Vec<String> {
    path.split('/')
        .filter_map(|segment| {
            segment
                .strip_prefix('{')
                .and_then(|rest| rest.strip_suffix('}'))
        })
        .map(str::to_string)
        .collect()
}

/// Every operation as (path, operation id), for the links of the creating operations.
fn operation_ids(openapi: &utoipa::openapi::OpenApi) -> Vec<(String, String)> {
    let mut operations = Vec::new();
    for (path, item) in &openapi.paths.paths {
        for operation in [&item.get, &item.post, &item.put, &item.patch, &item.delete]
            .into_iter()
            .flatten()
        {
            let tag = operation
                .tags
                .as_ref()
                .and_then(|tags| tags.first())
                .cloned()
                .unwrap_or_default();
            if let Some(id) = &operation.operation_id {
                operations.push((path.clone(), format!("{tag}_{id}")));
            }
        }
    }
    operations
}

/// OpenAPI links from a creating `POST` (`/tournaments/{tournament_id}/players`) to the
/// operations on what it created (`.../players/{player_id}` and below), so that clients and
/// stateful testers (schemathesis) can follow them: the new id comes from the response,
/// the others from the request path.
fn add_links(path: &str, operation: &mut Operation, operations: &[(String, String)]) {
    let Some(created) = operations.iter().find_map(|(target, _)| {
        let rest = target.strip_prefix(path)?.strip_prefix("/{")?;
        let parameter = rest.split('}').next()?;
        Some(parameter.to_string())
    }) else {
        return;
    };
    let from_body = if created == "number" {
        "$response.body#/number"
    } else {
        "$response.body#/id"
    };
    let known = path_parameters(path);
    let Some(RefOr::T(response)) = operation.responses.responses.get_mut("201") else {
        return;
    };
    for (target, operation_id) in operations {
        let parameters = path_parameters(target);
        let reachable = target.starts_with(&format!("{path}/{{{created}}}"))
            && parameters
                .iter()
                .all(|parameter| *parameter == created || known.contains(parameter));
        if !reachable {
            continue;
        }
        let mut link = LinkBuilder::new().operation_id(operation_id.clone());
        for parameter in parameters {
            let value = if parameter == created {
                from_body.to_string()
            } else {
                format!("$request.path.{parameter}")
            };
            link = link.parameter(parameter, value);
        }
        response
            .links
            .insert(operation_id.clone(), RefOr::T(link.build()));
    }
}

fn add_problems(path: &str, method: &HttpMethod, operation: &mut Operation) {
    let mut statuses: Vec<(u16, &str)> = Vec::new();
    match path {
        "/health" | "/metrics" => {}
        "/ready" => statuses.push((503, "The database does not answer")),
        _ => {
            statuses.push((400, "Bad path or query parameter"));
            // Paths naming no record.
            if path != "/me" && path != "/tournaments/import" {
                statuses.push((404, "No such record"));
            }
            statuses.push((503, "The database does not answer"));
        }
    }
    if operation.security.is_some() {
        statuses.push((401, "No valid bearer token"));
        if path != "/me" {
            statuses.push((403, "The token may not do this"));
        }
    }
    if operation.request_body.is_some() {
        statuses.push((400, "Malformed JSON"));
        statuses.push((413, "Body too large"));
        statuses.push((415, "Body not of the media type the operation reads"));
        statuses.push((422, "Invalid fields"));
    }
    if !matches!(method, HttpMethod::Get) {
        statuses.push((409, "Conflicts with the stored records"));
    }
    for (status, description) in statuses {
        let problem = ResponseBuilder::new()
            .description(description)
            .content(
                PROBLEM_JSON,
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("Problem")))
                    .build(),
            )
            .build();
        operation
            .responses
            .responses
            .entry(status.to_string())
            .or_insert(problem.into());
    }
}

/// The document as JSON, as served at `/openapi.json`.
pub fn document_value() -> serde_json::Value {
    let mut value = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
    camel_case_links(&mut value);
    value
}

/// utoipa 5 writes the fields of a Link object in snake case (`operation_id`); OpenAPI
/// names them in camel case (`operationId`).
fn camel_case_links(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(object) => {
            if let Some(serde_json::Value::Object(links)) = object.get_mut("links") {
                for link in links.values_mut() {
                    if let serde_json::Value::Object(link) = link {
                        for (snake, camel) in [
                            ("operation_id", "operationId"),
                            ("operation_ref", "operationRef"),
                            ("request_body", "requestBody"),
                        ] {
                            if let Some(field) = link.remove(snake) {
                                link.insert(camel.to_string(), field);
                            }
                        }
                    }
                }
            }
            object.values_mut().for_each(camel_case_links);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(camel_case_links),
        _ => {}
    }
}

/// The document, as committed: pretty JSON with a final newline.
pub fn document() -> String {
    let json = serde_json::to_string_pretty(&document_value()).unwrap_or_default();
    format!("{json}\n")
}
