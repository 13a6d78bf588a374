//! A file uploaded with a plain form (`multipart/form-data`, no script needed): its bytes,
//! at most a limit, and the form's other fields.

use crate::error::{ApiError, FieldError, Issue};
use actix_multipart::Multipart;
use actix_web::web;
use futures_util::StreamExt as _;

/// The form's `file` and its text fields.
pub struct Upload {
    pub file: web::Bytes,
    fields: Vec<(String, String)>,
}

impl Upload {
    /// The text field `name`, if the form sent it.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(field, _)| field == name)
            .map(|(_, value)| value.as_str())
    }
}

/// Reads the form: its `file` field, at most `limit` bytes (`missing` says what to choose
/// when it is absent or empty), and its text fields.
pub async fn read(mut form: Multipart, limit: usize, missing: &str) -> Result<Upload, ApiError> {
    let unreadable = |error: actix_multipart::MultipartError| {
        ApiError::InvalidBody(FieldError::new("file", error.to_string()))
    };
    let mut file = web::BytesMut::new();
    let mut fields = Vec::new();
    while let Some(field) = form.next().await {
        let mut field = field.map_err(unreadable)?;
        let name = field.name().unwrap_or_default().to_string();
        let mut bytes = web::BytesMut::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(unreadable)?;
            if bytes.len() + chunk.len() > limit {
                let megabytes = limit / (1024 * 1024);
                return Err(ApiError::InvalidBody(FieldError::of_issue(
                    "file",
                    Issue::FileTooLarge { megabytes },
                    format!("must be at most {megabytes} MB"),
                )));
            }
            bytes.extend_from_slice(&chunk);
        }
        if name == "file" {
            file = bytes;
        } else {
            fields.push((name, String::from_utf8_lossy(&bytes).into_owned()));
        }
    }
    if file.is_empty() {
        return Err(ApiError::InvalidBody(FieldError::of_issue(
            "file",
            Issue::NoFile,
            missing,
        )));
    }
    Ok(Upload {
        file: file.freeze(),
        fields,
    })
}
