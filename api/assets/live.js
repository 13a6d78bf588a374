// Keeps a tournament page current without polling and without reloading it.
//
// A page whose <main> names a stream (data-stream) opens that one event stream: a browser
// allows six connections per host over HTTP/1.1, so a page never opens more. When an
// entry that ends a game or changes a result arrives, the page is fetched again and its
// live regions ([data-live], by id) are replaced; what the reader is typing is kept.
// Entries arriving while a fetch is under way cost one more fetch, not one each.
// A page shown in answer to a form (a refused ruling, say) has the form's address, which
// answers no GET: such a page names its own address (data-page) and that one is fetched.
// A page of a round's tables, one line each (data-rows, its round in data-round), takes a
// result's line alone: the tournament's stream says each entry's round and table, and the
// page fetches that table's line (data-rows with &table=N) in place of its own rather
// than itself whole; a result in another round changes nothing it shows. A hall's phones
// all fetching their whole page at each result would arrive at once.

const main = document.querySelector("main[data-stream]");
const rows = main?.dataset.rows;

// The kinds of log entry that can carry a game's result (see the API's stream docs): the
// pages name them in their stream's address too (?kinds=), so that a phone following the
// standings is not sent every move of the hall.
const RESULT_KINDS = ["result", "clock", "counting", "ruling"];
// A page may name the kinds that change it (data-kinds, space-separated): then each of
// them refreshes it.
const kinds = main?.dataset.kinds ? main.dataset.kinds.split(" ") : null;

async function refresh() {
  const response = await fetch(main.dataset.page || window.location.href, {
    headers: { Accept: "text/html" },
    cache: "no-store",
    credentials: "same-origin",
  });
  if (!response.ok) {
    return;
  }
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  for (const region of document.querySelectorAll("[data-live]")) {
    const replacement = fresh.getElementById(region.id);
    if (replacement) {
      region.replaceWith(document.importNode(replacement, true));
    }
  }
  document.body.dataset.refreshed = String(Number(document.body.dataset.refreshed || 0) + 1);
}

// The tables whose line is to be fetched again, and whether the whole page is.
const tables = new Set();
let whole = false;

async function update() {
  if (whole || !rows) {
    whole = false;
    tables.clear();
    return refresh();
  }
  const due = [...tables];
  tables.clear();
  for (const table of due) {
    const line = document.querySelector(`tr[data-table="${CSS.escape(table)}"]`);
    if (!line) {
      // A table the page does not show yet (its round was published after it loaded).
      return refresh();
    }
    const response = await fetch(`${rows}&table=${encodeURIComponent(table)}`, {
      headers: { Accept: "text/html" },
      cache: "no-store",
      credentials: "same-origin",
    });
    if (!response.ok) {
      continue;
    }
    const fresh = new DOMParser()
      .parseFromString(await response.text(), "text/html")
      .querySelector("tr[data-table]");
    if (fresh) {
      line.replaceWith(document.importNode(fresh, true));
      document.body.dataset.lines = String(Number(document.body.dataset.lines || 0) + 1);
    }
  }
}

// What an entry of the stream changes on the page: its table's line, nothing (another
// round, or an entry that leaves the result as it was), or the page whole.
function note(kind, data) {
  let entry = null;
  try {
    entry = JSON.parse(data);
  } catch {
    entry = null;
  }
  if (!rows || !entry || entry.table === undefined) {
    whole = true;
    return true;
  }
  if (String(entry.round) !== main.dataset.round) {
    return false;
  }
  if (kind !== "result" && kind !== "ruling" && entry.result == null) {
    return false;
  }
  tables.add(String(entry.table));
  return true;
}

if (main) {
  let running = null;
  let again = false;
  const schedule = () => {
    if (running) {
      again = true;
      return;
    }
    running = update()
      .catch(() => {})
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule();
        }
      });
  };
  const follow = () => {
    const source = new EventSource(main.dataset.stream);
    // Says whether the page is live, for the reader's eye (CSS) and for the tests.
    source.addEventListener("open", () => {
      document.body.dataset.live = "open";
    });
    source.addEventListener("error", () => {
      document.body.dataset.live = "reconnecting";
    });
    for (const kind of kinds || RESULT_KINDS) {
      source.addEventListener(kind, (event) => {
        if (!kinds && kind === "counting" && !event.data.includes('"result"')) {
          return;
        }
        if (note(kind, event.data)) {
          schedule();
        }
      });
    }
    return source;
  };
  let source = follow();
  // A page may also want a look every so often (data-every, in milliseconds): the hall
  // sees a table's tablet fall silent, which no entry of the stream says.
  const wholePage = () => {
    whole = true;
    schedule();
  };
  if (main.dataset.every) {
    setInterval(wholePage, Number(main.dataset.every));
  }
  // Leaving the page ends its stream at once: a page kept for the back button would
  // otherwise hold one of the six connections a browser opens to a host until the
  // server next wrote to it, and the next pages' requests would wait seconds for it.
  // Back on the page, it follows its stream again and catches up.
  window.addEventListener("pagehide", () => {
    source.close();
    document.body.dataset.live = "closed";
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) {
      source = follow();
      wholePage();
    }
  });
}
