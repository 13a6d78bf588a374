//! The catalogs and the templates kept honest: every language has every message, every
//! message is used, and no template holds a sentence of its own.

use super::Language;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Messages whose ids are built at run time, by their prefix: the months of
/// [`Language::date`], and the error pages' own words for a problem's code
/// (`crate::web::page::ErrorPage`).
const BUILT: &[&str] = &["month-", "problem-", "file-problem-"];

/// Words a template may hold as they are: proper names, the same in every language (the
/// product's, the rating federations' acronyms).
const ALLOWED: &[&str] = &["arbitre", "EGD", "FFG", "AGA"];

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn files(folder: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Everything that may name a message: the templates, the Rust sources, the scripts.
fn sources() -> String {
    let mut paths = Vec::new();
    for folder in ["templates", "src", "assets"] {
        files(&manifest().join(folder), &mut paths);
    }
    paths
        .iter()
        .filter(|path| {
            path.extension()
                .is_some_and(|ext| ext == "html" || ext == "rs" || ext == "js")
        })
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_catalog_has_every_message_of_every_other() {
    let all: BTreeSet<&str> = Language::all()
        .flat_map(|language| language.message_ids().iter().map(String::as_str))
        .collect();
    for language in Language::all() {
        let own: BTreeSet<&str> = language.message_ids().iter().map(String::as_str).collect();
        let missing: Vec<_> = all.difference(&own).collect();
        assert!(
            missing.is_empty(),
            "{}.ftl lacks {missing:?}",
            language.code()
        );
    }
    assert!(Language::all().count() >= 4, "fr, en, it and de at least");
}

/// A message said twice is a message the bundle refuses the second time: the page would
/// show the first, whatever the second says.
#[test]
fn no_catalog_says_a_message_twice() {
    for language in Language::all() {
        let mut seen = BTreeSet::new();
        let repeated: Vec<&String> = language
            .message_ids()
            .iter()
            .filter(|id| !seen.insert(id.as_str()))
            .collect();
        assert!(
            repeated.is_empty(),
            "{}.ftl repeats {repeated:?}",
            language.code()
        );
    }
}

#[test]
fn every_message_is_used_by_a_page() {
    let sources = sources();
    let unused: Vec<&String> = Language::default()
        .message_ids()
        .iter()
        .filter(|id| {
            let built = BUILT.iter().any(|prefix| id.starts_with(prefix));
            let fixed = ["language-name", "decimal-separator", "date", "date-span"];
            // A count's plural forms are named by their message's id (`counted` in
            // words.js picks `-one` or `-other`).
            let named = id
                .strip_suffix("-one")
                .or_else(|| id.strip_suffix("-other"))
                .unwrap_or(id);
            !built
                && !fixed.contains(&id.as_str())
                && !sources.contains(&format!("\"{id}\""))
                && !sources.contains(&format!("\"{named}\""))
        })
        .collect();
    assert!(unused.is_empty(), "messages no page uses: {unused:?}");
}

/// The string literals of the api's and the core's sources, where the problems' codes
/// are (`"round.started"`, `"opengotha.malformed_xml"`, the `"tournament"` of
/// `not_found.tournament`).
fn literals() -> BTreeSet<String> {
    let mut paths = Vec::new();
    files(&manifest().join("src"), &mut paths);
    files(&manifest().join("../core/src"), &mut paths);
    paths
        .iter()
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .flat_map(|path| {
            let source = std::fs::read_to_string(path).unwrap();
            source
                .split('"')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The messages built at run time name what is there: a problem's words a code the
/// sources give (a code renamed or gone leaves its words unused), a month one of twelve.
#[test]
fn every_built_message_names_a_code_or_a_month() {
    let literals = literals();
    let keys: BTreeSet<String> = literals
        .iter()
        .map(|code| code.replace(['.', '_'], "-"))
        .collect();
    let months: Vec<String> = (1..=12).map(|month| format!("month-{month}")).collect();
    let unknown: Vec<&String> = Language::default()
        .message_ids()
        .iter()
        .filter(|id| {
            let code = id
                .strip_prefix("file-problem-")
                .or_else(|| id.strip_prefix("problem-"));
            match code {
                // `not_found.` and a resource's name (`ApiError::code`).
                Some(code) if code.starts_with("not-found-") => {
                    !literals.contains(&code["not-found-".len()..].replace('-', "_"))
                }
                Some(code) => !keys.contains(code),
                None => id.starts_with("month-") && !months.contains(id),
            }
        })
        .collect();
    assert!(unknown.is_empty(), "built messages of no code: {unknown:?}");
}

/// The text a person reads in a template once its expressions, tags and comments are
/// gone, with the attributes a person reads (`title`, `aria-label`, `alt`,
/// `placeholder`, a button's `value` aside).
fn literal_text(template: &str) -> String {
    let mut text = String::new();
    let mut rest = template;
    while let Some(start) = rest.find(['{', '<']) {
        text.push_str(&rest[..start]);
        let opening = &rest[start..];
        let (close, readable) = if opening.starts_with("{{") {
            ("}}", false)
        } else if opening.starts_with("{%") {
            ("%}", false)
        } else if opening.starts_with("{#") {
            ("#}", false)
        } else if opening.starts_with('<') {
            (">", true)
        } else {
            text.push('{');
            rest = &opening[1..];
            continue;
        };
        let end = opening
            .find(close)
            .map_or(opening.len(), |at| at + close.len());
        if readable {
            text.push(' ');
            text.push_str(&readable_attributes(&opening[..end]));
        }
        text.push(' ');
        rest = &opening[end..];
    }
    text.push_str(rest);
    text
}

fn readable_attributes(tag: &str) -> String {
    let tag = literal_text_of_expressions(tag);
    ["title=\"", "aria-label=\"", "alt=\"", "placeholder=\""]
        .iter()
        .filter_map(|attribute| {
            let start = tag.find(attribute)? + attribute.len();
            let end = tag[start..].find('"')? + start;
            Some(tag[start..end].to_string())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A tag with its `{{ … }}` and `{% … %}` taken out.
fn literal_text_of_expressions(tag: &str) -> String {
    let mut out = String::new();
    let mut rest = tag;
    while let Some(start) = rest.find("{{").or_else(|| rest.find("{%")) {
        out.push_str(&rest[..start]);
        let close = if rest[start..].starts_with("{{") {
            "}}"
        } else {
            "%}"
        };
        let end = rest[start..]
            .find(close)
            .map_or(rest.len(), |at| start + at + 2);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The words of a template's own text: runs of two letters or more.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|word| word.chars().count() >= 2 && !ALLOWED.contains(word))
        .map(str::to_string)
        .collect()
}

/// A template without what is written as code (`<code>…</code>`: a header, a variable of
/// the environment), the same in every language.
fn without_code(template: &str) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(start) = rest.find("<code>") {
        out.push_str(&rest[..start]);
        rest = rest[start..]
            .find("</code>")
            .map_or("", |end| &rest[start + end + "</code>".len()..]);
    }
    out.push_str(rest);
    out
}

/// A template without its `body_class` block: CSS class names, read by no one.
fn without_classes(template: &str) -> String {
    let opening = "{% block body_class %}";
    match template.find(opening) {
        Some(start) => {
            let end = template[start..]
                .find("{% endblock %}")
                .map_or(template.len(), |at| start + at);
            format!("{}{}", &template[..start], &template[end..])
        }
        None => template.to_string(),
    }
}

/// Every template, by its path under `templates/`.
fn templates() -> Vec<(String, String)> {
    let folder = manifest().join("templates");
    let mut paths = Vec::new();
    files(&folder, &mut paths);
    paths.sort();
    paths
        .iter()
        .filter(|path| path.extension().is_some_and(|ext| ext == "html"))
        .map(|path| {
            let name = path.strip_prefix(&folder).unwrap().display().to_string();
            (name, std::fs::read_to_string(path).unwrap())
        })
        .collect()
}

#[test]
fn no_template_holds_a_sentence_of_its_own() {
    let found: Vec<String> = templates()
        .iter()
        .filter_map(|(name, template)| {
            let words = words(&literal_text(&without_code(&without_classes(template))));
            (!words.is_empty()).then(|| format!("{name} says {words:?}"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "outside the catalog:\n{}",
        found.join("\n")
    );
    assert!(templates().len() > 40, "every template is read");
}

#[test]
fn the_lint_finds_a_sentence_in_text_and_in_a_readable_attribute() {
    assert_eq!(
        words(&literal_text("<p>{{ t.text(\"a\") }}</p>")),
        Vec::<String>::new()
    );
    assert_eq!(words(&literal_text("<p>Round {{ n }}</p>")), ["Round"]);
    assert_eq!(
        words(&literal_text(
            "<nav aria-label=\"Rounds\" class=\"x\"></nav>"
        )),
        ["Rounds"]
    );
    assert_eq!(
        words(&literal_text(
            "<a href=\"/t/{{ id }}\" aria-current=\"page\">·</a>"
        )),
        Vec::<String>::new()
    );
    assert_eq!(
        words(&literal_text(&without_code(
            "{{ t.text(\"a\") }} <code>ARBITRE_BIND</code> Then"
        ))),
        ["Then"]
    );
}
