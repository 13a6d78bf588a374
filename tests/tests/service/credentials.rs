//! Credentials: a request bearing a bearer token that is unknown, revoked or malformed is
//! refused on every route (RFC 6750 `invalid_token`), public ones and pages included; a
//! page's session is its own record, which signing out ends.

use arbitre_api::access::Role;
use arbitre_tests::api::problem;
use arbitre_tests::TestService;
use diesel_async::AsyncConnection as _;
use reqwest::Method;
use serde_json::json;
use uuid::Uuid;

/// `template` with a value of the right shape for each of its parameters: no record needs
/// to exist, the credential is refused before any is looked up.
fn concrete(template: &str) -> String {
    template
        .split('/')
        .map(|segment| match segment {
            "{number}" | "{table}" => "1".to_string(),
            "{source}" | "{format}" => "egd".to_string(),
            "{name}" => "app.css".to_string(),
            "{code}" => "some-code".to_string(),
            other if other.starts_with('{') => Uuid::now_v7().to_string(),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Every method and path of the JSON API's route table and of the pages' table.
fn every_route() -> Vec<(Method, String)> {
    let api = arbitre_api::routes::table()
        .into_iter()
        .flat_map(|resource| {
            resource
                .operations
                .iter()
                .map(|operation| {
                    let method = Method::from_bytes(operation.method.as_str().as_bytes()).unwrap();
                    (method, resource.path.to_string())
                })
                .collect::<Vec<_>>()
        });
    let pages = arbitre_api::web::table().into_iter().map(|route| {
        let method = Method::from_bytes(route.method.as_str().as_bytes()).unwrap();
        (method, route.path)
    });
    api.chain(pages).collect()
}

#[tokio::test]
async fn every_route_refuses_an_unknown_revoked_or_malformed_bearer_token() {
    let service = TestService::start().await;
    let revoked = service.token(Role::Admin, None, None).await;
    let mut connection = arbitre_api::db::Connection::establish(&service.database_url)
        .await
        .unwrap();
    diesel_async::RunQueryDsl::execute(
        diesel::sql_query("UPDATE api_tokens SET revoked_at = now() WHERE role = 'admin'"),
        &mut connection,
    )
    .await
    .unwrap();
    let unknown = format!("arb_{}", "A".repeat(43));
    let credentials = [
        format!("Bearer {unknown}"),
        format!("Bearer {revoked}"),
        "Bearer x".to_string(),
        "Basic YWRtaW46YWRtaW4=".to_string(),
    ];
    let routes = every_route();
    assert!(routes.len() > 80, "{} routes", routes.len());
    for (method, template) in &routes {
        let path = concrete(template);
        for credential in &credentials {
            let response = service
                .request(method.clone(), &path, None)
                .header("Authorization", credential)
                .header("Origin", &service.base_url)
                .send()
                .await
                .unwrap();
            let context = format!("{method} {template} with {credential}");
            assert_eq!(response.status(), 401, "{context}");
            assert_eq!(
                response.headers()["www-authenticate"],
                r#"Bearer error="invalid_token""#,
                "{context}"
            );
            problem(response, 401, "auth.invalid_token").await;
        }
    }
}

async fn me_with_cookie(service: &TestService, cookie: &str) -> u16 {
    service
        .get("/me")
        .header("Cookie", cookie)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

#[tokio::test]
async fn a_session_is_its_own_record_and_signing_out_ends_it() {
    let service = TestService::start().await;
    let tournament = service.api().create_tournament(json!({})).await.id;
    let token = service.token(Role::Organizer, Some(tournament), None).await;
    let cookie = service.session_cookie(&token).await;
    let (name, session) = cookie.split_once('=').unwrap();
    assert_eq!(name, "arbitre_session");
    assert!(!session.contains(&token) && !token.contains(session));
    assert_eq!(me_with_cookie(&service, &cookie).await, 200);
    // A session cookie acts on the API too, from the server's own pages only.
    let rename = |origin: Option<&str>| {
        let mut request = service
            .request(Method::PATCH, &format!("/tournaments/{tournament}"), None)
            .header("Cookie", &cookie)
            .json(&json!({"name": "Renamed"}));
        if let Some(origin) = origin {
            request = request.header("Origin", origin);
        }
        async move { request.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(rename(None).await, 403);
    assert_eq!(rename(Some("http://evil.example")).await, 403);
    assert_eq!(rename(Some(&service.base_url)).await, 200);

    let signed_out = no_redirects()
        .post(format!("{}/sign-out", service.base_url))
        .header("Cookie", &cookie)
        .header("Origin", &service.base_url)
        .send()
        .await
        .unwrap();
    assert_eq!(signed_out.status(), 303);
    // The browser drops the cookie; one kept elsewhere opens nothing any more.
    assert_eq!(me_with_cookie(&service, &cookie).await, 401);
    assert_eq!(rename(Some(&service.base_url)).await, 401);
    let dashboard = no_redirects()
        .get(format!("{}/dashboard/t/{tournament}", service.base_url))
        .header("Cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(dashboard.status(), 303);
    assert!(dashboard.headers()["location"]
        .to_str()
        .unwrap()
        .starts_with("/sign-in?"));
    // The token itself still works: signing out ends the session, not the credential.
    let me = service
        .request(Method::GET, "/me", Some(&token))
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), 200);
}

#[tokio::test]
async fn a_session_ends_with_its_token_and_at_its_expiries() {
    let service = TestService::start().await;
    let mut connection = arbitre_api::db::Connection::establish(&service.database_url)
        .await
        .unwrap();
    let mut run = async |statement: &str| {
        diesel_async::RunQueryDsl::execute(diesel::sql_query(statement), &mut connection)
            .await
            .unwrap();
    };
    let idle = service.session_cookie(&service.admin_token).await;
    let old = service.session_cookie(&service.admin_token).await;
    let kept = service.session_cookie(&service.admin_token).await;
    for cookie in [&idle, &old, &kept] {
        assert_eq!(me_with_cookie(&service, cookie).await, 200);
    }
    let hash = |cookie: &str| {
        let id = cookie.split_once('=').unwrap().1;
        let hash = arbitre_api::access::hash_secret(id);
        hash.iter()
            .map(|byte| format!("{byte:02x}"))
            .collect::<String>()
    };
    run(&format!(
        "UPDATE sessions SET last_seen_at = now() - interval '25 hours' \
         WHERE id_sha256 = '\\x{}'",
        hash(&idle)
    ))
    .await;
    run(&format!(
        "UPDATE sessions SET expires_at = now() - interval '1 second' \
         WHERE id_sha256 = '\\x{}'",
        hash(&old)
    ))
    .await;
    assert_eq!(me_with_cookie(&service, &idle).await, 401, "idle too long");
    assert_eq!(
        me_with_cookie(&service, &old).await,
        401,
        "past its lifetime"
    );
    assert_eq!(me_with_cookie(&service, &kept).await, 200);
    run("UPDATE api_tokens SET revoked_at = now() WHERE role = 'admin'").await;
    assert_eq!(me_with_cookie(&service, &kept).await, 401, "token revoked");
}

#[tokio::test]
async fn forwarding_headers_from_an_untrusted_peer_change_neither_the_origin_nor_the_cookie() {
    let service = TestService::start().await;
    let sign_in = |origin: String| {
        no_redirects()
            .post(format!("{}/sign-in", service.base_url))
            .header("Origin", origin)
            .header("X-Forwarded-Proto", "https")
            .header("X-Forwarded-Host", "evil.example")
            .header("Forwarded", "proto=https;host=evil.example")
            .form(&[("token", service.admin_token.as_str())])
            .send()
    };
    let forged = sign_in("https://evil.example".to_string()).await.unwrap();
    assert_eq!(forged.status(), 403);
    assert!(forged.headers().get("set-cookie").is_none());
    let own = sign_in(service.base_url.clone()).await.unwrap();
    assert_eq!(own.status(), 303);
    let cookie = own.headers()["set-cookie"].to_str().unwrap();
    assert!(!cookie.contains("Secure"), "{cookie}");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
}

#[tokio::test]
async fn a_control_character_in_the_next_page_is_refused_never_a_500() {
    let service = TestService::start().await;
    for next in [
        "/dashboard\r\nSet-Cookie: x=1",
        "/dashboard\n",
        "/dashboard\0",
    ] {
        let form = no_redirects()
            .get(format!("{}/sign-in", service.base_url))
            .query(&[("next", next)])
            .send()
            .await
            .unwrap();
        assert_eq!(form.status(), 400, "{next:?}");
        let posted = no_redirects()
            .post(format!("{}/sign-in", service.base_url))
            .header("Origin", &service.base_url)
            .form(&[("token", service.admin_token.as_str()), ("next", next)])
            .send()
            .await
            .unwrap();
        // No request could mean it: 400, as in the form's query.
        assert_eq!(posted.status(), 400, "{next:?}");
        assert!(posted.headers().get("set-cookie").is_none());
    }
    let fine = no_redirects()
        .post(format!("{}/sign-in", service.base_url))
        .header("Origin", &service.base_url)
        .form(&[
            ("token", service.admin_token.as_str()),
            ("next", "/dashboard"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(fine.status(), 303);
}
