// Keeps a tournament page current without polling and without reloading it.
//
// A page whose <main> names a stream (data-stream) opens that one event stream: a browser
// allows six connections per host over HTTP/1.1, so a page never opens more. When an
// entry that ends a game or changes a result arrives, the page is fetched again and its
// live regions ([data-live], by id) are replaced; what the reader is typing is kept.
// Entries arriving while a fetch is under way cost one more fetch, not one each.
// A page shown in answer to a form (a refused ruling, say) has the form's address, which
// answers no GET: such a page names its own address (data-page) and that one is fetched.

const main = document.querySelector("main[data-stream]");

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

if (main) {
  let running = null;
  let again = false;
  const schedule = () => {
    if (running) {
      again = true;
      return;
    }
    running = refresh()
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
        schedule();
      });
    }
    return source;
  };
  let source = follow();
  // A page may also want a look every so often (data-every, in milliseconds): the hall
  // sees a table's tablet fall silent, which no entry of the stream says.
  if (main.dataset.every) {
    setInterval(schedule, Number(main.dataset.every));
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
      schedule();
    }
  });
}
