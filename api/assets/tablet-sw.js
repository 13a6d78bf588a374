// The table's service worker (issue 43): keeps the tablet's page and its files, so that
// a reload while the hall's network is down shows the table again, with the moves that
// wait in its outbox (localStorage). Browsers run one only in a secure context (HTTPS,
// or localhost); on a hall's plain-HTTP network the page never needs a reload to recover.
//
// Network first: a tablet online always gets the server's page and files; the copy kept
// is used only when the server cannot be reached.

const CACHE = "arbitre-tablet";
const SHELL = ["/table", "/assets/tablet.js", "/assets/words.js", "/assets/tablet.css", "/assets/arbitre.css", "/assets/favicon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !SHELL.includes(url.pathname)) return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        // A page sent elsewhere (signed out: the sign-in page) is not the table's.
        if (response.ok && !response.redirected) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(url.pathname, copy)));
        }
        return response;
      })
      .catch(() => caches.match(url.pathname).then((kept) => kept || Response.error())),
  );
});
