//! The confirmation a destructive form asks first: posted without `confirmed`, the form
//! answers a page that says what will be taken away and asks again; only the second
//! post, from that page's button, acts. No script needed, and no one click undoes a
//! person's work.

use crate::i18n::Language;
use crate::web::page::{secured, Page, PageError};
use crate::web::session::Signed;
use crate::web::session::Viewer;
use actix_web::HttpResponse;
use askama::Template;
use serde::Deserialize;

/// What a destructive form carries besides its own fields.
#[derive(Debug, Default, Deserialize)]
pub struct Confirmed {
    /// `yes` from the confirmation page's button.
    #[serde(default)]
    confirmed: Option<String>,
}

impl Confirmed {
    pub fn is_confirmed(&self) -> bool {
        self.confirmed.as_deref() == Some("yes")
    }
}

/// The question to ask.
#[derive(Template)]
#[template(path = "dashboard/confirm.html")]
pub struct Confirmation {
    pub t: Language,
    signed_in: Option<Signed>,
    /// `Revoke a credential`.
    pub title: String,
    /// What will happen, in a sentence.
    pub question: String,
    /// Where the confirmed form goes (the form's own action).
    pub action: String,
    /// The button that does it: `Revoke Marie (referee)`.
    pub button: String,
    /// The page to go back to.
    pub back: String,
    /// The form's own fields, carried by the confirmed post (name, value).
    pub fields: Vec<(String, String)>,
}

impl Confirmation {
    pub fn new(viewer: &Viewer) -> Confirmation {
        Confirmation {
            t: viewer.language(),
            signed_in: viewer.describe(),
            title: String::new(),
            question: String::new(),
            action: String::new(),
            button: String::new(),
            back: String::new(),
            fields: Vec::new(),
        }
    }

    /// The confirmation page.
    pub fn ask(&self) -> Result<HttpResponse, PageError> {
        let page = Page::render(self)?;
        Ok(secured(HttpResponse::Ok(), page.0))
    }
}
