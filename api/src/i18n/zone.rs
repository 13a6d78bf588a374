//! A tournament's time zone: the times its pages show are the hall's clock, not UTC.
//! Zones are IANA names (`Europe/Paris`), read by `chrono-tz`, whose rules follow the
//! zone's summer time.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::LazyLock;

/// A time zone, by its IANA name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeZone(Tz);

/// The server's own zone: `ARBITRE_TIME_ZONE`, else the machine's, else UTC. A
/// tournament created without a zone takes it: the server usually stands in the hall.
static SERVER: LazyLock<TimeZone> = LazyLock::new(|| {
    let configured = std::env::var("ARBITRE_TIME_ZONE").ok();
    let machine = iana_time_zone::get_timezone().ok();
    configured
        .iter()
        .chain(machine.iter())
        .find_map(|name| TimeZone::of_name(name))
        .unwrap_or(TimeZone(Tz::UTC))
});

impl TimeZone {
    /// The zone of an IANA name (`Europe/Paris`, `UTC`).
    pub fn of_name(name: &str) -> Option<TimeZone> {
        name.trim().parse::<Tz>().ok().map(TimeZone)
    }

    /// The server's zone (see [`SERVER`]).
    pub fn server() -> TimeZone {
        *SERVER
    }

    /// Its IANA name.
    pub fn name(&self) -> &'static str {
        self.0.name()
    }

    /// Every zone's name, for the settings form's suggestions.
    pub fn names() -> impl Iterator<Item = &'static str> {
        chrono_tz::TZ_VARIANTS.iter().map(|zone| zone.name())
    }

    /// `at` on this zone's clock.
    pub fn local(&self, at: DateTime<Utc>) -> DateTime<Tz> {
        at.with_timezone(&self.0)
    }
}

impl Default for TimeZone {
    fn default() -> TimeZone {
        TimeZone::server()
    }
}

impl Serialize for TimeZone {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for TimeZone {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TimeZone, D::Error> {
        let name = String::deserialize(deserializer)?;
        TimeZone::of_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{name:?} is not an IANA time zone name (such as Europe/Paris)"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zone_is_found_by_its_iana_name() {
        assert_eq!(
            TimeZone::of_name("Europe/Paris").unwrap().name(),
            "Europe/Paris"
        );
        assert_eq!(TimeZone::of_name("Paris"), None);
        assert!(TimeZone::names().any(|name| name == "Europe/Rome"));
    }
}
