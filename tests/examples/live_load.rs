//! Simulated referee tablets playing games at once against `arbitre serve` (bench/live.sh).
//!
//! ```text
//! live_load BASE_URL ADMIN_TOKEN [--tablets 200] [--turns 183] [--think-ms 0]
//!           [--streams 0] [--stream-kinds result,clock,counting,ruling] [--readers 0]
//!           [--redraft 0|1|changing] [--big FILE] [--watch 0] [--latencies FILE]
//!           [--hall-nice 0] [--games-each 1] [--alternate SECONDS] [--phones 0] [--flood 0]
//! ```
//!
//! Creates a tournament, 2×N players, a round of N pairings, N table tokens and N games
//! through the API; then each tablet, on its own keep-alive connection, plays its game turn
//! by turn (each with an `Idempotency-Key`, as a real tablet retries): stones on the points
//! (x + y) even of a 19×19 board, which never touch, so every turn is legal, then two passes
//! (rule 5 bis). Prints one JSON line: turns, seconds, turns/s, p50/p99/max latency in ms,
//! and any answer other than 201. `--latencies FILE` also writes every turn's latency to
//! FILE, in microseconds, one a line: `bench/hall.sh` takes the p99 of all the turns of its
//! phases of the tablets alone together as the reference of its run.
//!
//! The tablets run on one thread with a plain HTTP/1.1 client, so the load generator takes
//! as little as it can of the 2 cores it shares with the service and PostgreSQL, as pgbench
//! does beside it; a latency is measured from writing the request to reading the whole answer.
//!
//! A hall's load beside them (bench/hall.sh, issue 24): `--streams N` anonymous phones
//! following the tablets' tournament as its public pages do
//! (`/tournaments/{id}/stream?kinds=result,clock,counting,ruling`; `--stream-kinds all`:
//! every entry, every move included), `--readers N`
//! anonymous clients reading the standings of the OpenGotha tournament `--big FILE`
//! (imported first) back to back, and `--redraft 1` its organizer drafting its round 4 back
//! to back with nothing changed (the service answers the draft it made) or
//! `--redraft changing` leaving out another player each time (each draft made by the
//! engine), all while the tablets play; their figures come on the same line. Each phone
//! and each reader connects from a loopback address of its own (127.3.x.y, 127.4.0.n), as
//! devices of their own do: the service budgets streams and connections per client. The hall's
//! clients run on a thread of their own: they stand for other devices than the tablets,
//! and a thousand streams read on the tablets' thread would delay the reading of the
//! tablets' answers, which is the load generator's time, not the service's. For the same
//! reason `--hall-nice N` runs that thread at nice N (Linux, per thread): on a machine of
//! two cores, the phones' and readers' own reading then gives way to the service, the
//! database and the tablets' thread, as it would on devices of their own; what the
//! service is asked stays the same (the figures say how many answers each client got).
//!
//! `--alternate SECONDS` runs the hall by turns instead: SECONDS without it, SECONDS with
//! it (its clients started afresh, the large tournament imported once), and so on while
//! the tablets play; `--games-each K` has each tablet play K games one after the other, so
//! that a phase lasts long enough for several windows. The turns are then split by window:
//! those sent at least [`SETTLE`] after the hall started or stopped and answered before it
//! stopped or started again, and the line gives the p99 of each kind of window and their
//! ratio. The tablets alone and beside the hall are measured on the same minutes of the
//! same machine, whatever its neighbours do meanwhile on the host.
//!
//! The hall hardened (bench/hall.sh, issue 42): `--phones N` phones reloading the public
//! pairings and standings pages (`/t/{id}`, `/t/{id}/standings`) of `--big` back to
//! back as a browser does (gzip, `If-None-Match`), half of them searching a name
//! (`?name=`), each from its own loopback address (127.1.x.y: the service tells clients
//! apart by address); `--flood 1` one client (127.2.0.1) opening the tournament's stream
//! again and again, holding those it got, until refused and on. Either way `/health` is
//! asked every 100 ms on a new connection, and its answers counted.
//!
//! How soon a move is seen (bench/tablet_latency.sh, issue 23): `--watch 1` follows each
//! game's stream from a second client (the other tablet of the table) and the tournament's
//! stream from a referee, whose hall page (`/dashboard/t/{id}/hall`) is fetched again
//! after each event as the page's own script does (one fetch at a time; the events that
//! arrive meanwhile wait for the next). For every turn it measures, from the moment the
//! tablet sent it, when it was seen on the game's stream, on the tournament's stream, and
//! in a hall page fetched after it arrived.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

#[derive(Clone)]
struct Options {
    base: String,
    admin: String,
    tablets: usize,
    turns: usize,
    think: Duration,
    streams: usize,
    /// The kinds of entry the phones follow (`?kinds=`); none: every kind.
    stream_kinds: Option<String>,
    readers: usize,
    redraft: Option<Redraft>,
    big: Option<String>,
    watch: bool,
    latencies: Option<String>,
    hall_nice: i32,
    /// Games each tablet plays, one after the other.
    games_each: usize,
    /// The hall by turns, this long on, this long off.
    alternate: Option<Duration>,
    /// Phones reloading the public pairings and standings pages of `--big` back to back,
    /// half of them with a `?name=` search, each from its own loopback address.
    phones: usize,
    /// One client opening streams until refused (and on), holding those it got.
    flood: bool,
    /// Which window of the hall by turns this is (0 at once): the changing organizer of
    /// window w leaves out players from the (100 × w)th on, none left out in a draft of an
    /// earlier window, so that the engine makes each of its drafts.
    window: usize,
}

/// How long after the hall started or stopped a turn is left out of either kind of window
/// (`--alternate`): the thousand streams connect, or close, meanwhile.
const SETTLE: Duration = Duration::from_secs(2);

/// How the organizer drafts again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Redraft {
    /// The same request each time.
    Same,
    /// Each time another player left out.
    Changing,
}

fn options() -> Options {
    let mut arguments = std::env::args().skip(1);
    let usage = "usage: live_load BASE_URL ADMIN_TOKEN [--tablets N] [--turns N] [--think-ms MS] \
                 [--streams N] [--stream-kinds KINDS|all] [--readers N] [--redraft 0|1|changing] \
                 [--big OPENGOTHA_FILE] [--watch 0|1] [--latencies FILE] [--hall-nice N] \
                 [--games-each K] [--alternate SECONDS] [--phones N] [--flood 0|1]";
    let base = arguments
        .next()
        .expect(usage)
        .trim_end_matches('/')
        .to_string();
    let admin = arguments.next().expect(usage);
    let mut options = Options {
        base,
        admin,
        tablets: 200,
        turns: 183,
        think: Duration::ZERO,
        streams: 0,
        stream_kinds: Some("result,clock,counting,ruling".to_string()),
        readers: 0,
        redraft: None,
        big: None,
        watch: false,
        latencies: None,
        hall_nice: 0,
        games_each: 1,
        alternate: None,
        phones: 0,
        flood: false,
        window: 0,
    };
    while let Some(flag) = arguments.next() {
        let value = arguments.next().expect(usage);
        match flag.as_str() {
            "--tablets" => options.tablets = value.parse().expect("--tablets: a number"),
            "--turns" => options.turns = value.parse().expect("--turns: a number"),
            "--think-ms" => {
                options.think = Duration::from_secs_f64(
                    value.parse::<f64>().expect("--think-ms: a number") / 1000.0,
                )
            }
            "--streams" => options.streams = value.parse().expect("--streams: a number"),
            "--stream-kinds" => options.stream_kinds = (value != "all").then_some(value),
            "--readers" => options.readers = value.parse().expect("--readers: a number"),
            "--redraft" => {
                options.redraft = match value.as_str() {
                    "0" => None,
                    "1" => Some(Redraft::Same),
                    "changing" => Some(Redraft::Changing),
                    _ => panic!("{usage}"),
                }
            }
            "--big" => options.big = Some(value),
            "--watch" => options.watch = value == "1",
            "--latencies" => options.latencies = Some(value),
            "--hall-nice" => options.hall_nice = value.parse().expect("--hall-nice: a number"),
            "--games-each" => options.games_each = value.parse().expect("--games-each: a number"),
            "--phones" => options.phones = value.parse().expect("--phones: a number"),
            "--flood" => options.flood = value == "1",
            "--alternate" => {
                options.alternate = Some(Duration::from_secs_f64(
                    value.parse().expect("--alternate: seconds"),
                ))
            }
            _ => panic!("{usage}"),
        }
    }
    options
}

/// A minimal HTTP/1.1 keep-alive client: enough for arbitre's answers (`Content-Length` bodies).
struct Connection {
    host: String,
    stream: BufReader<TcpStream>,
}

impl Connection {
    async fn open(base: &str) -> Connection {
        let host = base
            .strip_prefix("http://")
            .expect("an http:// base URL")
            .to_string();
        let stream = TcpStream::connect(&host)
            .await
            .expect("connect to the service");
        Connection::over(host, stream)
    }

    /// A connection from the loopback address `from`: a device of its own, which the
    /// service's budgets and admission count apart from the others.
    async fn open_from(base: &str, from: std::net::IpAddr) -> Connection {
        let stream = connect_from(base, from)
            .await
            .expect("connect to the service");
        Connection::over(base.trim_start_matches("http://").to_string(), stream)
    }

    fn over(host: String, stream: TcpStream) -> Connection {
        stream.set_nodelay(true).expect("TCP_NODELAY");
        Connection {
            host,
            stream: BufReader::new(stream),
        }
    }

    /// Sends a request and reads the whole answer: its status and body.
    async fn request(
        &mut self,
        method: &str,
        path: &str,
        token: &str,
        body: &Value,
        key: Option<&str>,
    ) -> (u16, Vec<u8>) {
        let mut headers =
            format!("Authorization: Bearer {token}\r\nContent-Type: application/json\r\n");
        if let Some(key) = key {
            headers.push_str(&format!("Idempotency-Key: {key}\r\n"));
        }
        self.send(method, path, &headers, body.to_string().as_bytes())
            .await
    }

    /// Sends a request with these header lines (each ending in CRLF) and reads the answer.
    async fn send(
        &mut self,
        method: &str,
        path: &str,
        headers: &str,
        payload: &[u8],
    ) -> (u16, Vec<u8>) {
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\n{headers}Content-Length: {}\r\n\r\n",
            self.host,
            payload.len()
        );
        let stream = self.stream.get_mut();
        stream
            .write_all(request.as_bytes())
            .await
            .expect("send a request");
        stream.write_all(payload).await.expect("send a body");

        let mut line = String::new();
        self.stream
            .read_line(&mut line)
            .await
            .expect("read the status line");
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|code| code.parse().ok())
            .expect("an HTTP status line");
        let mut length = 0;
        loop {
            line.clear();
            self.stream
                .read_line(&mut line)
                .await
                .expect("read a header");
            if line.trim_end().is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().expect("a Content-Length");
                }
            }
        }
        let mut body = vec![0; length];
        self.stream
            .read_exact(&mut body)
            .await
            .expect("read the body");
        (status, body)
    }

    async fn checked(&mut self, method: &str, path: &str, token: &str, body: Value) -> Value {
        let (status, answer) = self.request(method, path, token, &body, None).await;
        let answer = String::from_utf8_lossy(&answer);
        assert!(
            status == 200 || status == 201,
            "{method} {path}: {status} {answer}"
        );
        serde_json::from_str(&answer).expect("a JSON answer")
    }
}

/// Legal moves that never touch: (x + y) even on 19×19, then two passes.
fn points(turns: usize) -> Vec<Option<String>> {
    let stones = (0..19u8)
        .flat_map(|y| (0..19u8).map(move |x| (x, y)))
        .filter(|(x, y)| (x + y) % 2 == 0)
        .map(|(x, y)| Some(format!("{}{}", char::from(b'a' + x), char::from(b'a' + y))));
    stones
        .take(turns.saturating_sub(2))
        .chain([None, None])
        .collect()
}

/// The tournament, its players, one round of pairings, a table token and a game per pairing:
/// `games_each` games for each tablet.
async fn prepare(options: &Options) -> (String, Vec<(String, String)>) {
    let count = options.tablets * options.games_each.max(1);
    let mut connection = Connection::open(&options.base).await;
    let admin = &options.admin;
    let tournament = connection
        .checked("POST", "/tournaments", admin, json!({
            "name": "Bench", "place": "Bench", "start_date": "2026-05-01", "end_date": "2026-05-02",
            "time_control": {"system": "byo-yomi", "main_time_ms": 3_600_000, "periods": 5, "period_ms": 30_000},
        }))
        .await;
    let tid = tournament["id"]
        .as_str()
        .expect("a tournament id")
        .to_string();
    let mut players = Vec::new();
    for index in 0..2 * count {
        let body = json!({"surname": format!("P{index}"), "first_name": "Bench", "rank": "3k"});
        let player = connection
            .checked("POST", &format!("/tournaments/{tid}/players"), admin, body)
            .await;
        players.push(player["id"].clone());
    }
    connection
        .checked(
            "POST",
            &format!("/tournaments/{tid}/rounds"),
            admin,
            json!({"number": 1}),
        )
        .await;
    let pairings: Vec<Value> = (0..count)
        .map(|index| json!({"table": index + 1, "black_id": players[2 * index], "white_id": players[2 * index + 1]}))
        .collect();
    let path = format!("/tournaments/{tid}/rounds/1/pairings");
    let round = connection
        .checked("PUT", &path, admin, json!({"pairings": pairings}))
        .await;
    let mut games = Vec::new();
    for pairing in round["items"].as_array().expect("the pairings") {
        let body = json!({"role": "table", "pairing_id": pairing["id"], "label": format!("table {}", pairing["table"])});
        let token = connection
            .checked("POST", &format!("/tournaments/{tid}/tokens"), admin, body)
            .await;
        let secret = token["secret"]
            .as_str()
            .expect("a token secret")
            .to_string();
        let game = connection
            .checked(
                "POST",
                &format!("/tournaments/{tid}/games"),
                &secret,
                json!({"pairing_id": pairing["id"]}),
            )
            .await;
        games.push((game["id"].as_str().expect("a game id").to_string(), secret));
    }
    (tid, games)
}

/// What the hall's clients saw beside the tablets.
#[derive(Default)]
struct HallTally {
    /// Events received by all the streams.
    stream_events: u64,
    /// Streams the server ended while they were followed.
    streams_ended: u64,
    standings: Vec<Duration>,
    standings_failures: u64,
    /// Standings reads turned away (503 `service.busy`): the reader waits a second.
    standings_refused: u64,
    drafts: Vec<Duration>,
    draft_failures: u64,
    /// The phones' page loads: 200, 304, turned away (503, 429), anything else.
    pages: Vec<Duration>,
    pages_not_modified: u64,
    pages_refused: u64,
    page_failures: u64,
    /// The flooding client: the most streams it held, its refusals and their statuses.
    flood_held: u64,
    flood_refused: u64,
    flood_statuses: Vec<u16>,
    flood_retry_after: Option<String>,
    health: Vec<Duration>,
    health_failures: u64,
}

impl HallTally {
    /// Adds what the clients of another window saw.
    fn absorb(&mut self, other: HallTally) {
        self.stream_events += other.stream_events;
        self.streams_ended += other.streams_ended;
        self.standings.extend(other.standings);
        self.standings_failures += other.standings_failures;
        self.standings_refused += other.standings_refused;
        self.drafts.extend(other.drafts);
        self.draft_failures += other.draft_failures;
        self.pages.extend(other.pages);
        self.pages_not_modified += other.pages_not_modified;
        self.pages_refused += other.pages_refused;
        self.page_failures += other.page_failures;
        self.flood_held = self.flood_held.max(other.flood_held);
        self.flood_refused += other.flood_refused;
        for status in other.flood_statuses {
            if !self.flood_statuses.contains(&status) {
                self.flood_statuses.push(status);
            }
        }
        self.flood_retry_after = self.flood_retry_after.take().or(other.flood_retry_after);
        self.health.extend(other.health);
        self.health_failures += other.health_failures;
    }

    /// The figures, as the line gives them.
    fn summary(mut self) -> Value {
        json!({
            "stream_events": self.stream_events, "streams_ended_by_server": self.streams_ended,
            "standings": summary(&mut self.standings), "standings_failures": self.standings_failures,
            "standings_refused": self.standings_refused,
            "drafts": summary(&mut self.drafts), "draft_failures": self.draft_failures,
            "pages": summary(&mut self.pages), "pages_not_modified": self.pages_not_modified,
            "pages_refused": self.pages_refused, "page_failures": self.page_failures,
            "flood_held": self.flood_held, "flood_refused": self.flood_refused,
            "flood_statuses": self.flood_statuses, "flood_retry_after": self.flood_retry_after,
            "health": summary(&mut self.health), "health_failures": self.health_failures,
        })
    }
}

/// The hall's clients, running until `stop`.
struct Hall {
    stop: Rc<std::cell::Cell<bool>>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    tally: Rc<RefCell<HallTally>>,
}

/// Opens the event stream `path`: its connection, with the request sent, signed in with
/// `token` (a tablet, the referee) or anonymous (a phone, from its own loopback address
/// `from`), as its page would be.
async fn open_stream(
    base: &str,
    path: &str,
    token: Option<&str>,
    from: Option<std::net::IpAddr>,
) -> TcpStream {
    let host = base.trim_start_matches("http://");
    let mut stream = match from {
        Some(from) => connect_from(base, from).await,
        None => TcpStream::connect(host).await,
    }
    .expect("connect a stream");
    let signed_in = token.map_or(String::new(), |token| {
        format!("Authorization: Bearer {token}\r\n")
    });
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n{signed_in}\r\n"
    );
    stream
        .write_all(request.as_bytes())
        .await
        .expect("open a stream");
    stream
}

/// An anonymous phone following `path` from `from`: reads and counts its events until
/// `stop`, then leaves (drops its connection).
async fn follow(
    base: String,
    (path, from): (String, std::net::IpAddr),
    stop: Rc<std::cell::Cell<bool>>,
    tally: Rc<RefCell<HallTally>>,
) {
    let mut stream = open_stream(&base, &path, None, Some(from)).await;
    let mut buffer = vec![0u8; 64 * 1024];
    while !stop.get() {
        match tokio::time::timeout(Duration::from_millis(500), stream.read(&mut buffer)).await {
            Err(_) => {}
            Ok(Ok(0) | Err(_)) => {
                tally.borrow_mut().streams_ended += 1;
                return;
            }
            Ok(Ok(read)) => {
                let events = buffer[..read]
                    .windows(7)
                    .filter(|window| window == b"event: ")
                    .count();
                tally.borrow_mut().stream_events += events as u64;
            }
        }
    }
}

/// An anonymous reader of the standings from `from`, back to back, taking gzip as
/// browsers do; turned away (503), it waits as `Retry-After` says.
async fn read_standings(
    base: String,
    (path, from): (String, std::net::IpAddr),
    stop: Rc<std::cell::Cell<bool>>,
    tally: Rc<RefCell<HallTally>>,
) {
    let mut connection = Connection::open_from(&base, from).await;
    while !stop.get() {
        let began = Instant::now();
        let (status, _) = connection
            .send("GET", &path, "Accept-Encoding: gzip\r\n", b"")
            .await;
        {
            let mut tally = tally.borrow_mut();
            tally.standings.push(began.elapsed());
            tally.standings_refused += u64::from(status == 503);
            tally.standings_failures += u64::from(status != 200 && status != 503);
        }
        if status == 503 {
            // Turned away (`Retry-After: 1`): a browser's page waits before it asks again.
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
}

/// The organizer drafting the same round again and again: with nothing changed, or
/// leaving out each time the next player of the first draft (read plain, for its
/// players), from its `first`th on. It takes gzip, as a browser and most HTTP libraries do.
async fn redraft(
    base: String,
    admin: String,
    (path, first): (String, usize),
    how: Redraft,
    stop: Rc<std::cell::Cell<bool>>,
    tally: Rc<RefCell<HallTally>>,
) {
    let mut connection = Connection::open(&base).await;
    let mut players: Vec<String> = Vec::new();
    let mut drafts = first;
    while !stop.get() {
        let body = match (how, players.is_empty()) {
            (Redraft::Changing, false) => json!({ "exclude": [players[drafts % players.len()]] }),
            _ => json!({}),
        };
        let mut headers =
            format!("Authorization: Bearer {admin}\r\nContent-Type: application/json\r\n");
        if how == Redraft::Same || !players.is_empty() {
            headers.push_str("Accept-Encoding: gzip\r\n");
        }
        let began = Instant::now();
        let (status, answer) = connection
            .send("POST", &path, &headers, body.to_string().as_bytes())
            .await;
        let elapsed = began.elapsed();
        if how == Redraft::Changing && players.is_empty() && status == 200 {
            let draft: Value = serde_json::from_slice(&answer).expect("a draft");
            players = draft["tables"]
                .as_array()
                .expect("the draft's tables")
                .iter()
                .flat_map(|table| [&table["white_id"], &table["black_id"]])
                .map(|id| id.as_str().expect("a player id").to_string())
                .collect();
        }
        drafts += 1;
        let mut tally = tally.borrow_mut();
        tally.drafts.push(elapsed);
        tally.draft_failures += u64::from(status != 200);
    }
}

/// A connection to `base` from the loopback address `from`.
async fn connect_from(base: &str, from: std::net::IpAddr) -> std::io::Result<TcpStream> {
    let host: std::net::SocketAddr = base
        .trim_start_matches("http://")
        .parse()
        .expect("a base URL of an address and a port");
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(std::net::SocketAddr::new(from, 0))?;
    socket.connect(host).await
}

/// An answer's header lines, names in lower case.
type Headers = Vec<(String, String)>;

/// Reads an answer's head on `stream`: its status and header lines (names in lower case).
async fn read_head(stream: &mut BufReader<TcpStream>) -> std::io::Result<(u16, Headers)> {
    let mut line = String::new();
    stream.read_line(&mut line).await?;
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status line: {line:?}")))?;
    let mut headers = Vec::new();
    loop {
        line.clear();
        if stream.read_line(&mut line).await? == 0 {
            return Err(std::io::Error::other("closed in the head"));
        }
        if line.trim_end().is_empty() {
            return Ok((status, headers));
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
}

/// Reads a body of `Content-Length` or chunked, and returns its length.
async fn read_body(
    stream: &mut BufReader<TcpStream>,
    headers: &[(String, String)],
) -> std::io::Result<usize> {
    let header = |name: &str| {
        headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    };
    if header("transfer-encoding").is_some_and(|value| value.contains("chunked")) {
        let mut total = 0;
        let mut line = String::new();
        loop {
            line.clear();
            stream.read_line(&mut line).await?;
            let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or(""), 16)
                .map_err(|_| std::io::Error::other(format!("a chunk size: {line:?}")))?;
            let mut chunk = vec![0; size + 2];
            stream.read_exact(&mut chunk).await?;
            total += size;
            if size == 0 {
                return Ok(total);
            }
        }
    }
    let length = header("content-length")
        .and_then(|value| value.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    stream.read_exact(&mut body).await?;
    Ok(length)
}

/// A phone reloading the pairings and the standings pages of `big` back to back, as a
/// browser does (gzip, `If-None-Match` with the tag it has), from `from`; with `search`,
/// a name searched on both. Turned away (503, 429), it waits a second, as `Retry-After`
/// says; its connection lost, it opens another.
async fn reload_pages(
    base: String,
    (big, search, from): (String, Option<String>, std::net::IpAddr),
    stop: Rc<std::cell::Cell<bool>>,
    tally: Rc<RefCell<HallTally>>,
) {
    let query = search.map_or(String::new(), |name| format!("?name={name}"));
    let paths = [
        format!("/t/{big}{query}"),
        format!("/t/{big}/standings{query}"),
    ];
    let mut tags: [Option<String>; 2] = [None, None];
    let host = base.trim_start_matches("http://").to_string();
    let mut connection: Option<BufReader<TcpStream>> = None;
    let mut turn = 0;
    while !stop.get() {
        let which = turn % 2;
        turn += 1;
        let began = Instant::now();
        let answer: std::io::Result<u16> = async {
            if connection.is_none() {
                connection = Some(BufReader::new(connect_from(&base, from).await?));
            }
            let stream = connection.as_mut().expect("a connection");
            let tag = tags[which].as_ref().map_or(String::new(), |tag| format!("If-None-Match: {tag}\r\n"));
            let request = format!(
                "GET {} HTTP/1.1\r\nHost: {host}\r\nAccept: text/html\r\nAccept-Encoding: gzip\r\n{tag}\r\n",
                paths[which]
            );
            stream.get_mut().write_all(request.as_bytes()).await?;
            let (status, headers) = read_head(stream).await?;
            read_body(stream, &headers).await?;
            if let Some((_, tag)) = headers.iter().find(|(name, _)| name == "etag") {
                tags[which] = Some(tag.clone());
            }
            if headers.iter().any(|(name, value)| name == "connection" && value.eq_ignore_ascii_case("close")) {
                connection = None;
            }
            Ok(status)
        }
        .await;
        let pause = {
            let mut counts = tally.borrow_mut();
            match answer {
                Ok(status @ (200 | 304)) => {
                    counts.pages.push(began.elapsed());
                    counts.pages_not_modified += u64::from(status == 304);
                    None
                }
                Ok(503 | 429) => {
                    counts.pages_refused += 1;
                    Some(Duration::from_secs(1))
                }
                Ok(_) => {
                    counts.page_failures += 1;
                    None
                }
                Err(_) => {
                    counts.page_failures += 1;
                    connection = None;
                    None
                }
            }
        };
        if let Some(pause) = pause {
            tokio::time::sleep(pause).await;
        }
    }
}

/// One client opening `path` again and again from `from`, holding the streams it got,
/// without pause but for a tenth of a second after a refusal, until `stop`.
async fn flood(
    base: String,
    (path, from): (String, std::net::IpAddr),
    stop: Rc<std::cell::Cell<bool>>,
    tally: Rc<RefCell<HallTally>>,
) {
    let host = base.trim_start_matches("http://").to_string();
    let mut held = Vec::new();
    while !stop.get() {
        let opened: std::io::Result<(u16, Headers, BufReader<TcpStream>)> = async {
            let mut stream = BufReader::new(connect_from(&base, from).await?);
            let request =
                format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n");
            stream.get_mut().write_all(request.as_bytes()).await?;
            let (status, headers) = read_head(&mut stream).await?;
            Ok((status, headers, stream))
        }
        .await;
        let refused = {
            let mut counts = tally.borrow_mut();
            match opened {
                Ok((200, _, stream)) => {
                    held.push(stream);
                    counts.flood_held = counts.flood_held.max(held.len() as u64);
                    false
                }
                Ok((status, headers, _)) => {
                    counts.flood_refused += 1;
                    if !counts.flood_statuses.contains(&status) {
                        counts.flood_statuses.push(status);
                    }
                    if counts.flood_retry_after.is_none() {
                        counts.flood_retry_after = headers
                            .iter()
                            .find(|(name, _)| name == "retry-after")
                            .map(|(_, value)| value.clone());
                    }
                    true
                }
                Err(_) => {
                    counts.flood_refused += 1;
                    true
                }
            }
        };
        if refused {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// `/health` asked every 100 ms on a new connection, as a monitor does, until `stop`: an
/// answer other than 200, or none within 2 s, is a failure.
async fn watch_health(
    base: String,
    stop: Rc<std::cell::Cell<bool>>,
    tally: Rc<RefCell<HallTally>>,
) {
    while !stop.get() {
        let began = Instant::now();
        let answer = tokio::time::timeout(Duration::from_secs(2), async {
            let mut connection = Connection::open(&base).await;
            connection.send("GET", "/health", "", b"").await.0
        })
        .await;
        {
            let mut counts = tally.borrow_mut();
            match answer {
                Ok(200) => counts.health.push(began.elapsed()),
                _ => counts.health_failures += 1,
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

impl Hall {
    /// Starts the hall's clients on a thread of their own (see the module's doc) and returns
    /// once they run: the thread gives their figures back when told to stop.
    async fn spawn(
        options: Options,
        tournament: String,
        big: Option<String>,
    ) -> (
        std::thread::JoinHandle<HallTally>,
        tokio::sync::oneshot::Sender<()>,
    ) {
        let (started, running) = tokio::sync::oneshot::channel::<()>();
        let (stop, stopping) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            if options.hall_nice != 0 {
                rustix::process::setpriority_process(
                    Some(rustix::thread::gettid()),
                    options.hall_nice,
                )
                .expect("the hall's thread niced");
            }
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime for the hall");
            tokio::task::LocalSet::new().block_on(&runtime, async move {
                let hall = Hall::start(&options, &tournament, big.as_deref()).await;
                let _ = started.send(());
                let _ = stopping.await;
                hall.stop().await
            })
        });
        running.await.expect("the hall started");
        (thread, stop)
    }

    /// Starts the streams on `tournament`, and the standings readers and the drafting
    /// organizer of the large tournament `big`.
    async fn start(options: &Options, tournament: &str, big: Option<&str>) -> Hall {
        let hall = Hall {
            stop: Rc::default(),
            tasks: Vec::new(),
            tally: Rc::default(),
        };
        let mut hall = hall;
        let stream_path = match &options.stream_kinds {
            Some(kinds) => format!("/tournaments/{tournament}/stream?kinds={kinds}"),
            None => format!("/tournaments/{tournament}/stream"),
        };
        if options.flood {
            let task = flood(
                options.base.clone(),
                (stream_path.clone(), std::net::IpAddr::from([127, 2, 0, 1])),
                hall.stop.clone(),
                hall.tally.clone(),
            );
            hall.tasks.push(tokio::task::spawn_local(task));
        }
        if options.flood || options.phones > 0 {
            let task = watch_health(options.base.clone(), hall.stop.clone(), hall.tally.clone());
            hall.tasks.push(tokio::task::spawn_local(task));
        }
        // Each phone and each reader is a device of its own, from its own loopback address
        // (127.3.x.y, 127.4.0.n): from one address, the service's budget for one client
        // would turn all but a few of them away.
        for phone in 0..options.streams {
            let from =
                std::net::IpAddr::from([127, 3, (phone / 250) as u8, (phone % 250 + 1) as u8]);
            let task = follow(
                options.base.clone(),
                (stream_path.clone(), from),
                hall.stop.clone(),
                hall.tally.clone(),
            );
            hall.tasks.push(tokio::task::spawn_local(task));
        }
        let Some(big) = big else {
            return hall;
        };
        for phone in 0..options.phones {
            let from =
                std::net::IpAddr::from([127, 1, (phone / 250) as u8, (phone % 250 + 1) as u8]);
            // Half the phones search a name: some ten players of the tournament each.
            let search = (phone % 2 == 1).then(|| format!("Player0{:02}", phone % 50));
            let task = reload_pages(
                options.base.clone(),
                (big.to_string(), search, from),
                hall.stop.clone(),
                hall.tally.clone(),
            );
            hall.tasks.push(tokio::task::spawn_local(task));
        }
        for reader in 0..options.readers {
            let task = read_standings(
                options.base.clone(),
                (
                    format!("/tournaments/{big}/standings"),
                    std::net::IpAddr::from([127, 4, 0, (reader % 250 + 1) as u8]),
                ),
                hall.stop.clone(),
                hall.tally.clone(),
            );
            hall.tasks.push(tokio::task::spawn_local(task));
        }
        if let Some(how) = options.redraft {
            let path = format!("/tournaments/{big}/rounds/4/pairings/draft");
            let task = redraft(
                options.base.clone(),
                options.admin.clone(),
                (path, 100 * options.window),
                how,
                hall.stop.clone(),
                hall.tally.clone(),
            );
            hall.tasks.push(tokio::task::spawn_local(task));
        }
        hall
    }

    /// Stops every client (the streams leave) and gives what they saw.
    async fn stop(self) -> HallTally {
        self.stop.set(true);
        for task in self.tasks {
            task.await.expect("a hall client");
        }
        std::mem::take(&mut *self.tally.borrow_mut())
    }
}

/// Imports the OpenGotha tournament `--big` (once for every window of the hall).
async fn import_big(options: &Options) -> Option<String> {
    let file = options.big.as_ref()?;
    let xml = std::fs::read(file).expect("the OpenGotha file");
    let headers = format!(
        "Authorization: Bearer {}\r\nContent-Type: application/xml\r\n",
        options.admin
    );
    let (status, answer) = Connection::open(&options.base)
        .await
        .send("POST", "/tournaments/import", &headers, &xml)
        .await;
    assert_eq!(status, 201, "import: {}", String::from_utf8_lossy(&answer));
    let imported: Value = serde_json::from_slice(&answer).expect("a JSON answer");
    Some(
        imported["tournament_id"]
            .as_str()
            .expect("a tournament id")
            .to_string(),
    )
}

/// The hall beside the tablets: at once for the whole run, or by turns (`--alternate`).
enum Running {
    AtOnce(
        std::thread::JoinHandle<HallTally>,
        tokio::sync::oneshot::Sender<()>,
    ),
    ByTurns(tokio::task::JoinHandle<(Vec<Window>, HallTally)>),
}

/// A stretch of the run with the hall on or off (`--alternate`).
struct Window {
    from: Instant,
    to: Instant,
    hall: bool,
}

/// The hall by turns while `playing`: `length` off, then `length` on with its clients
/// started afresh, and so on; the windows and what the hall's clients saw.
async fn alternate(
    options: Options,
    (tournament, big): (String, Option<String>),
    length: Duration,
    playing: Rc<std::cell::Cell<bool>>,
) -> (Vec<Window>, HallTally) {
    // Waits `length`, or less once the tablets are done.
    let wait = |playing: Rc<std::cell::Cell<bool>>| async move {
        let until = Instant::now() + length;
        while playing.get() && Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    let mut options = options;
    let mut windows = Vec::new();
    let mut tally = HallTally::default();
    let mut from = Instant::now();
    while playing.get() {
        options.window += 1;
        wait(playing.clone()).await;
        windows.push(Window {
            from,
            to: Instant::now(),
            hall: false,
        });
        if !playing.get() {
            break;
        }
        let (thread, stop) = Hall::spawn(options.clone(), tournament.clone(), big.clone()).await;
        from = Instant::now();
        wait(playing.clone()).await;
        windows.push(Window {
            from,
            to: Instant::now(),
            hall: true,
        });
        let _ = stop.send(());
        let seen = tokio::task::spawn_blocking(move || thread.join().expect("the hall's thread"))
            .await
            .expect("the hall's thread joined");
        tally.absorb(seen);
        from = Instant::now();
    }
    (windows, tally)
}

/// The turns (when sent, how long) of each kind of window, off and on, each turn counted
/// when sent at least [`SETTLE`] into its window and answered within it.
fn by_window(turns: &[(Instant, Duration)], windows: &[Window]) -> [Vec<Duration>; 2] {
    let mut split = [Vec::new(), Vec::new()];
    for &(sent, latency) in turns {
        let window = windows
            .iter()
            .find(|window| sent >= window.from + SETTLE && sent + latency <= window.to);
        if let Some(window) = window {
            split[usize::from(window.hall)].push(latency);
        }
    }
    split
}

/// When each turn was sent, by game and turn number: the watchers measure from it.
type Sent = Rc<RefCell<HashMap<(String, i64), Instant>>>;

/// How soon the turns were seen (`--watch 1`).
#[derive(Default)]
struct Seen {
    /// By a second client of the game's stream.
    game_stream: Vec<Duration>,
    /// By the referee, on the tournament's stream.
    tournament_stream: Vec<Duration>,
    /// In the referee's hall page, fetched after the event arrived.
    hall_page: Vec<Duration>,
    hall_fetches: u64,
    hall_failures: u64,
}

/// The turns the referee's stream brought, waiting for the next fetch of the hall page.
#[derive(Default)]
struct Waiting {
    sent: RefCell<Vec<Instant>>,
    arrived: tokio::sync::Notify,
}

/// The watchers of `--watch 1`, running until `stop`.
struct Watchers {
    stop: Rc<std::cell::Cell<bool>>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    seen: Rc<RefCell<Seen>>,
}

/// Where a stream's turns are counted.
#[derive(Clone, Copy)]
enum Watched {
    Game,
    Tournament,
}

/// Follows the stream `path` and, for each turn it brings, records how long after its
/// sending it came; the referee's turns also wait for the next hall page.
async fn watch(
    base: String,
    (path, token): (String, String),
    watched: Watched,
    (sent, seen, waiting): (Sent, Rc<RefCell<Seen>>, Rc<Waiting>),
    stop: Rc<std::cell::Cell<bool>>,
) {
    let mut stream = open_stream(&base, &path, Some(&token), None).await;
    let mut buffer = vec![0u8; 64 * 1024];
    let mut text = String::new();
    while !stop.get() {
        let read = match tokio::time::timeout(Duration::from_millis(200), stream.read(&mut buffer))
            .await
        {
            Err(_) => continue,
            Ok(Ok(0) | Err(_)) => panic!("the server ended the stream {path}"),
            Ok(Ok(read)) => read,
        };
        let now = Instant::now();
        text.push_str(&String::from_utf8_lossy(&buffer[..read]));
        // Events end with a blank line; the chunked encoding's size lines fall between them.
        while let Some(end) = text.find("\n\n") {
            let block: String = text.drain(..end + 2).collect();
            if !block.lines().any(|line| line == "event: turn") {
                continue;
            }
            let Some(data) = block.lines().find_map(|line| line.strip_prefix("data: ")) else {
                continue;
            };
            let entry: Value = serde_json::from_str(data).expect("an event's JSON");
            let key = (
                entry["game_id"].as_str().expect("a game id").to_string(),
                entry["turn_number"].as_i64().expect("a turn number"),
            );
            let Some(at) = sent.borrow().get(&key).copied() else {
                continue;
            };
            let mut seen = seen.borrow_mut();
            match watched {
                Watched::Game => seen.game_stream.push(now - at),
                Watched::Tournament => {
                    seen.tournament_stream.push(now - at);
                    waiting.sent.borrow_mut().push(at);
                    waiting.arrived.notify_one();
                }
            }
        }
    }
}

/// The referee's hall page, fetched again after events as its script does: one fetch at a
/// time, the turns that arrived meanwhile seen by the next.
async fn referee_page(
    base: String,
    (path, session): (String, String),
    (seen, waiting): (Rc<RefCell<Seen>>, Rc<Waiting>),
    stop: Rc<std::cell::Cell<bool>>,
) {
    let mut connection = Connection::open(&base).await;
    let cookie = format!("Authorization: Bearer {session}\r\n");
    while !stop.get() {
        let taken: Vec<Instant> = waiting.sent.borrow_mut().drain(..).collect();
        if taken.is_empty() {
            let _ =
                tokio::time::timeout(Duration::from_millis(200), waiting.arrived.notified()).await;
            continue;
        }
        let (status, _) = connection.send("GET", &path, &cookie, b"").await;
        let now = Instant::now();
        let mut seen = seen.borrow_mut();
        seen.hall_fetches += 1;
        seen.hall_failures += u64::from(status != 200);
        seen.hall_page.extend(taken.into_iter().map(|at| now - at));
    }
}

impl Watchers {
    /// A second client on each game's stream, and the referee on the tournament's stream
    /// with their hall page; each stream is open before the first turn.
    async fn start(
        options: &Options,
        tournament: &str,
        games: &[(String, String)],
        sent: &Sent,
    ) -> Watchers {
        let mut watchers = Watchers {
            stop: Rc::default(),
            tasks: Vec::new(),
            seen: Rc::default(),
        };
        let waiting = Rc::new(Waiting::default());
        let shared = || (sent.clone(), watchers.seen.clone(), waiting.clone());
        let mut tasks = Vec::new();
        for (game, table) in games {
            // After the start entry: the turns only; signed in as the table's other tablet.
            let path = format!("/games/{game}/stream?after=1");
            tasks.push(watch(
                options.base.clone(),
                (path, table.clone()),
                Watched::Game,
                shared(),
                watchers.stop.clone(),
            ));
        }
        let path = format!("/tournaments/{tournament}/stream");
        tasks.push(watch(
            options.base.clone(),
            (path, options.admin.clone()),
            Watched::Tournament,
            shared(),
            watchers.stop.clone(),
        ));
        let page = referee_page(
            options.base.clone(),
            (
                format!("/dashboard/t/{tournament}/hall?round=1"),
                options.admin.clone(),
            ),
            (watchers.seen.clone(), waiting.clone()),
            watchers.stop.clone(),
        );
        watchers.tasks = tasks.into_iter().map(tokio::task::spawn_local).collect();
        watchers.tasks.push(tokio::task::spawn_local(page));
        // Every stream answers its headers before the tablets begin.
        tokio::time::sleep(Duration::from_secs(1)).await;
        watchers
    }

    /// Lets the last turns arrive, stops, and sums up: quantiles of each way of seeing a
    /// turn, and how many turns each missed.
    async fn stop(self, sent: &Sent) -> Value {
        tokio::time::sleep(Duration::from_secs(3)).await;
        self.stop.set(true);
        for task in self.tasks {
            task.await.expect("a watcher");
        }
        let turns = sent.borrow().len();
        let mut seen = self.seen.borrow_mut();
        let summary = |latencies: &mut Vec<Duration>| {
            let mut figures = summary(latencies);
            figures["missed"] = json!(turns.saturating_sub(latencies.len()));
            figures
        };
        json!({
            "game_stream": summary(&mut seen.game_stream),
            "tournament_stream": summary(&mut seen.tournament_stream),
            "hall_page": summary(&mut seen.hall_page),
            "hall_fetches": seen.hall_fetches, "hall_failures": seen.hall_failures,
        })
    }
}

/// The count and quantiles of `latencies` (sorted here), in ms.
fn summary(latencies: &mut [Duration]) -> Value {
    latencies.sort_unstable();
    let at = |q: f64| {
        let index = ((q * latencies.len() as f64) as usize).min(latencies.len().saturating_sub(1));
        latencies.get(index).map_or(0.0, |latency| {
            (latency.as_secs_f64() * 100_000.0).round() / 100.0
        })
    };
    json!({"count": latencies.len(), "p50_ms": at(0.5), "p95_ms": at(0.95), "p99_ms": at(0.99), "max_ms": at(1.0)})
}

/// A counter of the service's `/metrics`.
async fn metric(base: &str, name: &str) -> f64 {
    let (_, text) = Connection::open(base)
        .await
        .send("GET", "/metrics", "", b"")
        .await;
    String::from_utf8_lossy(&text)
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{name} ")))
        .and_then(|value| value.parse().ok())
        .unwrap_or(0.0)
}

/// What the tablets saw.
#[derive(Default)]
struct Tally {
    /// When each turn was sent, and how long it took.
    latencies: Vec<(Instant, Duration)>,
    failures: Vec<(u16, String)>,
}

/// A uniform draw in [0, 1) from a small xorshift generator: the think times need no more.
fn uniform(state: &mut u64) -> f64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 11) as f64 / (1u64 << 53) as f64
}

/// Plays `games` one after the other on one connection.
async fn tablet(
    mut connection: Connection,
    games: Vec<(String, String)>,
    moves: Rc<Vec<Option<String>>>,
    think: Duration,
    seed: u64,
    (tally, sent): (Rc<RefCell<Tally>>, Sent),
) {
    let mut random = seed | 1;
    if !think.is_zero() {
        // Tablets are not in step: each starts at its own moment.
        tokio::time::sleep(think.mul_f64(uniform(&mut random))).await;
    }
    for (game, token) in games {
        if !play(
            &mut connection,
            (&game, &token),
            &moves,
            think,
            &mut random,
            (&tally, &sent),
        )
        .await
        {
            return;
        }
    }
}

/// Plays a game to its end; false on an answer other than 201.
async fn play(
    connection: &mut Connection,
    (game, token): (&str, &str),
    moves: &[Option<String>],
    think: Duration,
    random: &mut u64,
    (tally, sent): (&Rc<RefCell<Tally>>, &Sent),
) -> bool {
    let path = format!("/games/{game}/turns");
    for (index, point) in moves.iter().enumerate() {
        if !think.is_zero() {
            tokio::time::sleep(think.mul_f64(0.5 + uniform(random))).await;
        }
        let number = index + 1;
        let body = match point {
            Some(point) => json!({"turn": number, "action": "move", "point": point}),
            None => json!({"turn": number, "action": "pass"}),
        };
        let key = format!("{game}-{number}");
        let began = Instant::now();
        sent.borrow_mut()
            .insert((game.to_string(), number as i64), began);
        let (status, answer) = connection
            .request("POST", &path, token, &body, Some(&key))
            .await;
        let mut tally = tally.borrow_mut();
        tally.latencies.push((began, began.elapsed()));
        if status != 201 {
            tally
                .failures
                .push((status, String::from_utf8_lossy(&answer).into_owned()));
            return false;
        }
    }
    true
}

fn main() {
    let options = options();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let local = tokio::task::LocalSet::new();
    local.block_on(&runtime, async {
        let (tournament, games) = prepare(&options).await;
        let big = import_big(&options).await;
        let playing = Rc::new(std::cell::Cell::new(true));
        let running = match options.alternate {
            None => {
                let (thread, stop) = Hall::spawn(options.clone(), tournament.clone(), big).await;
                Running::AtOnce(thread, stop)
            }
            Some(length) => {
                let task = alternate(options.clone(), (tournament.clone(), big), length, playing.clone());
                Running::ByTurns(tokio::task::spawn_local(task))
            }
        };
        let sent = Sent::default();
        let watchers = if options.watch {
            Some(Watchers::start(&options, &tournament, &games, &sent).await)
        } else {
            None
        };
        let feed_reads = metric(&options.base, "arbitre_event_feed_reads_total").await;
        let moves = Rc::new(points(options.turns));
        let tally = Rc::new(RefCell::new(Tally::default()));
        // Tablet i plays games i, i + tablets, i + 2 × tablets, …
        let mut plays = vec![Vec::new(); options.tablets];
        for (index, game) in games.into_iter().enumerate() {
            plays[index % options.tablets].push(game);
        }
        let mut connections = Vec::new();
        for _ in &plays {
            connections.push(Connection::open(&options.base).await);
        }
        let began = Instant::now();
        let tablets: Vec<_> = plays
            .into_iter()
            .zip(connections)
            .enumerate()
            .map(|(index, (game, connection))| {
                let seed = 0x9e37_79b9_7f4a_7c15 ^ (index as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                tokio::task::spawn_local(tablet(connection, game, moves.clone(), options.think, seed, (tally.clone(), sent.clone())))
            })
            .collect();
        for tablet in tablets {
            tablet.await.expect("a tablet");
        }
        let seconds = began.elapsed().as_secs_f64();
        playing.set(false);
        let seen = match watchers {
            Some(watchers) => watchers.stop(&sent).await,
            None => Value::Null,
        };
        let (windows, hall) = match running {
            Running::AtOnce(thread, stop) => {
                let _ = stop.send(());
                (Vec::new(), thread.join().expect("the hall's thread"))
            }
            Running::ByTurns(task) => task.await.expect("the hall by turns"),
        };
        let feed_reads = metric(&options.base, "arbitre_event_feed_reads_total").await - feed_reads;
        let mut tally = tally.borrow_mut();
        let alternating = options.alternate.map(|length| {
            let [mut off, mut on] = by_window(&tally.latencies, &windows);
            let (off, on) = (summary(&mut off), summary(&mut on));
            let ratio = on["p99_ms"].as_f64().unwrap_or(0.0) / off["p99_ms"].as_f64().unwrap_or(0.0).max(f64::MIN_POSITIVE);
            json!({
                "window_s": length.as_secs_f64(), "windows_on": windows.iter().filter(|window| window.hall).count(),
                "off": off, "on": on, "p99_ratio": (ratio * 100.0).round() / 100.0,
            })
        });
        tally.latencies.sort_unstable_by_key(|&(_, latency)| latency);
        if let Some(file) = &options.latencies {
            let lines: String = tally
                .latencies
                .iter()
                .map(|(_, latency)| format!("{}\n", latency.as_micros()))
                .collect();
            std::fs::write(file, lines).expect("write the latencies");
        }
        let count = tally.latencies.len();
        let quantile = |q: f64| {
            let index = ((q * count as f64) as usize).min(count.saturating_sub(1));
            tally.latencies.get(index).map_or(0.0, |(_, latency)| latency.as_secs_f64() * 1000.0)
        };
        let round = |value: f64| (value * 100.0).round() / 100.0;
        println!(
            "{}",
            json!({
                "tablets": options.tablets, "think_ms": options.think.as_secs_f64() * 1000.0, "turns": count,
                "seconds": round(seconds), "turns_per_second": (count as f64 / seconds * 10.0).round() / 10.0,
                "p50_ms": round(quantile(0.50)), "p99_ms": round(quantile(0.99)), "max_ms": round(quantile(1.0)),
                "failures": tally.failures.len(), "first_failure": tally.failures.first(),
                "streams": options.streams, "readers": options.readers, "redraft": format!("{:?}", options.redraft),
                "feed_reads": feed_reads, "hall": hall.summary(), "seen": seen,
                "alternating": alternating,
            })
        );
    });
}
