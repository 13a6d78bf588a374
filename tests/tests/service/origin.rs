//! Every page form is refused unless a page of this server sent it (its `Origin`): the
//! router checks it for each form of the pages' route table, before the form's guard
//! and its handler, so that no form can be added without it.

use arbitre_api::web::table;
use arbitre_tests::TestService;
use serde_json::json;

/// `path` with its parameters filled: the tournament's id for `{tournament_id}`, a
/// number or an id no record holds for the others (the refusal comes before any read).
fn concrete(path: &str, tournament: &str) -> String {
    path.split('/')
        .map(|segment| match segment {
            "{tournament_id}" => tournament.to_string(),
            "{number}" | "{table}" => "1".to_string(),
            "{code}" => "not-a-code".to_string(),
            segment if segment.starts_with('{') => uuid::Uuid::nil().to_string(),
            segment => segment.to_string(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn every_page_form_without_this_servers_origin_is_refused_and_changes_nothing() {
    let service = TestService::start().await;
    let api = service.api();
    let tournament = api.create_tournament(json!({})).await;
    let id = tournament.id.to_string();
    let cookie = service.session_cookie(&service.admin_token).await;
    let before = (
        api.tournament(&id).await,
        api.tournaments("").await.page.total,
    );
    let forms: Vec<_> = table()
        .into_iter()
        .filter(|route| route.method.as_str() == "POST" && !route.path.starts_with("/table/"))
        .collect();
    assert!(forms.len() > 20, "{} page forms", forms.len());
    for route in &forms {
        let path = concrete(&route.path, &id);
        for origin in [None, Some("http://evil.example")] {
            let mut request = service
                .post(&path, None)
                .header("Cookie", &cookie)
                .header("Accept-Language", "fr")
                .form(&[("confirmed", "yes"), ("name", "Forged")]);
            if let Some(origin) = origin {
                request = request.header("Origin", origin);
            }
            let response = request.send().await.unwrap();
            let context = format!("POST {} from {origin:?}", route.path);
            assert_eq!(response.status(), 403, "{context}");
            assert!(response.headers().get("set-cookie").is_none(), "{context}");
            let content_type = response.headers()["content-type"].to_str().unwrap();
            assert!(
                content_type.starts_with("text/html"),
                "{context}: {content_type}"
            );
            let page = response.text().await.unwrap();
            assert!(page.contains("lang=\"fr\""), "{context}: {page}");
        }
    }
    let after = (
        api.tournament(&id).await,
        api.tournaments("").await.page.total,
    );
    assert_eq!(
        serde_json::to_value(&after.0).unwrap(),
        serde_json::to_value(&before.0).unwrap()
    );
    assert_eq!(after.1, before.1);
    // The session the refused sign-out named is still open.
    let me = service
        .get("/me")
        .header("Cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 200);
}
