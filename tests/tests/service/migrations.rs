//! Every migration goes up, every `down.sql` goes down, and up again.

use arbitre_api::db;
use arbitre_tests::cluster;

#[tokio::test]
async fn every_down_sql_works() {
    let url = cluster().empty_database().await;
    let check_url = url.clone();
    let (up, down, again) = tokio::task::spawn_blocking(move || {
        let up = db::migrate_blocking(&check_url).unwrap();
        let down = db::revert_all_blocking(&check_url).unwrap();
        let again = db::migrate_blocking(&check_url).unwrap();
        (up, down, again)
    })
    .await
    .unwrap();
    assert!(!up.is_empty());
    assert_eq!(down.len(), up.len());
    assert_eq!(again, up);
    assert_eq!(
        down.iter().rev().collect::<Vec<_>>(),
        up.iter().collect::<Vec<_>>()
    );
}
