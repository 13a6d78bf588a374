//! Who is already registered: the rule that decides whether a player of one tournament is
//! a player already registered in another, when an organizer copies the players of an
//! earlier tournament into a new one (as OpenGotha's import of players from a tournament
//! file does by hand). A federation's id names one person: the same EGD PIN or FFG
//! licence is the same player; two different ones of the same federation are two people,
//! whatever their names (namesakes). Without an id to decide, the same name (surname and
//! first name, compared without case and extra spaces) is the same player.

/// A player as the rule sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identity<'a> {
    pub surname: &'a str,
    pub first_name: &'a str,
    pub egd_pin: Option<&'a str>,
    pub ffg_licence: Option<&'a str>,
}

/// Why two players are the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Same {
    EgdPin,
    FfgLicence,
    Name,
}

impl Same {
    /// The reason's name in the API (`egd_pin`, `ffg_licence`, `name`).
    pub fn name(self) -> &'static str {
        match self {
            Same::EgdPin => "egd_pin",
            Same::FfgLicence => "ffg_licence",
            Same::Name => "name",
        }
    }
}

/// An id as given, without spaces around; an empty one is no id.
fn id(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|text| !text.is_empty())
}

/// A name compared without case and extra spaces.
fn folded(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether `a` and `b` are the same player, and why.
pub fn same(a: &Identity, b: &Identity) -> Option<Same> {
    let ids = [
        (id(a.egd_pin), id(b.egd_pin), Same::EgdPin),
        (id(a.ffg_licence), id(b.ffg_licence), Same::FfgLicence),
    ];
    for (first, second, reason) in ids {
        if let (Some(first), Some(second)) = (first, second) {
            return (first == second).then_some(reason);
        }
    }
    (folded(a.surname) == folded(b.surname) && folded(a.first_name) == folded(b.first_name))
        .then_some(Same::Name)
}

/// For each of `candidates`, in order: `None` to register them, or the player they
/// already are (an index into `registered`, then into the candidates registered before
/// them, counted after `registered`) and why. A candidate listed twice is registered once.
pub fn already_registered(
    registered: &[Identity],
    candidates: &[Identity],
) -> Vec<Option<(usize, Same)>> {
    let mut known: Vec<Identity> = registered.to_vec();
    candidates
        .iter()
        .map(|candidate| {
            let found = known
                .iter()
                .enumerate()
                .find_map(|(index, player)| same(player, candidate).map(|why| (index, why)));
            if found.is_none() {
                known.push(*candidate);
            }
            found
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player<'a>(
        surname: &'a str,
        first_name: &'a str,
        egd_pin: Option<&'a str>,
        ffg_licence: Option<&'a str>,
    ) -> Identity<'a> {
        Identity {
            surname,
            first_name,
            egd_pin,
            ffg_licence,
        }
    }

    #[test]
    fn the_same_federation_id_is_the_same_player_whatever_the_name() {
        let a = player("Dupont", "Jean", Some("12345678"), None);
        let b = player("Dupond", "J.", Some(" 12345678 "), None);
        assert_eq!(same(&a, &b), Some(Same::EgdPin));
        let c = player("Dupont", "Jean", None, Some("1234567"));
        let d = player("Dupond", "Jeanne", Some("99"), Some("1234567"));
        assert_eq!(same(&c, &d), Some(Same::FfgLicence));
    }

    #[test]
    fn two_ids_of_one_federation_are_two_namesakes() {
        let a = player("Martin", "Anne", Some("111"), None);
        let b = player("Martin", "Anne", Some("222"), None);
        assert_eq!(same(&a, &b), None);
        // An EGD PIN on one side only does not decide: the FFG licences do.
        let c = player("Martin", "Anne", Some("111"), Some("7"));
        let d = player("Martin", "Anne", None, Some("8"));
        assert_eq!(same(&c, &d), None);
    }

    #[test]
    fn without_ids_to_decide_the_name_does_without_case_and_spaces() {
        let a = player("Lefèvre", "Émile", None, Some(""));
        let b = player(" LEFÈVRE ", "émile", Some("5"), None);
        assert_eq!(same(&a, &b), Some(Same::Name));
        let c = player("Lefèvre", "Emile", None, None);
        assert_eq!(same(&a, &c), None);
    }

    #[test]
    fn candidates_already_registered_or_listed_twice_are_found() {
        let registered = [player("Dubois", "Paul", None, None)];
        let candidates = [
            player("dubois", "paul", None, None),
            player("Garnier", "Léa", Some("42"), None),
            player("Garnier", "Lea", Some("42"), None),
            player("Moreau", "Julie", None, None),
        ];
        assert_eq!(
            already_registered(&registered, &candidates),
            [Some((0, Same::Name)), None, Some((1, Same::EgdPin)), None]
        );
    }
}
