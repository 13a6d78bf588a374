//! The committed `openapi/openapi.json` is the contract: it must be what the code
//! generates. `ARBITRE_WRITE_OPENAPI=1 ./scripts/test openapi` (or `arbitre openapi --write
//! openapi/openapi.json`) rewrites it on purpose.

use arbitre_tests::TestService;
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
