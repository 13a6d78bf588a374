//! The first admin signs in from the pages: `arbitre serve`, finding no admin, prints a
//! one-time link on its console (as Jupyter prints its token); the link signs one browser
//! in as admin, once; the code is stored hashed; a start with an admin prints nothing.

use arbitre_tests::cluster;
use arbitre_tests::served::Served;
use diesel::sql_types::{Bytea, Text};
use diesel::QueryableByName;
use diesel_async::{AsyncConnection, RunQueryDsl};
use sha2::{Digest, Sha256};

#[derive(QueryableByName)]
struct StoredCode {
    #[diesel(sql_type = Bytea)]
    code_sha256: Vec<u8>,
    #[diesel(sql_type = Text)]
    role: String,
}

#[tokio::test]
async fn a_fresh_service_prints_a_one_time_link_that_signs_the_first_admin_in() {
    let database_url = cluster().fresh_database().await;
    let (server, link) = Served::first_start(&database_url).await;
    let base = server.base.clone();
    assert!(link.starts_with(&format!("{base}/sign-in/link/")), "{link}");
    let code = link.rsplit('/').next().unwrap().to_string();

    // Stored hashed: the code itself is nowhere in the database.
    let mut connection = arbitre_api::db::Connection::establish(&database_url)
        .await
        .unwrap();
    let stored: Vec<StoredCode> = diesel::sql_query("SELECT code_sha256, role FROM sign_in_codes")
        .load(&mut connection)
        .await
        .unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].role, "admin");
    assert_eq!(
        stored[0].code_sha256,
        Sha256::digest(code.as_bytes()).to_vec()
    );

    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let page = client.get(&link).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page
        .text()
        .await
        .unwrap()
        .contains("Sign in as First admin"));
    let used = client
        .post(&link)
        .header("Origin", &base)
        .send()
        .await
        .unwrap();
    assert_eq!(used.status(), 303);
    assert_eq!(used.headers()["location"], "/dashboard");
    let cookie = used.headers()["set-cookie"].to_str().unwrap().to_string();
    let session = cookie.split(';').next().unwrap().to_string();
    let dashboard = client
        .get(format!("{base}/dashboard"))
        .header("Cookie", &session)
        .send()
        .await
        .unwrap();
    assert_eq!(dashboard.status(), 200);
    let dashboard = dashboard.text().await.unwrap();
    assert!(
        dashboard.contains("Signed in as First admin (administrator)"),
        "{dashboard}"
    );
    assert!(
        dashboard.contains("Create a tournament"),
        "an admin may create"
    );

    // Once only.
    let again = client
        .post(&link)
        .header("Origin", &base)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 410);
    assert!(again.headers().get("set-cookie").is_none());
    let address = server.address().to_string();
    assert!(server.signal("TERM").success());

    // An admin exists now: the next start prints no link.
    let (server, console) = Served::start_with_console(&database_url, &address).await;
    assert!(server.signal("TERM").success());
    let printed: Vec<String> = console.iter().collect();
    assert!(
        printed.iter().all(|line| !line.contains("/sign-in/link/")),
        "{printed:?}"
    );
}
