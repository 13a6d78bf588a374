// The table's tablet (/table): the board, both clocks and the count of the game the
// published round puts at this table, by touch, between two players.
//
// The server decides everything: this script draws the game's state (GET /games/{id}),
// follows its event stream, and sends what the players do to the JSON API's own routes
// (POST /games/{id}/turns...: the session cookie stands for the tablet's token there). It needs no secure context (a hall's
// LAN address is plain http): no crypto.randomUUID, no wake lock; a service worker keeps
// the page for a reload offline only where the browser allows one (HTTPS, localhost).
//
// Every turn and counting step waits in an outbox kept in localStorage, in order, until
// the server has answered it; any number may wait while the hall's network is down (the
// board shows them, played but not sent). Each is sent again, with the same
// Idempotency-Key, after a lost connection or a reload, so the server records it exactly
// once; one the server refuses is shown with its point and why, never dropped silently.

import { counted, decimal, words } from "/assets/words.js";

const OUTBOX = "arbitre.tablet.outbox";
const SHOWN = "arbitre.tablet.shown";
const NEAR = "arbitre.tablet.near";
const BEEPS = "arbitre.tablet.beeps";
const SVG = "http://www.w3.org/2000/svg";
const REPORT_EVERY_MS = 3000;
const LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
const KINDS = ["start", "turn", "clock", "counting", "ruling", "result", "refused"];

// What the tablet says about its connection and its outbox, in one place.
const WORDS = {
  offline: (since, waiting, kept) => [
    words("tablet-offline-since", { since }),
    waiting === 0 ? words("tablet-offline-nothing") : counted("tablet-offline-waiting", waiting),
    words("tablet-offline-keep-playing"),
    words(kept ? "tablet-offline-kept" : "tablet-offline-do-not-reload"),
  ].join(" "),
  waitingStones: (count) => words("tablet-waiting-stones", { count }),
  bothPassed: words("tablet-both-passed"),
  refused: (what, why) => words("tablet-refused-step", { what, why }),
  behind: words("tablet-behind"),
  seen: words("tablet-seen"),
  turn: (colour, body, height) => {
    const who = colourName(colour === "W" ? "W" : "B");
    if (body.action === "pass") return words("tablet-turn-pass", { who, turn: body.turn });
    if (body.action === "resign") return words("tablet-turn-resign", { who });
    return words("tablet-turn-move", { who, point: label(...fromSgf(body.point), height), turn: body.turn });
  },
  step: (body) => words(
    body.action === "propose" ? "tablet-step-propose"
      : body.action === "accept" ? "tablet-step-accept" : "tablet-step-dispute",
    { who: colourName(body.color === "W" ? "W" : "B") },
  ),
};

const page = {
  table: null,          // GET /table/state
  game: null,           // GET /games/{id}
  receivedAt: 0,        // performance.now() when `game` arrived
  pending: null,        // the point tapped once, waiting for a second tap or Play
  armed: { B: false, W: false }, // a resignation waiting for its confirmation
  ruling: null,         // the game's last ruling, as its log has it
  rulingsOf: null,      // the game whose rulings were read
  stream: null,
  tournamentStream: null,
  idleTimer: 0,
  reportTimer: 0,
  sending: false,
  lastBeep: -1,
  audio: null,
  offlineSince: null,   // Date.now() when the server was last found unreachable
  refused: [],          // outbox entries the server refused: { text, key }
  said: null,           // the phase #message spoke about: it goes when the phase changes
  heard: { seq: 0, at: 0 }, // the game's last entry this tablet had, and when it came (tableNow)
};

// ---- keys and the outbox -------------------------------------------------------------

let counter = 0;

/** A key no other request of this tablet has: time, a counter, and random bits
 * (crypto.getRandomValues works without a secure context, randomUUID does not). */
function newKey() {
  const random = new Uint32Array(2);
  crypto.getRandomValues(random);
  counter += 1;
  return `t${Date.now().toString(36)}-${counter.toString(36)}-${random[0].toString(36)}${random[1].toString(36)}`;
}

function outbox() {
  try {
    const kept = JSON.parse(localStorage.getItem(OUTBOX) || "[]");
    // Steps kept by an older page went to /table/games/..., the API's routes under another
    // path: they are sent where the API takes them, never dropped.
    return Array.isArray(kept)
      ? kept.map((entry) => ({ ...entry, path: String(entry.path).replace(/^\/table\/games\//, "/games/") }))
      : [];
  } catch {
    return [];
  }
}

function keepOutbox(entries) {
  localStorage.setItem(OUTBOX, JSON.stringify(entries));
  document.body.dataset.outbox = String(entries.length);
}

/** The tablet's monotonic clock, in milliseconds, comparable across a reload. */
function tableNow() {
  return performance.timeOrigin + performance.now();
}

/** Puts a step in the outbox. A turn carries the table's account of its time, as a
 * physical clock on the table measures it: from the last entry of the game the tablet
 * had (or the step before it still waiting here) to now. */
function enqueue(path, body) {
  const game = page.game;
  const madeAt = tableNow();
  const before = waiting(game);
  const previous = before[before.length - 1];
  const from = previous ? previous.madeAt : page.heard.seq === game.seq ? page.heard.at : undefined;
  if (body.turn !== undefined && body.action !== "resign" && typeof from === "number") {
    body.table_time = { since: game.seq + before.length, elapsed_ms: Math.max(0, Math.round(madeAt - from)) };
  }
  keepOutbox([...outbox(), { key: newKey(), path, body, game: game.id, madeAt }]);
  render();
  flush();
}

/** The entries of `game` waiting in the outbox that the game shown does not have yet. */
function waiting(game) {
  return outbox().filter((entry) => entry.game === game.id
    && (entry.body.turn === undefined || entry.body.turn >= game.next_turn));
}

/** The turns waiting, played at the table but not yet recorded. */
function waitingTurns(game) {
  return waiting(game).filter((entry) => entry.body.turn !== undefined && entry.body.action !== "resign");
}

/** The number the next turn played at the table will have. */
function nextTurn(game) {
  const turns = waitingTurns(game);
  return turns.length > 0 ? turns[turns.length - 1].body.turn + 1 : game.next_turn;
}

/** Black's handicap stones still to place (FFG handicap), in the game shown. */
function stonesToPlace(game) {
  return game.phase === "placing" ? game.settings.handicap - (game.board.join("").split("X").length - 1) : 0;
}

/** Who plays next at the table: the game's player to move after the turns waiting (FFG
 * handicap: Black places its stones one after the other). */
function toMove(game) {
  let colour = game.to_move;
  let stones = stonesToPlace(game);
  for (const entry of waitingTurns(game)) {
    if (entry.body.action === "move" && stones > 0) stones -= 1;
    colour = stones > 0 ? "B" : entry.body.color === "B" ? "W" : "B";
  }
  return colour;
}

/** Two passes in a row at the table, one at least still waiting: the game pauses for the
 * count (rule 5 bis) once the server has them. A game shown with turns and no last stone
 * ended on a pass. */
function passedTwice(game) {
  const turns = waitingTurns(game);
  if (turns.length === 0 || game.phase !== "playing") return false;
  let passes = game.turns > 0 && !game.last_move ? 1 : 0;
  for (const entry of turns) passes = entry.body.action === "pass" ? passes + 1 : 0;
  return passes >= 2;
}

/** The count as the table sees it: the server's proposal and acceptances, then the steps
 * waiting. A step names the revision of the proposal it answers: one made here and not
 * yet sent will have the log's number it is recorded at (each waiting entry is one entry
 * of the log). */
function shownCount(game) {
  const counting = game.counting || { proposal: [], accepted: [false, false], revision: 0 };
  let proposal = new Set(counting.proposal);
  let accepted = [...counting.accepted];
  let revision = counting.revision;
  waiting(game).forEach((entry, index) => {
    const body = entry.body;
    if (!entry.path.endsWith("/counting")) return;
    if (body.action === "propose") {
      const dead = new Set(body.dead.flatMap((point) => [...chain(game.board, ...fromSgf(point))]));
      if (dead.size !== proposal.size || [...dead].some((stone) => !proposal.has(stone))) {
        proposal = dead;
        accepted = [false, false];
        revision = game.seq + index + 1;
      }
    }
    if (body.action !== "dispute") accepted[body.color === "B" ? 0 : 1] = true;
  });
  return { proposal, accepted, revision };
}

/** Tells the server this tablet is there and how many steps wait in its outbox (issue
 * 43): the referee's hall marks a table whose tablet falls silent. It is also a look at
 * the connection while nothing else is sent. */
async function report() {
  try {
    const response = await fetch("/table/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ waiting: outbox().length }),
      cache: "no-store",
    });
    // A signed-out tablet (its credential revoked) has nothing to report: it stops asking.
    if (response.status === 401) clearInterval(page.reportTimer);
    if (response.status < 500) connectionBack();
  } catch {
    connectionLost();
  }
}

/** The server could not be reached: the banner says since when and what waits. */
function connectionLost() {
  if (page.offlineSince === null) page.offlineSince = Date.now();
  linkState("offline");
  render();
}

/** The server answered: the banner goes. */
function connectionBack() {
  if (page.offlineSince === null) return;
  page.offlineSince = null;
  linkState("online");
  render();
}

/** `entry` and the entries waiting behind it, refused: shown with their point and why,
 * never dropped silently. */
function refuse(entry, problem) {
  const game = page.game;
  const height = game ? game.settings.height : 19;
  const describe = (kept) => kept.body.turn !== undefined
    ? WORDS.turn(kept.body.color || (game && game.to_move), kept.body, height)
    : WORDS.step(kept.body);
  const entries = outbox();
  const behind = entries.slice(entries.findIndex((kept) => kept.key === entry.key) + 1)
    .filter((kept) => kept.game === entry.game);
  // An illegal move is the player's to play again at once: said where the board asks for
  // it. A step the game had moved past is kept in the list until a player has seen it.
  if ((problem.code || "").startsWith("illegal_move")) say(`${describe(entry)}: ${explain(problem)}`);
  else page.refused.push({ key: entry.key, text: WORDS.refused(describe(entry), explain(problem)) });
  for (const kept of behind) page.refused.push({ key: kept.key, text: WORDS.refused(describe(kept), WORDS.behind) });
  const gone = new Set([entry.key, ...behind.map((kept) => kept.key)]);
  keepOutbox(entries.filter((kept) => !gone.has(kept.key)));
}

/** Sends the outbox's entries in order; a network failure or a 5xx keeps them for later. */
async function flush() {
  if (page.sending) return;
  const entries = outbox();
  if (entries.length === 0) return;
  page.sending = true;
  const entry = entries[0];
  let response;
  let answer;
  try {
    response = await fetch(entry.path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": entry.key },
      body: JSON.stringify(entry.body),
      cache: "no-store",
    });
    answer = await response.json().catch(() => null);
  } catch {
    page.sending = false;
    connectionLost();
    setTimeout(flush, 1000);
    return;
  }
  page.sending = false;
  connectionBack();
  if (response.status >= 500 || response.status === 429 || (answer && answer.code === "game.contended")) {
    setTimeout(flush, 1000);
    return;
  }
  if (response.ok && answer && answer.id) {
    keepOutbox(outbox().filter((kept) => kept.key !== entry.key));
    // The clock was pressed when the step was made here, not when the answer came.
    if (entry.madeAt && answer.seq >= page.heard.seq) page.heard = { seq: answer.seq, at: entry.madeAt };
    show(answer);
  } else {
    refuse(entry, answer || {});
    if (answer && answer.state) show(answer.state);
    else refresh();
  }
  if (response.status === 401 || response.status === 403) refreshTable();
  render();
  flush();
}

// ---- what the server says, in words -------------------------------------------------

function explain(problem) {
  const turn = problem.repeats_turn;
  const after = turn === 0 ? words("tablet-after-start") : words("tablet-after-turn", { turn });
  switch (problem.code) {
    case "illegal_move.occupied": return words("tablet-illegal-occupied");
    case "illegal_move.suicide": return words("tablet-illegal-suicide");
    case "illegal_move.ko": return words("tablet-illegal-ko", { after });
    case "illegal_move.superko": return words("tablet-illegal-superko", { after });
    case "illegal_move.handicap": return words("tablet-illegal-handicap");
    case "illegal_move.wrong_turn":
      return words("tablet-illegal-wrong-turn", { who: colourName(problem.expected_color === "W" ? "W" : "B") });
    case "illegal_move.off_board": return words("tablet-illegal-off-board");
    case "game.stale_turn": return words("tablet-stale-turn");
    case "counting.superseded": return words("tablet-counting-superseded");
    case "game.paused": return words("tablet-game-paused");
    case "game.not_playing": return words("tablet-not-playing");
    case "game.not_counting": return words("tablet-not-counting");
    case "game.finished": return words("tablet-game-finished");
    case "auth.forbidden": return words("tablet-forbidden");
    case "auth.missing_token": case "auth.invalid_token": return words("tablet-signed-out");
    // The API's own detail is English: the tablet says what it can in the players' words.
    default: return words("tablet-refused");
  }
}

/** Says `text` about the game as it stands: it goes when the game's phase changes (a
 * pause's message once play resumes). */
function say(text) {
  document.getElementById("message").textContent = text;
  page.said = text && page.game ? page.game.phase : null;
}

/** The words of each state of the link to the server. */
const LINK_STATES = {
  connecting: "tablet-link-connecting",
  online: "tablet-link-online",
  offline: "tablet-link-offline",
  reconnecting: "tablet-link-reconnecting",
};

function linkState(state) {
  document.getElementById("link-state").textContent = words(LINK_STATES[state]);
  document.getElementById("table").dataset.connection = state;
}

function colourName(colour) {
  return colour === "B" ? words("tablet-black") : colour === "W" ? words("tablet-white") : "";
}

function resultInWords(result) {
  if (!result) return "";
  if (result === "0" || result === "Draw") return words("result-draw");
  if (result === "Void") return words("result-no-result");
  const [who, how] = result.split("+");
  const winner = colourName(who) || who;
  if (how === "R" || how === "Resign") return words("result-wins-resignation", { winner });
  if (how === "T" || how === "Time") return words("result-wins-time", { winner });
  if (how === "F" || how === "Forfeit") return words("result-wins-forfeit", { winner });
  if (!how) return words("result-wins", { winner });
  return words("result-wins-points", { winner, points: decimal(how) });
}

/** A ruling of the log (its `ruling` and the result after it) in words: what the
 * referee decided, so that a player sees why their game ended or their clock changed. */
function rulingInWords(entry) {
  const ruling = entry.ruling;
  const who = colourName(ruling.color);
  const delta = typeof ruling.delta_ms === "number" ? time(Math.abs(ruling.delta_ms)) : "";
  const then = entry.result ? words("tablet-then", { result: resultInWords(entry.result) }) : "";
  switch (ruling.kind) {
    case "warning": return who ? words("tablet-ruling-warning-to", { who }) : words("tablet-ruling-warning");
    case "penalty":
      return delta ? words("tablet-ruling-penalty-time", { who, time: delta }) : words("tablet-ruling-penalty", { who });
    case "time_adjustment":
      return words(ruling.delta_ms >= 0 ? "tablet-ruling-time-gets" : "tablet-ruling-time-loses", { who, time: delta });
    case "pause": return words("tablet-ruling-pause");
    case "resume": return words("tablet-ruling-resume");
    case "dead_stones": return words("tablet-ruling-dead-stones", { then });
    case "strict_count": return words("tablet-ruling-strict-count", { then });
    case "void": return words("tablet-ruling-void");
    case "forfeit": return words("tablet-ruling-forfeit", { who, then });
    case "result_correction": return words("tablet-ruling-correction", { then });
    default: return words("tablet-ruling-other");
  }
}

/** Keeps `entry` (a ruling of the log) as the one shown, unless a later one is. */
function noteRuling(entry) {
  if (!entry || !entry.ruling) return;
  const kept = page.ruling;
  if (kept && kept.game_id === entry.game_id && kept.seq >= entry.seq) return;
  page.ruling = entry;
  render();
}

/** The game's last ruling, read once when its game comes to the tablet (the stream
 * brings the later ones). */
async function loadRulings(gameId) {
  try {
    const response = await fetch(`/games/${gameId}/rulings`, { cache: "no-store" });
    if (!response.ok) return;
    const items = (await response.json()).items;
    noteRuling(items[items.length - 1]);
  } catch {
    connectionLost();
  }
}

// ---- points ---------------------------------------------------------------------------

function sgf(x, y) {
  return String.fromCharCode(97 + x) + String.fromCharCode(97 + y);
}

function fromSgf(text) {
  return [text.charCodeAt(0) - 97, text.charCodeAt(1) - 97];
}

function label(x, y, height) {
  return `${LETTERS[x]}${height - y}`;
}

/** The stones of the chain through (x, y), in SGF. */
function chain(board, x, y) {
  const colour = board[y][x];
  const seen = new Set();
  const todo = [[x, y]];
  while (todo.length > 0) {
    const [cx, cy] = todo.pop();
    const key = sgf(cx, cy);
    if (seen.has(key) || board[cy] === undefined || board[cy][cx] !== colour) continue;
    seen.add(key);
    todo.push([cx + 1, cy], [cx - 1, cy], [cx, cy + 1], [cx, cy - 1]);
  }
  return seen;
}

// ---- the board ------------------------------------------------------------------------

function element(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

function starPoints(size) {
  if (size !== 19 && size !== 13 && size !== 9) return [];
  const edge = size === 9 ? 2 : 3;
  const lines = size === 9 ? [edge, 4, size - 1 - edge] : [edge, (size - 1) / 2, size - 1 - edge];
  return lines.flatMap((x) => lines.map((y) => [x, y]));
}

function drawBoard() {
  const svg = document.getElementById("board");
  const game = page.game;
  svg.replaceChildren();
  if (!game) return;
  const width = game.settings.width;
  const height = game.settings.height;
  svg.setAttribute("viewBox", `0 0 ${width + 1} ${height + 1}`);
  svg.appendChild(element("rect", { x: 0, y: 0, width: width + 1, height: height + 1, class: "wood" }));
  for (let i = 1; i <= width; i += 1) {
    svg.appendChild(element("line", { x1: i, y1: 1, x2: i, y2: height, class: "grid" }));
  }
  for (let i = 1; i <= height; i += 1) {
    svg.appendChild(element("line", { x1: 1, y1: i, x2: width, y2: i, class: "grid" }));
  }
  // Coordinates on the four edges: letters (no I) across, numbers up from the near edge.
  for (let i = 0; i < Math.max(width, height); i += 1) {
    if (i < width) {
      for (const y of [0.45, height + 0.75]) {
        const text = element("text", { x: i + 1, y, class: "coordinate" });
        text.textContent = LETTERS[i];
        svg.appendChild(text);
      }
    }
    if (i < height) {
      for (const x of [0.45, width + 0.55]) {
        const text = element("text", { x, y: i + 1.12, class: "coordinate" });
        text.textContent = String(height - i);
        svg.appendChild(text);
      }
    }
  }
  for (const [x, y] of starPoints(width === height ? width : 0)) {
    svg.appendChild(element("circle", { cx: x + 1, cy: y + 1, r: 0.12, class: "star" }));
  }
  const dead = game.phase === "counting" ? shownCount(game).proposal : new Set();
  const countedDead = new Set(game.count && game.count.dead ? game.count.dead : []);
  const played = waitingTurns(game).filter((entry) => entry.body.action === "move");
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const stone = game.board[y][x];
      const point = sgf(x, y);
      if (stone !== ".") {
        const isDead = dead.has(point) || countedDead.has(point);
        svg.appendChild(element("circle", {
          cx: x + 1, cy: y + 1, r: 0.47,
          class: `stone ${stone === "X" ? "black" : "white"}${isDead ? " dead" : ""}`,
          "data-point": point,
        }));
        if (point === game.last_move) {
          svg.appendChild(element("circle", {
            cx: x + 1, cy: y + 1, r: 0.2,
            class: `last-move ${stone === "X" ? "on-black" : "on-white"}`, "data-point": point,
          }));
        }
        if (isDead) {
          svg.appendChild(element("path", {
            d: `M${x + 0.75} ${y + 0.75}L${x + 1.25} ${y + 1.25}M${x + 1.25} ${y + 0.75}L${x + 0.75} ${y + 1.25}`,
            class: "dead-mark", "data-point": point,
          }));
        }
      }
      svg.appendChild(element("rect", {
        x: x + 0.5, y: y + 0.5, width: 1, height: 1, class: "hit", "data-point": point,
      }));
    }
  }
  // The moves played here and not yet sent: drawn apart (the server decides captures).
  for (const entry of played) {
    const [x, y] = fromSgf(entry.body.point);
    svg.appendChild(element("circle", {
      cx: x + 1, cy: y + 1, r: 0.47, "data-point": entry.body.point,
      class: `stone ${entry.body.color === "W" ? "white" : "black"} sending`,
    }));
  }
  const colour = toMove(game) === "W" ? "white" : "black";
  if (page.pending) {
    const [x, y] = fromSgf(page.pending);
    svg.appendChild(element("circle", { cx: x + 1, cy: y + 1, r: 0.47, class: `stone ${colour} ghost`, "data-point": page.pending, id: "pending-stone" }));
  }
  const last = game.last_move ? words("tablet-board-last", { point: label(...fromSgf(game.last_move), height) }) : "";
  const unsent = played.length > 0 ? WORDS.waitingStones(played.length) : "";
  const chosen = page.pending ? words("tablet-board-chosen", { point: label(...fromSgf(page.pending), height) }) : "";
  svg.setAttribute("aria-label", `${counted("tablet-board", game.turns)}${unsent}${last}${chosen}`);
}

function tap(event) {
  const point = event.target.getAttribute("data-point");
  const game = page.game;
  if (!point || !game) return;
  const [x, y] = fromSgf(point);
  if (game.phase === "counting") {
    if (game.board[y][x] === ".") return;
    const count = shownCount(game);
    const stones = chain(game.board, x, y);
    const marked = [...stones].some((stone) => count.proposal.has(stone));
    const dead = marked ? [...count.proposal].filter((stone) => !stones.has(stone)) : [...count.proposal, point];
    enqueue(`/games/${game.id}/counting`, { action: "propose", color: game.to_move || "B", dead, revision: count.revision });
    return;
  }
  if (game.phase !== "playing" && game.phase !== "placing") return;
  if (passedTwice(game) || waitingTurns(game).some((entry) => entry.body.point === point)) return;
  if (page.pending === point) {
    play();
  } else {
    page.pending = point;
    say(words("tablet-tap-again", { point: label(x, y, game.settings.height) }));
    render();
  }
}

function play() {
  const game = page.game;
  if (!page.pending || !game) return;
  const point = page.pending;
  page.pending = null;
  say("");
  enqueue(`/games/${game.id}/turns`, { turn: nextTurn(game), action: "move", point, color: toMove(game) });
}

// ---- clocks ---------------------------------------------------------------------------

function two(n) {
  return String(n).padStart(2, "0");
}

function time(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** A clock read now: the server's reading, run on locally while it runs. Returns the
 * time shown, the phase in words, and the time left before a flag or a period falls. */
function reading(clock, control, running) {
  const elapsed = running ? performance.now() - page.receivedAt : 0;
  const system = control.system;
  if (system === "none") return { shown: words("clock-no-limit"), phase: words("clock-unlimited"), left: Infinity };
  if (clock.out_of_time) return { shown: "0:00", phase: words("clock-out"), left: 0 };
  let main = clock.main_ms - (clock.in_overtime ? 0 : elapsed);
  if (system === "absolute") return { shown: time(main), phase: words("clock-main"), left: main };
  if (system === "fischer") {
    return { shown: time(main), phase: words("clock-fischer", { increment: time(control.increment_ms) }), left: main };
  }
  if (!clock.in_overtime && main > 0) return { shown: time(main), phase: words("clock-main"), left: main };
  const over = clock.in_overtime ? elapsed : -main;
  if (system === "canadian") {
    const left = (clock.in_overtime ? clock.period_ms_left : control.period_ms) - over;
    const stones = clock.in_overtime ? clock.stones_left : control.stones;
    return { shown: time(left), phase: words("clock-canadian", { stones, time: time(Math.max(0, left)) }), left };
  }
  // Byo-yomi; simple time is one period with no main time, the online byo-yomi one
  // period carved out of the main time.
  const periods = system === "byo-yomi" ? control.periods : 1;
  const period = system === "simple" ? control.per_move_ms
    : system === "online-byo-yomi" ? control.byo_yomi_ms : control.period_ms;
  let periodsLeft = clock.in_overtime ? clock.periods_left : periods;
  let left = (clock.in_overtime ? clock.period_ms_left : period) - over;
  while (left <= 0 && periodsLeft > 1) {
    periodsLeft -= 1;
    left += period;
  }
  const phase = system === "simple" ? words("clock-simple", { time: time(period) })
    : words("clock-byo-yomi", { period: periods - periodsLeft + 1, periods });
  return { shown: time(left), phase, left };
}

function beep() {
  if (!page.audio) return;
  const oscillator = page.audio.createOscillator();
  const gain = page.audio.createGain();
  oscillator.frequency.value = 880;
  gain.gain.value = 0.2;
  oscillator.connect(gain).connect(page.audio.destination);
  oscillator.start();
  oscillator.stop(page.audio.currentTime + 0.12);
}

function tick() {
  const game = page.game;
  if (game) {
    for (const colour of ["B", "W"]) {
      const node = document.querySelector(`.seat[data-colour="${colour}"]`);
      if (!node) continue;
      const clock = colour === "B" ? game.clocks.black : game.clocks.white;
      const running = clock.running && game.clocks.status === "running";
      const now = reading(clock, game.settings.time_control, running);
      node.querySelector(".clock").textContent = now.shown;
      node.querySelector(".period").textContent = now.phase;
      node.classList.toggle("running", running);
      node.classList.toggle("low", now.left < 10000);
      if (running && now.left < 10000 && now.left > 0) {
        const second = Math.ceil(now.left / 1000);
        if (second !== page.lastBeep) {
          page.lastBeep = second;
          beep();
        }
      }
    }
  }
  requestAnimationFrame(tick);
}

// ---- the seats ------------------------------------------------------------------------

function nearColour() {
  return localStorage.getItem(NEAR) === "W" ? "W" : "B";
}

function button(text, className, action) {
  const node = document.createElement("button");
  node.type = "button";
  node.textContent = text;
  node.className = className;
  node.addEventListener("click", action);
  return node;
}

function drawSeat(container, colour) {
  const game = page.game;
  const table = page.table;
  const seat = colour === "B" ? table && table.black : table && table.white;
  container.dataset.colour = colour;
  container.replaceChildren();
  const heading = document.createElement("h2");
  heading.textContent = seat
    ? words("tablet-seat", { colour: colourName(colour), name: seat.name, rank: seat.rank })
    : colourName(colour);
  const clock = document.createElement("p");
  clock.className = "clock";
  const period = document.createElement("p");
  period.className = "period";
  const actions = document.createElement("div");
  actions.className = "actions";
  container.append(heading, clock, period, actions);
  if (!game) return;
  const prisoners = colour === "B" ? game.black_prisoners : game.white_prisoners;
  const captured = document.createElement("p");
  captured.className = "prisoners";
  captured.textContent = counted("tablet-prisoners", prisoners);
  container.insertBefore(captured, actions);
  if (game.phase === "finished") {
    const result = document.createElement("p");
    result.className = "result";
    result.textContent = resultInWords(game.result);
    actions.append(result);
    return;
  }
  if (game.phase === "counting") {
    const count = shownCount(game);
    const accepted = count.accepted[colour === "B" ? 0 : 1];
    const note = document.createElement("p");
    note.textContent = words(accepted ? "tablet-accepted" : "tablet-tap-dead");
    actions.append(note);
    // A step names the proposal shown (FFG rule 5 bis: both agree on the same dead
    // stones): one replaced meanwhile on another tablet is refused and shown here.
    const revision = count.revision;
    const accept = button(words("tablet-accept"), "accept", () =>
      enqueue(`/games/${game.id}/counting`, { action: "accept", color: colour, revision }));
    accept.disabled = accepted;
    const dispute = button(words("tablet-dispute"), "dispute", () =>
      enqueue(`/games/${game.id}/counting`, { action: "dispute", color: colour, revision }));
    dispute.disabled = waiting(game).some((entry) => entry.body.action === "dispute");
    actions.append(accept, dispute);
    return;
  }
  if (game.phase === "paused") {
    const note = document.createElement("p");
    note.textContent = words("tablet-paused-note");
    actions.append(note);
  }
  const bothPassed = passedTwice(game);
  if (bothPassed) {
    const note = document.createElement("p");
    note.textContent = WORDS.bothPassed;
    actions.append(note);
  }
  if (toMove(game) === colour && game.phase !== "paused" && !bothPassed) {
    const play_ = button(page.pending
      ? words("tablet-play-point", { point: label(...fromSgf(page.pending), game.settings.height) })
      : words("tablet-play"), "play", play);
    play_.disabled = !page.pending;
    const pass = button(words("tablet-pass"), "pass", () => {
      page.pending = null;
      enqueue(`/games/${game.id}/turns`, { turn: nextTurn(game), action: "pass", color: colour });
    });
    const placed = waitingTurns(game).filter((entry) => entry.body.action === "move").length;
    pass.disabled = placed < stonesToPlace(game);
    actions.append(play_, pass);
  }
  if (page.armed[colour]) {
    const confirm = button(words("tablet-resign-confirm"), "resign-confirm", () => {
      page.armed[colour] = false;
      enqueue(`/games/${game.id}/turns`, { turn: nextTurn(game), action: "resign", color: colour });
    });
    const cancel = button(words("tablet-keep-playing"), "quiet", () => {
      page.armed[colour] = false;
      render();
    });
    actions.append(confirm, cancel);
  } else {
    const resign = button(words("tablet-resign"), "resign quiet", () => {
      page.armed[colour] = true;
      render();
    });
    actions.append(resign);
  }
}

function phaseText(game) {
  switch (game.phase) {
    case "placing": {
      const placed = game.board.join("").split("X").length - 1;
      return words("tablet-placing", { stone: placed + 1, handicap: game.settings.handicap });
    }
    case "playing":
      return words("tablet-to-play", { colour: colourName(toMove(game) === "W" ? "W" : "B"), turn: nextTurn(game) });
    case "counting": return words("tablet-counting");
    case "paused": return words("tablet-paused");
    case "finished": {
      const source = game.result_source || {};
      const result = resultInWords(game.result);
      return source.source === "ruling"
        ? words("tablet-over-ruling", { result, reason: source.reason })
        : words("tablet-over", { result });
    }
    default: return "";
  }
}

function render() {
  const near = nearColour();
  const far = near === "B" ? "W" : "B";
  drawSeat(document.querySelector('.seat[data-seat="near"]'), near);
  drawSeat(document.querySelector('.seat[data-seat="far"]'), far);
  drawBoard();
  const table = page.table;
  const game = page.game;
  const where = [];
  if (table) {
    if (table.tournament) where.push(table.tournament);
    if (table.round) where.push(words("tablet-round", { round: table.round }));
    if (table.table_number) where.push(words("tablet-table", { table: table.table_number }));
  }
  if (game) where.push(phaseText(game));
  document.getElementById("where").textContent = where.join(" · ");
  const ruling = page.ruling && game && page.ruling.game_id === game.id ? page.ruling : null;
  const banner = document.getElementById("ruling");
  banner.hidden = !ruling;
  banner.dataset.kind = ruling ? ruling.ruling.kind : "";
  banner.textContent = ruling
    ? words("tablet-ruling-banner", { ruling: rulingInWords(ruling), reason: ruling.ruling.reason })
    : "";
  const idle = document.getElementById("idle");
  const start = document.getElementById("start-game");
  if (!table || !table.pairing_id) {
    idle.hidden = false;
    document.getElementById("idle-text").textContent = words("tablet-no-game");
    start.hidden = true;
  } else if (!game) {
    idle.hidden = false;
    document.getElementById("idle-text").textContent = table.result
      ? words("tablet-has-result", { result: resultInWords(table.result) })
      : words("tablet-not-started");
    start.hidden = Boolean(table.result);
  } else {
    idle.hidden = true;
  }
  drawWhoPlays(table && table.pairing_id && !game ? table : null);
  document.body.dataset.phase = game ? game.phase : "none";
  document.body.dataset.seq = game ? String(game.seq) : "";
  document.body.dataset.outbox = String(outbox().length);
  drawOffline();
  drawRefused();
}

/** Who plays at the table, on the overlay before the game starts: the players see they
 * sit at the right table, in the right colours, on the right terms. */
function drawWhoPlays(table) {
  const list = document.getElementById("idle-players");
  list.hidden = !table;
  if (!table) return;
  const line = (text) => {
    const item = document.createElement("li");
    item.textContent = text;
    return item;
  };
  const lines = ["B", "W"]
    .map((colour) => [colour, colour === "B" ? table.black : table.white])
    .filter(([, seat]) => seat)
    .map(([colour, seat]) => line(words("tablet-seat", { colour: colourName(colour), name: seat.name, rank: seat.rank })));
  if (table.komi !== null && table.komi !== undefined) {
    const komi = decimal(table.komi);
    lines.push(line(table.handicap > 0
      ? words("tablet-terms-handicap", { handicap: table.handicap, komi })
      : words("tablet-terms-even", { komi })));
  }
  list.replaceChildren(...lines);
}

/** The offline banner: since when, and how many steps wait; none while online. */
function drawOffline() {
  const banner = document.getElementById("offline");
  const offline = page.offlineSince !== null;
  banner.hidden = !offline;
  document.body.dataset.offline = String(offline);
  if (!offline) return;
  const kept = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  const text = WORDS.offline(time(Date.now() - page.offlineSince), outbox().length, kept);
  if (banner.textContent !== text) banner.textContent = text;
}

/** The steps the server refused on arrival, each until a player has seen it. */
function drawRefused() {
  const list = document.getElementById("refused");
  list.hidden = page.refused.length === 0;
  list.replaceChildren(...page.refused.map((refusal) => {
    const item = document.createElement("li");
    item.dataset.key = refusal.key;
    const text = document.createElement("span");
    text.textContent = refusal.text;
    const seen = button(WORDS.seen, "quiet seen", () => {
      page.refused = page.refused.filter((kept) => kept !== refusal);
      render();
    });
    item.append(text, seen);
    return item;
  }));
}

// ---- the server's state and streams --------------------------------------------------

function show(state) {
  if (!state || (page.game && page.game.id === state.id && state.seq < page.game.seq)) return;
  const changed = !page.game || page.game.next_turn !== state.next_turn || page.game.phase !== state.phase;
  page.game = state;
  page.receivedAt = performance.now();
  if (state.seq !== page.heard.seq) page.heard = { seq: state.seq, at: tableNow() };
  if (page.said !== null && page.said !== state.phase) say("");
  keepShown();
  if (page.rulingsOf !== state.id) {
    page.rulingsOf = state.id;
    loadRulings(state.id);
  }
  if (changed) {
    page.pending = null;
    page.armed = { B: false, W: false };
  }
  render();
  if (state.phase === "finished") watchForNextRound();
}

/** The table and its game as last shown, kept for a reload while the server cannot be
 * reached (the service worker's copy of the page, where a browser allows one). */
function keepShown() {
  try {
    localStorage.setItem(SHOWN, JSON.stringify({ table: page.table, game: page.game, heard: page.heard }));
  } catch {
    // Full storage: the outbox, kept apart, matters more than this copy.
  }
}

async function refresh() {
  const game = page.game || (page.table && page.table.game_id ? { id: page.table.game_id } : null);
  if (!game) return;
  try {
    const response = await fetch(`/games/${game.id}`, { cache: "no-store" });
    connectionBack();
    if (response.ok) show(await response.json());
  } catch {
    connectionLost();
  }
}

function follow(gameId, after) {
  if (page.stream && page.stream.gameId === gameId) return;
  if (page.stream) page.stream.close();
  const stream = new EventSource(`/games/${gameId}/stream?after=${after}`);
  stream.gameId = gameId;
  page.stream = stream;
  let queued = false;
  const changed = () => {
    if (queued) return;
    queued = true;
    setTimeout(() => {
      queued = false;
      refresh();
    }, 30);
  };
  for (const kind of KINDS) stream.addEventListener(kind, changed);
  stream.addEventListener("ruling", (event) => {
    try {
      noteRuling(JSON.parse(event.data));
    } catch {
      // Not a log entry: the state's refresh shows what changed.
    }
  });
  stream.addEventListener("open", () => {
    connectionBack();
    linkState("online");
    // Back after a cut: the server's clocks and anything missed, and the outbox.
    changed();
    flush();
  });
  stream.addEventListener("error", () => {
    // The stream reconnects by itself; a look at the game tells a cut from a restart.
    linkState("reconnecting");
    refresh();
  });
}

/** While no game is in play here: the tournament's stream (a game started at this
 * table) and a look every 10 seconds (a round published). */
function watchForNextRound() {
  const table = page.table;
  if (!table || !table.tournament_id) return;
  if (!page.tournamentStream) {
    const stream = new EventSource(`/tournaments/${table.tournament_id}/stream?kinds=start,result`);
    stream.addEventListener("start", () => refreshTable());
    stream.addEventListener("result", () => refreshTable());
    stream.addEventListener("open", () => linkState("online"));
    page.tournamentStream = stream;
  }
  clearInterval(page.idleTimer);
  page.idleTimer = setInterval(refreshTable, 10000);
}

function stopWatching() {
  clearInterval(page.idleTimer);
  if (page.tournamentStream) {
    page.tournamentStream.close();
    page.tournamentStream = null;
  }
}

async function refreshTable() {
  let table;
  try {
    const response = await fetch("/table/state", { cache: "no-store" });
    if (response.status === 401 || response.status === 403) {
      say(words("tablet-signed-out"));
      return;
    }
    if (!response.ok) return;
    table = await response.json();
  } catch {
    connectionLost();
    setTimeout(refreshTable, 2000);
    return;
  }
  connectionBack();
  const moved = !page.table || page.table.game_id !== table.game_id || page.table.pairing_id !== table.pairing_id;
  page.table = table;
  keepShown();
  if (moved && page.game && page.game.id !== table.game_id) {
    page.game = null;
    if (page.stream) page.stream.close();
    page.stream = null;
  }
  if (table.game_id) {
    if (moved || !page.game) await refresh();
    follow(table.game_id, page.game ? page.game.seq : 0);
    if (page.game && page.game.phase !== "finished") stopWatching();
  } else {
    linkState("online");
    watchForNextRound();
  }
  render();
}

async function startGame() {
  const start = document.getElementById("start-game");
  start.disabled = true;
  try {
    const table = page.table || {};
    const response = await fetch(`/tournaments/${table.tournament_id}/games`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pairing_id: table.pairing_id }),
      cache: "no-store",
    });
    if (!response.ok) {
      const problem = await response.json().catch(() => ({}));
      say(explain(problem));
    }
  } catch {
    say(words("tablet-unreachable"));
  }
  start.disabled = false;
  refreshTable();
}

function setUp() {
  document.getElementById("board").addEventListener("click", tap);
  document.getElementById("start-game").addEventListener("click", startGame);
  document.getElementById("swap-sides").addEventListener("click", () => {
    localStorage.setItem(NEAR, nearColour() === "B" ? "W" : "B");
    render();
  });
  const beeps = document.getElementById("beeps");
  beeps.checked = localStorage.getItem(BEEPS) === "on";
  const audio = () => {
    if (beeps.checked && !page.audio && window.AudioContext) page.audio = new AudioContext();
  };
  beeps.addEventListener("change", () => {
    localStorage.setItem(BEEPS, beeps.checked ? "on" : "off");
    audio();
    if (!beeps.checked && page.audio) {
      page.audio.close();
      page.audio = null;
    }
  });
  // An AudioContext starts only from a gesture: the first tap after a reload.
  document.addEventListener("pointerdown", audio, { once: true });
  window.addEventListener("online", flush);
  // A second's tick for the offline banner's time.
  setInterval(drawOffline, 1000);
  page.reportTimer = setInterval(report, REPORT_EVERY_MS);
  if (window.isSecureContext && navigator.serviceWorker) {
    navigator.serviceWorker.register("/assets/tablet-sw.js", { scope: "/table" }).catch(() => {
      // No worker (a private window, a browser's setting): the page recovers by itself.
    });
  }
  try {
    const shown = JSON.parse(localStorage.getItem(SHOWN) || "null");
    if (shown && shown.table) {
      page.table = shown.table;
      page.game = shown.game;
      if (shown.heard) page.heard = shown.heard;
    }
  } catch {
    // A copy that does not read: the server's state comes instead.
  }
  // Leaving the page ends its streams at once (a page kept for the back button would
  // hold the browser's connections to the server); back on it, they resume.
  window.addEventListener("pagehide", () => {
    if (page.stream) page.stream.close();
    page.stream = null;
    stopWatching();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) refreshTable().then(flush);
  });
  render();
  report();
  refreshTable().then(flush);
  requestAnimationFrame(tick);
}

setUp();
