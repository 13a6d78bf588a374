//! Every migration goes up, every `down.sql` goes down, and up again.

use arbitre_api::db;
use arbitre_tests::cluster;
use std::collections::BTreeMap;

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

/// The tables of `api/src/schema.rs`: each column's diesel type, and whether it is nullable.
fn declared_schema() -> BTreeMap<String, BTreeMap<String, (String, bool)>> {
    let source = include_str!("../../../api/src/schema.rs");
    let mut tables = BTreeMap::new();
    let mut table: Option<String> = None;
    for line in source.lines().map(str::trim) {
        if let (None, Some((name, _))) = (&table, line.split_once(" (")) {
            if line.ends_with('{') && !line.starts_with("diesel::") {
                table = Some(name.to_string());
            }
        } else if let (Some(name), Some((column, sql_type))) = (&table, line.split_once(" -> ")) {
            let sql_type = sql_type.trim_end_matches(',');
            let (sql_type, nullable) = match sql_type.strip_prefix("Nullable<") {
                Some(inner) => (inner.trim_end_matches('>'), true),
                None => (sql_type, false),
            };
            tables
                .entry(name.clone())
                .or_insert_with(BTreeMap::new)
                .insert(column.to_string(), (sql_type.to_string(), nullable));
        } else if line == "}" {
            table = None;
        }
    }
    tables
}

/// The diesel type of a PostgreSQL type (its `udt_name`), as `diesel print-schema` writes it.
fn diesel_type(udt_name: &str) -> String {
    match udt_name {
        "uuid" => "Uuid",
        "text" => "Text",
        "date" => "Date",
        "jsonb" => "Jsonb",
        "bool" => "Bool",
        "timestamptz" => "Timestamptz",
        "int2" => "Int2",
        "int4" => "Int4",
        "int8" => "Int8",
        "float8" => "Float8",
        "bytea" => "Bytea",
        other => panic!("no diesel type known here for {other}: add it"),
    }
    .to_string()
}

/// `api/src/schema.rs` is kept by hand: it names every table of the migrated database and
/// every column, with its type and nullability, as the catalog has them.
#[tokio::test]
async fn schema_rs_is_the_migrated_database() {
    use diesel::sql_types::Text;
    use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

    #[derive(diesel::QueryableByName)]
    struct Column {
        #[diesel(sql_type = Text)]
        table_name: String,
        #[diesel(sql_type = Text)]
        column_name: String,
        #[diesel(sql_type = Text)]
        udt_name: String,
        #[diesel(sql_type = Text)]
        is_nullable: String,
    }
    let url = cluster().fresh_database().await;
    let mut connection = AsyncPgConnection::establish(&url).await.unwrap();
    let columns: Vec<Column> = diesel::sql_query(
        "SELECT table_name::text, column_name::text, udt_name::text, is_nullable::text \
         FROM information_schema.columns \
         WHERE table_schema = 'public' AND table_name <> '__diesel_schema_migrations'",
    )
    .load(&mut connection)
    .await
    .unwrap();
    let mut migrated: BTreeMap<String, BTreeMap<String, (String, bool)>> = BTreeMap::new();
    for column in columns {
        migrated.entry(column.table_name).or_default().insert(
            column.column_name,
            (diesel_type(&column.udt_name), column.is_nullable == "YES"),
        );
    }
    let declared = declared_schema();
    assert!(declared.len() >= 9, "schema.rs read: {declared:#?}");
    assert_eq!(declared, migrated);
}
