//! The tables, as diesel sees them. Kept in step with `migrations/` by hand; the test
//! `migrations::schema_rs_is_the_migrated_database` compares it with the catalog.

diesel::table! {
    tournaments (id) {
        id -> Uuid,
        name -> Text,
        place -> Text,
        start_date -> Date,
        end_date -> Date,
        ruleset -> Text,
        komi_policy -> Jsonb,
        time_control -> Jsonb,
        online -> Bool,
        egd_class -> Text,
        handicap_policy -> Jsonb,
        dispute_policy -> Text,
        placement_criteria -> Jsonb,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        country -> Text,
        standings_settings -> Jsonb,
        pairing_parameters -> Jsonb,
        number_of_rounds -> Int4,
        revision -> Int8,
        board_size -> Int2,
        opengotha_kept -> Jsonb,
        language -> Text,
        time_zone -> Text,
    }
}

diesel::table! {
    players (id) {
        id -> Uuid,
        tournament_id -> Uuid,
        surname -> Text,
        first_name -> Text,
        rank -> Text,
        rating -> Nullable<Int4>,
        country -> Nullable<Text>,
        club -> Nullable<Text>,
        egd_pin -> Nullable<Text>,
        ffg_licence -> Nullable<Text>,
        aga_id -> Nullable<Text>,
        mms_correction -> Int4,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        preliminary -> Bool,
        paid -> Bool,
        comment -> Nullable<Text>,
    }
}

diesel::table! {
    rounds (id) {
        id -> Uuid,
        tournament_id -> Uuid,
        number -> Int4,
        scheduled_at -> Nullable<Timestamptz>,
        started_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    registrations (round_id, player_id) {
        round_id -> Uuid,
        player_id -> Uuid,
        status -> Text,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    pairings (id) {
        id -> Uuid,
        round_id -> Uuid,
        table_number -> Int4,
        black_id -> Uuid,
        white_id -> Uuid,
        handicap -> Int2,
        komi -> Float8,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        result -> Nullable<Text>,
        opengotha_result -> Nullable<Text>,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Uuid,
        secret_sha256 -> Bytea,
        role -> Text,
        tournament_id -> Nullable<Uuid>,
        pairing_id -> Nullable<Uuid>,
        label -> Text,
        created_at -> Timestamptz,
        revoked_at -> Nullable<Timestamptz>,
        table_number -> Nullable<Int4>,
    }
}

diesel::table! {
    sign_in_codes (code_sha256) {
        code_sha256 -> Bytea,
        role -> Text,
        tournament_id -> Nullable<Uuid>,
        table_number -> Nullable<Int4>,
        label -> Text,
        issued_by -> Nullable<Uuid>,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    sessions (id_sha256) {
        id_sha256 -> Bytea,
        token_id -> Uuid,
        created_at -> Timestamptz,
        last_seen_at -> Timestamptz,
        expires_at -> Timestamptz,
        ended_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    pairing_rulings (id) {
        id -> Uuid,
        pairing_id -> Uuid,
        issued_by -> Uuid,
        reason -> Text,
        previous -> Jsonb,
        changes -> Jsonb,
        issued_at -> Timestamptz,
    }
}

diesel::table! {
    pairing_events (id) {
        id -> Int8,
        pairing_id -> Uuid,
        tournament_id -> Uuid,
        result -> Nullable<Text>,
        issued_by -> Uuid,
        recorded_at -> Timestamptz,
    }
}

diesel::joinable!(players -> tournaments (tournament_id));
diesel::joinable!(rounds -> tournaments (tournament_id));
diesel::joinable!(registrations -> rounds (round_id));
diesel::joinable!(registrations -> players (player_id));
diesel::joinable!(pairings -> rounds (round_id));
diesel::joinable!(pairing_rulings -> pairings (pairing_id));
diesel::joinable!(pairing_rulings -> api_tokens (issued_by));
diesel::joinable!(sessions -> api_tokens (token_id));

diesel::allow_tables_to_appear_in_same_query!(
    tournaments,
    players,
    rounds,
    registrations,
    pairings,
    api_tokens,
    pairing_rulings,
    sessions,
);

diesel::table! {
    games (id) {
        id -> Uuid,
        tournament_id -> Uuid,
        pairing_id -> Uuid,
        settings -> Jsonb,
        time_control -> Jsonb,
        flag_policy -> Text,
        last_seq -> Int4,
        turns -> Int4,
        phase -> Text,
        result -> Nullable<Text>,
        flag_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    game_events (game_id, seq) {
        id -> Int8,
        game_id -> Uuid,
        seq -> Int4,
        tournament_id -> Uuid,
        kind -> Text,
        turn_number -> Nullable<Int4>,
        event -> Nullable<Jsonb>,
        ruling -> Nullable<Jsonb>,
        issued_by -> Nullable<Uuid>,
        at_ms -> Int8,
        recorded_at -> Timestamptz,
        result -> Nullable<Text>,
    }
}

diesel::table! {
    idempotency_keys (token_id, key) {
        token_id -> Uuid,
        key -> Text,
        fingerprint -> Bytea,
        status -> Int2,
        body -> Jsonb,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    deletions (id) {
        id -> Uuid,
        tournament_id -> Uuid,
        subject -> Text,
        subject_id -> Uuid,
        reason -> Text,
        snapshot -> Jsonb,
        issued_by -> Uuid,
        issued_by_label -> Text,
        deleted_at -> Timestamptz,
    }
}

diesel::joinable!(games -> pairings (pairing_id));
diesel::joinable!(game_events -> games (game_id));
diesel::allow_tables_to_appear_in_same_query!(games, game_events);
diesel::joinable!(pairing_events -> pairings (pairing_id));
// A tournament's log names the place of each entry's pairing (`store::games`).
diesel::allow_tables_to_appear_in_same_query!(game_events, pairings);
diesel::allow_tables_to_appear_in_same_query!(game_events, rounds);
diesel::allow_tables_to_appear_in_same_query!(games, pairings);
diesel::allow_tables_to_appear_in_same_query!(games, rounds);
diesel::allow_tables_to_appear_in_same_query!(pairing_events, pairings);
diesel::allow_tables_to_appear_in_same_query!(pairing_events, rounds);

diesel::table! {
    rating_lists (id) {
        id -> Uuid,
        source -> Text,
        list_date -> Date,
        sha256 -> Bytea,
        content -> Bytea,
        entries -> Int4,
        imported_at -> Timestamptz,
    }
}

diesel::table! {
    tournament_rating_lists (tournament_id, source) {
        tournament_id -> Uuid,
        source -> Text,
        rating_list_id -> Uuid,
        pinned_at -> Timestamptz,
    }
}

diesel::table! {
    player_licence_statuses (player_id) {
        player_id -> Uuid,
        ffg_licence_status -> Text,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    player_rating_updates (id) {
        id -> Uuid,
        player_id -> Uuid,
        rating_list_id -> Uuid,
        field -> Text,
        previous -> Nullable<Text>,
        value -> Text,
        applied_by -> Uuid,
        applied_at -> Timestamptz,
    }
}

diesel::joinable!(tournament_rating_lists -> rating_lists (rating_list_id));
diesel::joinable!(player_licence_statuses -> players (player_id));
diesel::joinable!(player_rating_updates -> players (player_id));
diesel::allow_tables_to_appear_in_same_query!(
    rating_lists,
    tournament_rating_lists,
    players,
    player_licence_statuses,
    player_rating_updates,
);

diesel::table! {
    audit_entries (id) {
        id -> Uuid,
        tournament_id -> Uuid,
        action -> Text,
        subject -> Text,
        subject_id -> Nullable<Uuid>,
        by_token -> Uuid,
        by_label -> Text,
        at -> Timestamptz,
        detail -> Text,
    }
}
