//! The pages' static files, compiled into the binary: the hall's network may reach no
//! other host, and a running server never depends on files beside it.
//!
//! Each answer carries a strong `ETag` (a hash of the bytes) and `Cache-Control:
//! no-cache`: a browser keeps the file and asks again with `If-None-Match`, so a new
//! binary's files are seen at once and an unchanged one costs a `304`.

use super::page::PageError;
use crate::error::ApiError;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// An embedded file: its name under `/assets/`, media type and bytes.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    bytes: &'static [u8],
}

const ASSETS: &[Asset] = &[
    Asset {
        name: "arbitre.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../assets/arbitre.css"),
    },
    Asset {
        name: "favicon.svg",
        content_type: "image/svg+xml",
        bytes: include_bytes!("../../assets/favicon.svg"),
    },
    Asset {
        name: "tablet.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../assets/tablet.css"),
    },
    Asset {
        name: "tablet.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/tablet.js"),
    },
    Asset {
        name: "words.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/words.js"),
    },
    Asset {
        name: "tablet-sw.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/tablet-sw.js"),
    },
    Asset {
        name: "hall.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/hall.js"),
    },
    Asset {
        name: "referee.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../assets/referee.css"),
    },
    Asset {
        name: "dead-stones.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/dead-stones.js"),
    },
    Asset {
        name: "live.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/live.js"),
    },
    Asset {
        name: "time-class.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/time-class.js"),
    },
];

/// The table's service worker (issue 43): a reload offline shows the table again.
const TABLET_WORKER: &str = "tablet-sw.js";

/// The `ETag` of each asset, computed once.
fn etags() -> &'static [String] {
    static ETAGS: OnceLock<Vec<String>> = OnceLock::new();
    ETAGS.get_or_init(|| {
        ASSETS
            .iter()
            .map(|asset| {
                let digest = Sha256::digest(asset.bytes);
                let hex: String = digest[..12]
                    .iter()
                    .map(|byte| format!("{byte:02x}"))
                    .collect();
                format!("\"{hex}\"")
            })
            .collect()
    })
}

/// `GET /assets/{name}`.
pub async fn get(request: HttpRequest, name: web::Path<String>) -> Result<HttpResponse, PageError> {
    let index = ASSETS
        .iter()
        .position(|asset| asset.name == name.as_str())
        .ok_or(PageError(ApiError::RouteNotFound))?;
    let asset = &ASSETS[index];
    let etag = &etags()[index];
    let unchanged = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.split(',').any(|tag| tag.trim() == etag));
    let mut response = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, etag.as_str()))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"));
    if asset.name == TABLET_WORKER {
        // It keeps the table's page, `/table`, outside `/assets/`.
        response.insert_header(("Service-Worker-Allowed", "/table"));
    }
    Ok(if unchanged {
        response.finish()
    } else {
        response.content_type(asset.content_type).body(asset.bytes)
    })
}
