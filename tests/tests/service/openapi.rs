//! The committed `openapi/openapi.json` is the contract: it must be what the code
//! generates. `ARBITRE_WRITE_OPENAPI=1 ./scripts/test openapi` (or `arbitre openapi --write
//! openapi/openapi.json`) rewrites it on purpose.

use arbitre_api::router::guard::Access;
use arbitre_api::routes::table;
use arbitre_tests::TestService;
use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn committed_document_is_the_generated_one() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../openapi/openapi.json");
    let generated = arbitre_api::openapi::document();
    if std::env::var_os("ARBITRE_WRITE_OPENAPI").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "openapi/openapi.json differs from the generated document: run `ARBITRE_WRITE_OPENAPI=1 ./scripts/test openapi` \
         and commit the change"
    );
}

/// Every operation the router serves is in the document, at its path, with its method,
/// secured when its access asks for a token; and the document lists nothing else. The web
/// pages (HTML, `/dashboard`, `/table`, ...) are not operations of the JSON API: they are
/// not in the route table nor in the document.
#[test]
fn the_document_has_the_operations_of_the_route_table() {
    let served: BTreeSet<(String, String, bool)> = table()
        .iter()
        .flat_map(|resource| {
            resource.operations.iter().map(|operation| {
                (
                    operation.method.to_string(),
                    resource.path.to_string(),
                    operation.access != Access::Public,
                )
            })
        })
        .collect();
    let document = arbitre_api::openapi::document_value();
    let mut documented = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        let methods = [
            "get", "put", "post", "delete", "options", "head", "patch", "trace",
        ];
        for (method, operation) in item.as_object().unwrap() {
            if !methods.contains(&method.as_str()) {
                continue;
            }
            documented.insert((
                method.to_uppercase(),
                path.clone(),
                operation.get("security").is_some(),
            ));
        }
    }
    let undocumented: Vec<_> = served.difference(&documented).collect();
    let unserved: Vec<_> = documented.difference(&served).collect();
    assert!(
        undocumented.is_empty() && unserved.is_empty(),
        "served but not documented (method, path, secured): {undocumented:?}; \
         documented but not served: {unserved:?}"
    );
}

#[tokio::test]
async fn served_document_is_the_generated_one() {
    let service = TestService::start().await;
    let served: serde_json::Value = service
        .get("/openapi.json")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let generated: serde_json::Value =
        serde_json::from_str(&arbitre_api::openapi::document()).unwrap();
    assert_eq!(served, generated);
}

/// Where `schema` (followed through `$ref`s, arrays and unions) leaves a value untyped: an
/// object without properties, or no type at all; `seen` guards against cycles.
fn untyped(
    document: &serde_json::Value,
    schema: &serde_json::Value,
    at: &str,
    seen: &mut Vec<String>,
) -> Vec<String> {
    if let Some(reference) = schema["$ref"].as_str() {
        if seen.iter().any(|name| name == reference) {
            return Vec::new();
        }
        seen.push(reference.to_string());
        let name = reference.trim_start_matches("#/components/schemas/");
        return untyped(document, &document["components"]["schemas"][name], at, seen);
    }
    let mut found = Vec::new();
    for union in ["oneOf", "anyOf", "allOf"] {
        for (index, part) in schema[union].as_array().into_iter().flatten().enumerate() {
            found.extend(untyped(
                document,
                part,
                &format!("{at}/{union}{index}"),
                seen,
            ));
        }
    }
    if let Some(properties) = schema["properties"].as_object() {
        for (name, property) in properties {
            found.extend(untyped(document, property, &format!("{at}.{name}"), seen));
        }
    } else if schema["items"].is_object() {
        found.extend(untyped(
            document,
            &schema["items"],
            &format!("{at}[]"),
            seen,
        ));
    } else if schema.get("oneOf").is_none()
        && schema.get("anyOf").is_none()
        && schema.get("allOf").is_none()
        && schema.get("enum").is_none()
        && schema.get("additionalProperties").is_none()
        && !matches!(
            schema["type"].as_str(),
            Some("string" | "integer" | "number" | "boolean" | "null")
        )
        && !schema["type"]
            .as_array()
            .is_some_and(|types| types.iter().all(|kind| kind != "object"))
    {
        found.push(at.to_string());
    }
    found
}

/// Issue 25: every field of a game's state has a schema of its own (the core's types), so
/// a client generated from the document reads the count, the agreement, the result's source
/// and the time control without guessing.
#[test]
fn a_games_state_is_typed_to_its_leaves() {
    let document: serde_json::Value =
        serde_json::from_str(&arbitre_api::openapi::document()).unwrap();
    let state = &document["components"]["schemas"]["GameState"];
    assert!(state["properties"]["count"].is_object(), "{state}");
    let found = untyped(&document, state, "GameState", &mut Vec::new());
    assert!(found.is_empty(), "untyped: {found:?}");
}
