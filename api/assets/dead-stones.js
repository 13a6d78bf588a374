// The referee's table page: the dead stones of a ruling chosen by tapping the board (FFG
// rule 5 bis: the referee decides the dead stones of a disputed count).
//
// The board (api/src/services/board_svg.rs) names each stone's point: `data-point` in SGF,
// `data-name` as players say it (`D4`), `data-color`. A tap on a stone marks its whole
// chain dead, or unmarks it, as the table's tablet does in its count, chooses the
// dead-stones ruling, and writes the chosen stones into the form's field (#dead) as
// players name them. The form sends that field whether this module runs or not: without
// script the referee types the points instead. The marks are drawn from the field, so
// they follow what is typed there and survive a board replaced by live.js after an event.

const field = document.getElementById("dead");
const kind = document.getElementById("kind");

/** The board's stones by their SGF point. */
function stones() {
  const byPoint = new Map();
  for (const stone of document.querySelectorAll(".board circle.stone[data-point]")) {
    byPoint.set(stone.dataset.point, stone);
  }
  return byPoint;
}

// SGF coordinates: `a`–`z`, then `A`–`Z` on the largest boards.
function letter(coordinate) {
  return coordinate < 26 ? String.fromCharCode(97 + coordinate) : String.fromCharCode(39 + coordinate);
}

function coordinate(code) {
  return code >= 97 ? code - 97 : code - 39;
}

/** The SGF points of the chain through `point`. */
function chain(byPoint, point) {
  const color = byPoint.get(point).dataset.color;
  const seen = new Set();
  const todo = [point];
  while (todo.length > 0) {
    const next = todo.pop();
    const stone = byPoint.get(next);
    if (seen.has(next) || !stone || stone.dataset.color !== color) continue;
    seen.add(next);
    const [x, y] = [coordinate(next.charCodeAt(0)), coordinate(next.charCodeAt(1))];
    for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
      if (nx >= 0 && ny >= 0) todo.push(letter(nx) + letter(ny));
    }
  }
  return seen;
}

/**
 * What the field holds: the stones it names, each with its whole chain, and the words
 * that name no stone of the board (kept as typed, for the server to judge).
 */
function chosen(byPoint) {
  const byName = new Map([...byPoint.values()].map((stone) => [stone.dataset.name.toUpperCase(), stone]));
  const dead = new Set();
  const other = [];
  for (const word of field.value.split(/[\s,]+/).filter((word) => word !== "")) {
    const stone = byName.get(word.toUpperCase()) || byPoint.get(word);
    if (stone) {
      for (const point of chain(byPoint, stone.dataset.point)) dead.add(point);
    } else {
      other.push(word);
    }
  }
  return { dead, other };
}

function draw() {
  const byPoint = stones();
  const { dead } = chosen(byPoint);
  for (const [point, stone] of byPoint) {
    stone.classList.add("choosable");
    stone.classList.toggle("chosen", dead.has(point));
  }
}

function tap(event) {
  const stone = event.target.closest(".board circle.stone[data-point]");
  if (!stone) return;
  const byPoint = stones();
  const { dead, other } = chosen(byPoint);
  const tapped = chain(byPoint, stone.dataset.point);
  const marked = [...tapped].some((point) => dead.has(point));
  for (const point of tapped) {
    if (marked) dead.delete(point);
    else dead.add(point);
  }
  // In the board's order, as players name them.
  const names = [...byPoint.keys()].filter((point) => dead.has(point)).map((point) => byPoint.get(point).dataset.name);
  field.value = [...other, ...names].join(" ");
  kind.value = "dead_stones";
  draw();
}

if (field && kind) {
  document.addEventListener("click", tap);
  field.addEventListener("input", draw);
  // live.js counts its refreshes on the body: a new board is marked again.
  new MutationObserver(draw).observe(document.body, { attributes: true, attributeFilter: ["data-refreshed"] });
  draw();
}
