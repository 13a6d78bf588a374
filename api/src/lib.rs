//! The arbitre service: HTTP routes over a PostgreSQL store.

pub mod access;
pub mod auth;
pub mod commands;
pub mod config;
pub mod db;
pub mod error;
pub mod http;
pub mod i18n;
pub mod metrics;
pub mod openapi;
pub mod peer;
pub mod postgres;
pub mod router;
pub mod routes;
pub mod schema;
pub mod server;
pub mod services;
pub mod store;
pub mod web;
