// The referee's pages: both clocks of each game count down in the page between the
// server's events (api/templates/referee/clock.html).
//
// A clock element carries the player's time as the server read it when it rendered the
// page or the fragment that live.js put in place after an event: main time, the current
// period, the periods or stones left. The countdown starts from the instant this module
// first sees the element (the fragment's arrival), so the browser's own clock, right or
// wrong, plays no part; a new event brings a new element and the server's time again.
// The server decides every flag: at zero the clock shows 0:00 and waits for the event.

import { words } from "/assets/words.js";

const seen = new WeakMap();

function text(ms) {
  const seconds = Math.ceil(Math.max(ms, 0) / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

// What `clock` shows `elapsed` ms after the server read it: [time, phase], the phase in
// the words the server renders (the catalog's `clock-` messages: main time, byo-yomi k
// of n, Canadian m stones in t, Fischer, per move).
function reading(clock, elapsed) {
  const data = clock.dataset;
  const main = Number(data.main) - elapsed;
  if (data.overtime === "fischer") {
    return [text(main), words("clock-fischer", { increment: text(Number(data.increment)) })];
  }
  if (main > 0) {
    return [text(main), words("clock-main")];
  }
  const over = -main;
  if (data.overtime === "periods" || data.overtime === "per-move") {
    const period = Number(data.period);
    let left = Number(data.periodLeft) - over;
    let periods = Number(data.periods);
    while (left <= 0 && periods > 1 && period > 0) {
      periods -= 1;
      left += period;
    }
    if (data.overtime === "per-move") {
      return [text(left), words("clock-simple", { time: text(period) })];
    }
    const of = Number(data.of);
    return [text(left), words("clock-byo-yomi", { period: of - Math.max(periods, 1) + 1, periods: of })];
  }
  if (data.overtime === "canadian") {
    const left = Number(data.periodLeft) - over;
    return [text(left), words("clock-canadian", { stones: data.stones, time: text(left) })];
  }
  return [text(0), words("clock-main")];
}

function tick() {
  const now = performance.now();
  for (const clock of document.querySelectorAll("[data-clock][data-running='true']")) {
    if (clock.dataset.overtime === "unlimited") {
      continue;
    }
    if (!seen.has(clock)) {
      seen.set(clock, now);
    }
    const shown = reading(clock, now - seen.get(clock));
    if (shown) {
      clock.querySelector("[data-time]").textContent = shown[0];
      clock.querySelector("[data-phase]").textContent = shown[1];
    }
  }
}

tick();
setInterval(tick, 250);
