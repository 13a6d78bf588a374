//! Debian's Chromium, headless, driven over WebDriver (chromedriver on loopback), for the
//! pages' tests: real pages of the real service, checked as a person would meet them.
//!
//! [`Browser::check`] is what every page must pass: no request to a host other than the
//! server (a hall's network may reach no other), no console error, and no serious or
//! critical accessibility violation found by axe-core (vendored under `tests/vendor`).
//! Chromium resolves every other host to nothing (`--host-resolver-rules`), so a page that
//! reached out would also log an error.
//!
//! `scripts/install-chromium` installs `chromium` and `chromium-driver` when missing
//! (`scripts/test` calls it); the binaries are found at `ARBITRE_CHROMIUM` and
//! `ARBITRE_CHROMEDRIVER`, else `/usr/bin/chromium` and `/usr/bin/chromedriver`.

use fantoccini::wd::{Capabilities, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The axe-core script, injected into each page checked.
const AXE: &str = include_str!("../vendor/axe-core/axe.min.js");

/// A phone's width (an iPhone 12 to 15 in CSS pixels) and a laptop's.
pub const PHONE: (u32, u32) = (390, 844);
pub const LAPTOP: (u32, u32) = (1280, 800);

/// A headless Chromium with its own chromedriver and profile, closed on drop.
pub struct Browser {
    pub client: Client,
    driver: Child,
    _profile: tempfile::TempDir,
    /// `http://127.0.0.1:PORT` of the service under test.
    origin: String,
}

/// A chromedriver command beyond W3C WebDriver: a `POST` to `session/{id}/{path}`
/// (`se/log`, the browser's log with `goog:loggingPrefs`; `goog/cdp/execute`, a command
/// of the DevTools protocol).
#[derive(Debug)]
struct Chromedriver {
    path: &'static str,
    body: Value,
}

impl WebDriverCompatibleCommand for Chromedriver {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/{}",
            session_id.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

fn binary(variable: &str, default: &str) -> PathBuf {
    std::env::var_os(variable)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(default))
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// English words the pages said before issue 41, none of which is a French word: a
/// French page showing one holds a sentence the catalogs do not.
const ENGLISH: &[&str] = &[
    "Round",
    "Rounds",
    "Find",
    "Your",
    "Standings",
    "Pairings",
    "Black",
    "White",
    "Result",
    "wins",
    "against",
    "bye",
    "Sign",
    "Dashboard",
    "Player",
    "after",
    "the",
    "and",
    "not",
    "yet",
    "Tournaments",
    "Games",
    "Settings",
    "Start",
    "Waiting",
    "Beeps",
    "Swap",
    "sides",
];

/// A language a journey runs in (issue 41: the journeys run once in English and once in
/// French, from one test body).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tongue {
    English,
    French,
}

impl Tongue {
    /// The language's code, as `<html lang>` and the switch write it.
    pub fn code(self) -> &'static str {
        match self {
            Tongue::English => "en",
            Tongue::French => "fr",
        }
    }

    /// What a page says in this language: `english` or `french`.
    pub fn says<'a>(self, english: &'a str, french: &'a str) -> &'a str {
        match self {
            Tongue::English => english,
            Tongue::French => french,
        }
    }

    /// A screenshot's name in this language: the French beside the English (`…-fr`).
    pub fn picture(self, name: &str) -> String {
        match self {
            Tongue::English => name.to_string(),
            Tongue::French => format!("{name}-fr"),
        }
    }
}

impl Browser {
    /// A browser for the service at `origin`, its window `size` wide and high.
    pub async fn open(origin: &str, size: (u32, u32)) -> Browser {
        Browser::launch(origin, size, "").await
    }

    /// A browser that reaches the service at `origin` (`http://127.0.0.1:PORT`) by the
    /// name `host` (`tablet.hall`), as a tablet on a hall's network reaches the server by
    /// its LAN address: the pages' origin is `http://HOST:PORT`, not a secure context.
    pub async fn open_named(origin: &str, host: &str, size: (u32, u32)) -> Browser {
        let port = origin.rsplit(':').next().unwrap();
        let named = format!("http://{host}:{port}");
        Browser::launch(&named, size, &format!("MAP {host} 127.0.0.1, ")).await
    }

    async fn launch(origin: &str, size: (u32, u32), rules: &str) -> Browser {
        let chromium = binary("ARBITRE_CHROMIUM", "/usr/bin/chromium");
        let chromedriver = binary("ARBITRE_CHROMEDRIVER", "/usr/bin/chromedriver");
        assert!(
            chromium.exists() && chromedriver.exists(),
            "Chromium or chromedriver is missing: run scripts/install-chromium"
        );
        let port = free_port();
        // Its own process group, so that Chromium's processes end with it.
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let profile = tempfile::tempdir().unwrap();
        let mut capabilities = Capabilities::new();
        capabilities.insert(
            "goog:chromeOptions".to_string(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--disable-extensions",
                    format!("--host-resolver-rules={rules}MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"),
                    format!("--user-data-dir={}", profile.path().display()),
                    format!("--window-size={},{}", size.0, size.1),
                ],
            }),
        );
        capabilities.insert("goog:loggingPrefs".to_string(), json!({"browser": "ALL"}));
        let webdriver = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        let client = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(capabilities.clone())
                .connect(&webdriver)
                .await
            {
                Ok(client) => break client,
                Err(error) if started.elapsed() < Duration::from_secs(30) => {
                    let _ = error;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(error) => panic!("chromedriver did not start a session: {error}"),
            }
        };
        client.set_window_size(size.0, size.1).await.unwrap();
        Browser {
            client,
            driver,
            _profile: profile,
            origin: origin.to_string(),
        }
    }

    /// The origin the browser reaches the service at.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// Switches the browser's network off (or on again) through the DevTools protocol:
    /// every request then fails as on a tablet whose Wi-Fi dropped.
    pub async fn offline(&self, offline: bool) {
        let conditions = json!({"offline": offline, "latency": 0,
                                "downloadThroughput": -1, "uploadThroughput": -1});
        for (cmd, params) in [
            ("Network.enable", json!({})),
            ("Network.emulateNetworkConditions", conditions),
        ] {
            self.devtools(cmd, params).await;
        }
    }

    /// Sends the DevTools protocol's command `cmd`: its answer.
    async fn devtools(&self, cmd: &str, params: Value) -> Value {
        self.client
            .issue_cmd(Chromedriver {
                path: "goog/cdp/execute",
                body: json!({"cmd": cmd, "params": params}),
            })
            .await
            .unwrap()
    }

    /// How many sheets of paper the page prints on, as Chromium prints it to PDF at the
    /// size the page's CSS asks (`@page`), A4 otherwise: the page count of the PDF's
    /// page tree, read in the page itself (it decodes the PDF's base64).
    pub async fn printed_pages(&self) -> u64 {
        let params = json!({"preferCSSPageSize": true, "paperWidth": 8.27, "paperHeight": 11.69,
                            "printBackground": false});
        let printed = self.devtools("Page.printToPDF", params).await;
        let data = printed["data"]
            .as_str()
            .or(printed["value"]["data"].as_str())
            .expect("a PDF")
            .to_string();
        let count = self
            .client
            .execute(
                "const pdf = atob(arguments[0]);\
                 const tree = pdf.match(/\\/Type\\s*\\/Pages\\b[^>]*?\\/Count\\s+(\\d+)/)\
                     || pdf.match(/\\/Count\\s+(\\d+)[^>]*?\\/Type\\s*\\/Pages\\b/);\
                 return tree ? Number(tree[1]) : -1;",
                vec![json!(data)],
            )
            .await
            .unwrap();
        let count = count.as_i64().unwrap();
        assert!(count > 0, "no page tree in the PDF");
        count.unsigned_abs()
    }

    /// Saves what the browser downloads (a link with `download`) into `folder`, as a
    /// person's browser saves to their downloads folder, without asking.
    pub async fn download_to(&self, folder: &Path) {
        let behavior = json!({"behavior": "allow", "downloadPath": folder});
        self.devtools("Page.setDownloadBehavior", behavior).await;
    }

    /// Opens `path` of the service.
    pub async fn visit(&self, path: &str) {
        self.client
            .goto(&format!("{}{path}", self.origin))
            .await
            .unwrap();
    }

    /// Types `text` into the field whose id is `id`, in place of what it holds.
    pub async fn fill(&self, id: &str, text: &str) {
        let field = self.client.find(Locator::Id(id)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(text).await.unwrap();
    }

    /// Clicks the element `css`.
    pub async fn click(&self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }

    /// Gives the window another size (the screenshots at phone and laptop width).
    pub async fn resize(&self, size: (u32, u32)) {
        self.client.set_window_size(size.0, size.1).await.unwrap();
    }

    /// The visible text of the element `css`.
    pub async fn text(&self, css: &str) -> String {
        // A live page redraws its elements: one found may be replaced before its text is
        // read (a stale element). The element is found again then, a few times at most.
        let mut attempts = 0;
        loop {
            let element = self.client.find(Locator::Css(css)).await.unwrap();
            match element.text().await {
                Ok(text) => return text,
                Err(error) if error.is_stale_element_reference() && attempts < 5 => {
                    attempts += 1;
                }
                Err(error) => panic!("the text of {css}: {error}"),
            }
        }
    }

    /// Waits up to `seconds` for `script` (a JavaScript expression) to be true.
    pub async fn wait_until(&self, script: &str, seconds: u64) {
        self.wait_for(&format!("Boolean({script})"), seconds).await;
    }

    /// Waits up to `seconds` for `script` (a JavaScript expression) to be truthy: its
    /// value then, read in the same command that saw it.
    pub async fn wait_for(&self, script: &str, seconds: u64) -> Value {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        loop {
            let value = self
                .client
                .execute(&format!("return ({script}) || null;"), vec![])
                .await
                .unwrap();
            if value != Value::Null {
                return value;
            }
            assert!(
                Instant::now() < deadline,
                "still false after {seconds} s: {script}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The console's messages since the last call, as `(level, message)`.
    pub async fn console(&self) -> Vec<(String, String)> {
        let entries = self
            .client
            .issue_cmd(Chromedriver {
                path: "se/log",
                body: json!({"type": "browser"}),
            })
            .await
            .unwrap();
        entries
            .as_array()
            .unwrap()
            .iter()
            .map(|entry| {
                (
                    entry["level"].as_str().unwrap_or_default().to_string(),
                    entry["message"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    }

    /// What every page must pass: every resource it loaded came from the server, the
    /// console has no error, and axe-core finds no serious or critical violation.
    pub async fn check(&self, page: &str) {
        let resources = self
            .client
            .execute(
                "return performance.getEntriesByType('resource').map(e => e.name)\
                 .concat([document.location.href]);",
                vec![],
            )
            .await
            .unwrap();
        for resource in resources.as_array().unwrap() {
            let url = resource.as_str().unwrap();
            assert!(
                url.starts_with(&format!("{}/", self.origin)),
                "{page}: a request to another host: {url}"
            );
        }
        let errors: Vec<_> = self
            .console()
            .await
            .into_iter()
            .filter(|(level, _)| level == "SEVERE")
            .collect();
        assert!(errors.is_empty(), "{page}: console errors: {errors:?}");
        self.client
            .execute(&format!("{AXE}\n;return true;"), vec![])
            .await
            .unwrap();
        let violations = self
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1];\
                 axe.run(document, {resultTypes: ['violations']})\
                   .then(r => done(r.violations\
                     .filter(v => v.impact === 'serious' || v.impact === 'critical')\
                     .map(v => ({id: v.id, help: v.help,\
                                 nodes: v.nodes.map(n => n.target.join(' '))}))))\
                   .catch(e => done([{id: 'axe-error', help: String(e)}]));",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(
            violations,
            json!([]),
            "{page}: serious or critical accessibility violations"
        );
    }

    /// Switches the pages to the language `code` with the switch every page carries, and
    /// waits for the page to come back in it.
    pub async fn switch_language(&self, code: &str) {
        self.click(&format!(".languages button[value='{code}']"))
            .await;
        self.wait_until(&format!("document.documentElement.lang === '{code}'"), 10)
            .await;
    }

    /// The page is in `tongue` (`<html lang>`), passes [`Browser::check`], and, in
    /// French, [`Browser::check_french`].
    pub async fn check_in(&self, tongue: Tongue, page: &str) {
        let lang = self
            .client
            .execute("return document.documentElement.lang;", vec![])
            .await
            .unwrap();
        assert_eq!(lang, json!(tongue.code()), "{page}: lang");
        if tongue == Tongue::French {
            self.check_french(page).await;
        }
        self.check(page).await;
    }

    /// What a French page must pass (issue 41): `<html lang="fr">`, and none of what
    /// betrays an untranslated page in what a person reads: no identifier in snake_case,
    /// no JSON, none of the English words the pages used to say. What the page writes as
    /// code (`<code>`: a sign-in link, a token's secret, a header) is the same in every
    /// language and is not read.
    pub async fn check_french(&self, page: &str) {
        let lang = self
            .client
            .execute("return document.documentElement.lang;", vec![])
            .await
            .unwrap();
        assert_eq!(lang, json!("fr"), "{page}: lang");
        let text = self
            .client
            .execute(
                "let shown = document.body.innerText;\
                 for (const code of document.querySelectorAll('code')) {\
                   if (code.innerText) { shown = shown.split(code.innerText).join(' '); }\
                 }\
                 return shown + ' ' + document.title + ' ' + \
                 [...document.querySelectorAll('[aria-label],[title],[placeholder]')]\
                 .map(e => [e.getAttribute('aria-label'), e.getAttribute('title'),\
                            e.getAttribute('placeholder')].join(' ')).join(' ');",
                vec![],
            )
            .await
            .unwrap();
        let text = text.as_str().unwrap();
        for word in text.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            let snake = word.contains('_') && word.chars().any(char::is_alphabetic);
            assert!(!snake, "{page}: an identifier is shown: {word} in {text}");
            assert!(
                !ENGLISH.contains(&word),
                "{page}: an English word is shown: {word} in {text}"
            );
        }
        assert!(!text.contains("{\""), "{page}: JSON is shown: {text}");
    }

    /// A screenshot of the window, written to `docs/screenshots/NAME.png` of the
    /// repository when `ARBITRE_WRITE_SCREENSHOTS=1` (they are committed and shown in the
    /// README); otherwise only checked to be a PNG.
    pub async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.unwrap();
        assert!(png.starts_with(b"\x89PNG"), "{name}: not a PNG");
        if std::env::var("ARBITRE_WRITE_SCREENSHOTS").as_deref() == Ok("1") {
            let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/screenshots");
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(folder.join(format!("{name}.png")), png).unwrap();
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // chromedriver and the Chromium it started, as one process group.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.driver.id())])
            .status();
        let _ = self.driver.wait();
    }
}
