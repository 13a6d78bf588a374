//! When each table's tablet was last heard from (issue 43), for the referee's hall: a table
//! whose tablet falls silent is marked offline (`arbitre_core::hall::Link`), and once back
//! with the steps it still has to send. A tablet reports every few seconds while its page
//! is open (`POST /table/contact`, with how many steps wait in its outbox), and every
//! request of its page counts as contact.
//!
//! Kept in memory: a contact is worth seconds, and a service with several instances
//! answers the hall from the instance the tablet reached (a tablet keeps its connection).

use arbitre_core::hall::Contact;
use std::collections::HashMap;
use std::sync::Mutex;
use uuid::Uuid;

/// A table: its tournament and number.
type TableKey = (Uuid, i32);

#[derive(Debug, Default)]
pub struct Contacts(Mutex<HashMap<TableKey, Contact>>);

impl Contacts {
    /// The tablet of table `table` of `tournament` was heard from.
    pub fn heard(&self, tournament: Uuid, table: i32, contact: Contact) {
        if let Ok(mut contacts) = self.0.lock() {
            contacts.insert((tournament, table), contact);
        }
    }

    /// The last contact with the tablet of table `table` of `tournament`.
    pub fn last(&self, tournament: Uuid, table: i32) -> Option<Contact> {
        self.0
            .lock()
            .ok()
            .and_then(|contacts| contacts.get(&(tournament, table)).copied())
    }
}
