//! The README's walk-through, played command by command against the real service (issue
//! 20), so that the README cannot rot: every `sh` block of its section "A tournament, start
//! to finish" is read from `README.md` and run in order.
//!
//! The commands are the shell a director types: `curl`, a shell function that wraps it,
//! variables captured with `$(… | jq -r PATH)`. They are run here by a small interpreter of
//! exactly that shell (quotes, `$VAR`, `\` at a line's end, `name() { curl … "$@"; }`), the
//! requests sent with the test's HTTP client, so that the test needs neither curl nor jq.
//! Anything else in the section's blocks fails the test: a README command this interpreter
//! cannot run is one nobody checks. `ARBITRE` and `TOKEN` are the test service's; the
//! README's way of getting them (`./scripts/run token create`) is the one line not run.

use arbitre_tests::TestService;
use reqwest::Method;
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

const SECTION: &str = "## A tournament, start to finish";

/// The `sh` blocks of the walk-through, in order.
fn walk_through() -> String {
    let readme = include_str!("../../../README.md");
    let start = readme.find(SECTION).expect("the README's walk-through");
    let section = &readme[start + SECTION.len()..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    let mut script = String::new();
    let mut rest = section;
    while let Some(open) = rest.find("```sh\n") {
        let body = &rest[open + 6..];
        let close = body.find("```").expect("a closed block");
        script.push_str(&body[..close]);
        rest = &body[close + 3..];
    }
    assert!(!script.is_empty(), "the walk-through has sh blocks");
    script
}

/// The script cut into commands: at newlines outside quotes and `$(…)`, a `\` before a
/// newline joining two lines, comments left out.
fn commands(script: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut current = String::new();
    let (mut single, mut double, mut depth) = (false, false, 0usize);
    let mut chars = script.chars().peekable();
    while let Some(character) = chars.next() {
        match character {
            '\\' if !single => {
                match chars.next() {
                    Some('\n') => {}
                    Some(next) => {
                        current.push('\\');
                        current.push(next);
                    }
                    None => current.push('\\'),
                }
                continue;
            }
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '(' if !single && !double && current.ends_with('$') => depth += 1,
            ')' if !single && !double && depth > 0 => depth -= 1,
            '#' if !single && !double && current.chars().last().is_none_or(char::is_whitespace) => {
                while chars.next_if(|&next| next != '\n').is_some() {}
                continue;
            }
            '\n' if !single && !double && depth == 0 => {
                if !current.trim().is_empty() {
                    commands.push(current.trim().to_string());
                }
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(character);
    }
    assert!(
        !single && !double && depth == 0,
        "unbalanced quotes: {current}"
    );
    if !current.trim().is_empty() {
        commands.push(current.trim().to_string());
    }
    commands
}

/// The words of a command, quotes removed and `$NAME`, `${NAME}` expanded; `|` alone
/// marks a pipe. `"$@"` stays as the word `"$@"`.
fn words(text: &str, variables: &HashMap<String, String>) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars().peekable();
    let expand = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| -> String {
        let braced = chars.next_if_eq(&'{').is_some();
        let mut name = String::new();
        while let Some(next) = chars.next_if(|next| next.is_ascii_alphanumeric() || *next == '_') {
            name.push(next);
        }
        if braced {
            assert_eq!(chars.next(), Some('}'), "${{{name}");
        }
        variables
            .get(&name)
            .cloned()
            .unwrap_or_else(|| panic!("${name} is not set before it is used"))
    };
    while let Some(character) = chars.next() {
        match character {
            ' ' | '\t' | '\n' => {
                words.extend(word.take());
            }
            '|' => {
                words.extend(word.take());
                words.push("|".to_string());
            }
            '\'' => {
                let part = word.get_or_insert_with(String::new);
                for next in chars.by_ref() {
                    if next == '\'' {
                        break;
                    }
                    part.push(next);
                }
            }
            '"' => {
                if chars.clone().take(3).collect::<String>() == "$@\"" {
                    chars.nth(2);
                    words.extend(word.take());
                    words.push("\"$@\"".to_string());
                    continue;
                }
                let part = word.get_or_insert_with(String::new);
                while let Some(next) = chars.next() {
                    match next {
                        '"' => break,
                        '\\' => match chars.next() {
                            Some(escaped @ ('"' | '\\' | '$')) => part.push(escaped),
                            Some(other) => {
                                part.push('\\');
                                part.push(other);
                            }
                            None => {}
                        },
                        '$' => part.push_str(&expand(&mut chars)),
                        other => part.push(other),
                    }
                }
            }
            '$' => {
                let value = expand(&mut chars);
                word.get_or_insert_with(String::new).push_str(&value);
            }
            '\\' => {
                if let Some(next) = chars.next() {
                    word.get_or_insert_with(String::new).push(next);
                }
            }
            other => word.get_or_insert_with(String::new).push(other),
        }
    }
    words.extend(word);
    words
}

/// The shell the walk-through is written in.
struct Shell<'a> {
    service: &'a TestService,
    variables: HashMap<String, String>,
    /// Each function's words before its `"$@"`, unexpanded.
    functions: HashMap<String, String>,
    folder: &'a Path,
    requests: usize,
}

impl Shell<'_> {
    async fn run(&mut self, command: &str) {
        // `name() { curl … "$@"; }`
        if let Some((name, body)) = command.split_once("() {") {
            let body = body.trim().strip_suffix('}').unwrap().trim();
            let body = body.strip_suffix(';').unwrap_or(body);
            let prefix = body
                .strip_suffix("\"$@\"")
                .unwrap_or_else(|| panic!("a function passes \"$@\" last: {command}"));
            self.functions
                .insert(name.trim().to_string(), prefix.to_string());
            return;
        }
        // `export NAME=…` of the test's own values, `NAME=$(…)`, `NAME=value`.
        let assignment = command.strip_prefix("export ").unwrap_or(command);
        if let Some((name, value)) = assignment.split_once('=') {
            if !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            {
                if command.starts_with("export ") && self.variables.contains_key(name) {
                    return;
                }
                let value = match value.strip_prefix("$(").and_then(|v| v.strip_suffix(')')) {
                    Some(inner) => {
                        let output = self.pipeline(inner).await;
                        let output = output.trim().to_string();
                        assert!(
                            !output.is_empty() && output != "null",
                            "{command} captured nothing"
                        );
                        output
                    }
                    None => {
                        let mut expanded = words(value, &self.variables);
                        assert_eq!(expanded.len(), 1, "{command}");
                        expanded.remove(0)
                    }
                };
                self.variables.insert(name.to_string(), value);
                return;
            }
        }
        self.pipeline(command).await;
    }

    /// A command and an optional `| jq [-r] PATH`: the command's output, or the path's.
    async fn pipeline(&mut self, text: &str) -> String {
        let all = words(text, &self.variables);
        let mut stages = all.split(|word| word == "|");
        let command = stages.next().unwrap().to_vec();
        let output = self.curl(command).await;
        match stages.next() {
            None => output,
            Some(jq) => {
                assert!(stages.next().is_none(), "one pipe at most: {text}");
                let (raw, path) = match jq {
                    [name, flag, path] if name == "jq" && flag == "-r" => (true, path),
                    [name, path] if name == "jq" => (false, path),
                    other => panic!("not a jq this test runs: {other:?}"),
                };
                let value: Value = serde_json::from_str(&output)
                    .unwrap_or_else(|_| panic!("{text}: not JSON: {output}"));
                let found = select(&value, path);
                match (raw, found) {
                    (true, Value::String(text)) => text.clone(),
                    (_, other) => other.to_string(),
                }
            }
        }
    }

    /// `curl` (or a function wrapping it) with the options the walk-through uses.
    async fn curl(&mut self, mut command: Vec<String>) -> String {
        if let Some(prefix) = self.functions.get(&command[0]) {
            let mut expanded = words(prefix, &self.variables);
            expanded.extend(command.drain(1..));
            command = expanded;
        }
        assert_eq!(
            command[0], "curl",
            "not a command this test runs: {command:?}"
        );
        let mut method = None;
        let mut headers = Vec::new();
        let mut body: Option<Vec<u8>> = None;
        let mut output: Option<String> = None;
        let mut remote_name = false;
        let mut url = None;
        let mut arguments = command[1..].iter();
        while let Some(argument) = arguments.next() {
            let mut value = || {
                arguments
                    .next()
                    .unwrap_or_else(|| panic!("{argument}: value"))
                    .clone()
            };
            match argument.as_str() {
                "-s" | "-S" | "-sS" | "-f" => {}
                "-X" => method = Some(value()),
                "-H" => headers.push(value()),
                "-d" | "--data" | "--data-binary" => {
                    let data = value();
                    body = Some(match data.strip_prefix('@') {
                        Some(file) => std::fs::read(self.folder.join(file)).unwrap(),
                        None => data.into_bytes(),
                    });
                }
                "-o" => output = Some(value()),
                "-OJ" | "-JO" => remote_name = true,
                other if other.starts_with("http://") => url = Some(other.to_string()),
                other => panic!("a curl option this test does not run: {other}"),
            }
        }
        let url = url.expect("a URL");
        let path = url
            .strip_prefix(&self.service.base_url)
            .unwrap_or_else(|| panic!("{url} is not the service's"));
        let method = method.unwrap_or(if body.is_some() { "POST" } else { "GET" }.to_string());
        let mut request =
            self.service
                .request(Method::from_bytes(method.as_bytes()).unwrap(), path, None);
        for header in &headers {
            let (name, value) = header.split_once(':').unwrap();
            request = request.header(name.trim(), value.trim());
        }
        if let Some(body) = body {
            request = request.body(body);
        }
        let response = request.send().await.unwrap();
        self.requests += 1;
        let status = response.status();
        let disposition = response
            .headers()
            .get("content-disposition")
            .map(|value| value.to_str().unwrap().to_string());
        let bytes = response.bytes().await.unwrap();
        assert!(
            status.is_success(),
            "{method} {path}: {status} {}",
            String::from_utf8_lossy(&bytes)
        );
        if remote_name {
            let disposition = disposition.expect("a file name");
            let name = disposition
                .split("filename=\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .unwrap();
            std::fs::write(self.folder.join(name), &bytes).unwrap();
        }
        if let Some(file) = output {
            std::fs::write(self.folder.join(file), &bytes).unwrap();
            return String::new();
        }
        String::from_utf8(bytes.to_vec()).unwrap_or_default()
    }
}

/// A jq path of the forms `.name`, `.name[0].name`.
fn select<'a>(value: &'a Value, path: &str) -> &'a Value {
    let mut current = value;
    for part in path
        .strip_prefix('.')
        .unwrap()
        .split('.')
        .filter(|part| !part.is_empty())
    {
        let (name, index) = match part.split_once('[') {
            Some((name, index)) => (
                name,
                Some(index.strip_suffix(']').unwrap().parse::<usize>().unwrap()),
            ),
            None => (part, None),
        };
        if !name.is_empty() {
            current = &current[name];
        }
        if let Some(index) = index {
            current = &current[index];
        }
    }
    current
}

#[tokio::test]
async fn the_readme_walk_through_runs_as_written() {
    let service = TestService::start().await;
    let folder = tempfile::tempdir().unwrap();
    let mut shell = Shell {
        service: &service,
        variables: HashMap::from([
            ("ARBITRE".to_string(), service.base_url.clone()),
            ("TOKEN".to_string(), service.admin_token.clone()),
        ]),
        functions: HashMap::new(),
        folder: folder.path(),
        requests: 0,
    };
    let script = walk_through();
    assert!(
        script.contains("export TOKEN=$(./scripts/run token create --role admin)"),
        "the README says where the first token comes from"
    );
    for command in commands(&script) {
        shell.run(&command).await;
    }
    assert!(shell.requests >= 15, "{} requests", shell.requests);

    // Where the walk-through ends: round 1 played, the files of the rating bodies saved.
    let tournament = &shell.variables["T"];
    let standings = crate::expect_json(
        service
            .get(&format!("/tournaments/{tournament}/standings"))
            .send()
            .await
            .unwrap(),
        200,
    )
    .await;
    assert_eq!(
        standings["items"].as_array().unwrap().len(),
        5,
        "{standings}"
    );
    let h9 = std::fs::read(folder.path().join("Open-de-Lyon.h9")).unwrap();
    assert!(String::from_utf8_lossy(&h9).contains("EV[Open de Lyon]"));
    assert!(folder.path().join("Open-de-Lyon.tou").exists());
}

#[test]
fn the_interpreter_reads_quotes_variables_and_continuations() {
    let variables = HashMap::from([("T".to_string(), "42".to_string())]);
    assert_eq!(
        words(
            r#"curl -d "{\"id\": \"$T\"}" '$T' x${T}y | jq -r .id"#,
            &variables
        ),
        [
            "curl",
            "-d",
            r#"{"id": "42"}"#,
            "$T",
            "x42y",
            "|",
            "jq",
            "-r",
            ".id"
        ]
    );
    assert_eq!(
        commands("a \\\n  b # note\nc 'x\ny'\nV=$(d\n)\n"),
        ["a   b", "c 'x\ny'", "V=$(d\n)"]
    );
    let value: Value = serde_json::json!({"items": [{"id": "a"}, {"id": "b"}]});
    assert_eq!(select(&value, ".items[1].id"), "b");
}
