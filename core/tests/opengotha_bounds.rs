//! The OpenGotha reader's work stays linear in the file (issue 24): one element's
//! attributes and the depth of the nesting are bounded, so that no hostile file costs more
//! than reading its bytes. (`cargo bench -p arbitre-core --bench opengotha_import --
//! opengotha_hostile` times the 8 MiB files.)

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use arbitre_core::export::opengotha::{self, OpenGothaError};
use arbitre_core::standings::Tournament;

fn juvisy() -> String {
    std::fs::read_to_string(format!(
        "{}/tests/golden/juvisy.xml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn with_attributes(count: usize) -> String {
    element_with_attributes("Players", "Player", count)
}

/// A file whose one `element`, inside `parent`, has `count` attributes.
fn element_with_attributes(parent: &str, element: &str, count: usize) -> String {
    let mut xml = format!("<Tournament>\n<{parent}>\n<{element}");
    for attribute in 0..count {
        xml.push_str(&format!(" a{attribute}=\"x\""));
    }
    xml.push_str(&format!("/>\n</{parent}>\n</Tournament>\n"));
    xml
}

#[test]
fn an_element_with_too_many_attributes_is_refused_naming_it() {
    let file = with_attributes(80_000);
    let refused = opengotha::import(file.as_bytes()).unwrap_err();
    let OpenGothaError::TooLarge { line, what } = &refused else {
        panic!("{refused:?}");
    };
    assert_eq!(*line, 3);
    assert!(
        what.contains("<Player> has more than 256 attributes"),
        "{what}"
    );
    // The pairing settings' reader reads its elements with the same bound.
    let tournament = opengotha::import(juvisy().as_bytes()).unwrap();
    let file = element_with_attributes("TournamentParameterSet", "PairingParameterSet", 80_000);
    let refused = arbitre_core::pairing::opengotha::read(file.as_bytes(), &tournament).err();
    assert!(
        matches!(refused, Some(OpenGothaError::TooLarge { line: 3, .. })),
        "{refused:?}"
    );
    // At the bound, the element is read.
    let at_bound = with_attributes(256);
    assert!(!matches!(
        opengotha::import(at_bound.as_bytes()),
        Err(OpenGothaError::TooLarge { .. })
    ));
}

#[test]
fn a_repeated_attribute_is_malformed_xml() {
    let file = juvisy().replacen("<Player ", "<Player name=\"A\" name=\"B\" ", 1);
    let refused = opengotha::import(file.as_bytes()).unwrap_err();
    assert!(
        matches!(&refused, OpenGothaError::Xml { message, .. } if message.contains("`name` is repeated")),
        "{refused:?}"
    );
}

fn nested(depth: usize, elements: usize) -> String {
    let mut block = "<x>".repeat(depth);
    block.push_str(&"<y/>".repeat(elements));
    block.push_str(&"</x>".repeat(depth));
    juvisy().replacen("</Tournament>", &format!("{block}\n</Tournament>"), 1)
}

#[test]
fn nesting_is_bounded_and_many_elements_inside_it_are_read() {
    let refused = opengotha::import(nested(100, 10).as_bytes()).unwrap_err();
    assert!(
        matches!(&refused, OpenGothaError::TooLarge { what, .. } if what.contains("nested more than 64 deep")),
        "{refused:?}"
    );
    let read: Tournament = opengotha::import(nested(60, 100_000).as_bytes()).unwrap();
    assert_eq!(read.players.len(), 19);
}
