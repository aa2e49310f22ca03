// The table at one position, drawn read-only or played on: the board with its buildings' words, the players'
// panel, the log and the final scores. The live table (app.js), the replay page (replay.js) and the game review
// draw a position with these, so a position looks the same wherever it is shown.
import { html, fill, colourOf, label } from "./svg.js";

export const BOARDS = {
  "caylus": () => import("./boards/caylus.js"),
  "caylus-1303": () => import("./boards/caylus-1303.js"),
  "magna-carta": () => import("./boards/magna-carta.js"),
};

export async function boardFor(edition) {
  return (BOARDS[edition] || BOARDS.caylus)();
}

// A count's word: "1 denier", "2 deniers" (the boards name each fact by its plural).
const SINGULAR = { deniers: "denier", workers: "worker", houses: "house", "cards in hand": "card in hand",
                   favors: "favor", residences: "residence" };
export function counted(n, plural) { return n === 1 && SINGULAR[plural] ? SINGULAR[plural] : plural; }

// The server's words for every building: {buildings: [...]}, a list, or an id -> note map; as an id -> note map.
export function notesById(notes) {
  const list = Array.isArray(notes) ? notes : notes && Array.isArray(notes.buildings) ? notes.buildings : null;
  return list ? Object.fromEntries(list.map((n) => [n.id, n])) : notes || {};
}

// What a board's drawing asks of its page: each building's name and words, and (on a live table) which places
// answer moves. Without `clickable` wiring (a replay), nothing on the board plays.
export function readOnlyKit(notes) {
  return {
    name: (id) => (notes[id] && notes[id].name) || label(id),
    note: (id) => notes[id],
    clickable: (node) => node,
  };
}

// Every building explains itself in `info`: on hover, on keyboard focus, and on a tap that makes no move.
export function explainOnHover(drawing, explain) {
  const handler = (event) => {
    const node = event.target.closest && event.target.closest("[data-building]");
    if (node) explain(node.getAttribute("data-building"));
  };
  for (const kind of ["mouseover", "focusin", "click"]) drawing.addEventListener(kind, handler);
}

export function explainInto(info, notes, id) {
  const note = notes[id];
  if (!note) { info.textContent = label(id); return; }
  const facts = [note.cost && `Cost: ${note.cost}`, note.owner && `Owner: ${note.owner}`, note.where && note.where]
    .filter(Boolean).join(" · ");
  fill(info, html("strong", {}, note.name || label(id)),
    note.kind ? html("span", { class: "muted" }, ` (${note.kind})`) : null,
    html("div", {}, note.text || ""), facts ? html("div", { class: "muted" }, facts) : null);
}

// Outline on `drawing` what the log's `events` touched (all but `skip`'s own).
export function outline(board, drawing, events, view, skip = null) {
  if (!board.touched) return;
  for (const event of events) {
    if (skip !== null && event.player === skip) continue;
    for (const selector of board.touched(event, view)) {
      const node = drawing.querySelector(selector);
      if (node) node.classList.add("recent");
    }
  }
}

// The players in turn order, with their colour, kind and facts; `s` is a table state (server's shape).
// A person's seat a bot took: from which decision and why (resigned, their clock ran out, away at their turn).
const LEFT = { resigned: "resigned", timeout: "out of time", absent: "away" };
const takenWords = (t) => (t ? ` since decision ${t.from_decision} (${LEFT[t.why] || t.why})` : "");

export function playersPanel(board, s) {
  const v = s.view;
  const order = board.turnOrder(v);
  return [html("h2", {}, "Players"), ...order.map((p, rank) => {
    const seat = v.seats[p];
    const c = colourOf(seat.name);
    const facts = board.playerFacts(seat, v, p);
    const kind = s.seats && s.seats[p] ? s.seats[p].kind : "";
    return html("div", { class: `player ${p === s.current_player ? "to-move" : ""} ${p === s.seat ? "me" : ""}`, "data-seat": p },
      html("div", { class: "who" },
        html("span", { class: "chip", style: `background:${c.fill};color:${c.ink}` }, c.letter),
        html("strong", {}, seat.name), p === s.seat ? html("em", {}, " (you)") : null,
        kind && kind !== "human" ? html("span", { class: "muted taken" }, ` bot: ${kind}${takenWords(s.seats[p].taken_over)}`) : null,
        html("span", { class: "muted" }, ` · ${rank + 1}${["st", "nd", "rd"][rank] || "th"} in turn order`),
        p === s.current_player && !s.terminal ? html("span", { class: "to-move-tag" }, " ◀ to move") : null),
      html("div", { class: "facts" }, facts.map(([k, n]) => html("span", { class: `fact ${k}` }, html("b", {}, String(n)), ` ${counted(n, k)}`))));
  })];
}

// The log's entries, each with its player's chip (as the board marks them), each new phase as a heading.
export function logItems(s, limit = 200) {
  const names = s.view.seats.map((seat) => seat.name);
  return (s.log || []).slice(-limit).map((e) => {
    if (typeof e === "string") return html("li", {}, e);
    const who = Number.isInteger(e.player) ? colourOf(names[e.player]) : null;
    return html("li", { class: e.kind === "phase" ? "phase-entry" : "", "data-index": e.index },
      who ? html("span", { class: "chip", style: `background:${who.fill};color:${who.ink}` }, who.letter) : null,
      e.text || JSON.stringify(e));
  });
}

// The final scores of a finished game (its winners, each seat's bonus by where it came from), then `links`.
export function endPanel(s, ...links) {
  const v = s.view;
  const result = s.result || {};
  const scores = result.scores || s.scores || v.scores || v.seats.map((seat) => seat.prestige);
  const best = Math.max(...scores);
  const winners = result.winners || scores.map((n, p) => (n === best ? p : -1)).filter((p) => p >= 0);
  const rows = v.seats.map((seat, p) => {
    const parts = seat.end_bonus_parts || {};
    const bonus = Object.values(parts).reduce((a, b) => a + b, 0);
    const c = colourOf(seat.name);
    return html("tr", { class: winners.includes(p) ? "winner" : "" },
      html("td", {}, html("span", { class: "chip", style: `background:${c.fill};color:${c.ink}` }, c.letter), ` ${seat.name}`),
      html("td", {}, String(scores[p] - bonus)),
      html("td", {}, Object.keys(parts).length ? `${bonus} (${Object.entries(parts).map(([k, n]) => `${label(k)} ${n}`).join(", ")})` : "0"),
      html("td", {}, html("b", {}, String(scores[p]))));
  });
  const names = winners.map((p) => v.seats[p].name);
  return [
    html("h2", {}, names.length > 1 ? `Shared victory: ${names.join(" and ")}` : `${names[0]} wins`),
    html("table", { class: "scores" },
      html("thead", {}, html("tr", {}, html("th", {}, "Player"), html("th", {}, "Prestige in play"),
        html("th", {}, "End-of-game bonus"), html("th", {}, "Final"))),
      html("tbody", {}, rows)),
    links.length ? html("p", {}, links) : null,
  ].filter(Boolean);
}

// A phone shows the whole board at the screen's width, where its words are small: "Zoom the board" draws it at
// a size to read (the board then pans sideways inside its own box, the page never does); tapped again, it fits.
export function zoomButton(boardBox) {
  const button = html("button", { type: "button", class: "zoom-board narrow-only", id: "zoom-board", "aria-pressed": "false" }, "Zoom the board");
  button.addEventListener("click", () => {
    const on = boardBox.classList.toggle("zoomed");
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? "Fit the board to the screen" : "Zoom the board";
  });
  return button;
}

// Put a new drawing in the board's box, keeping where a zoomed board was panned to.
export function showDrawing(boardBox, drawing) {
  const left = boardBox.scrollLeft;
  boardBox.replaceChildren(drawing);
  boardBox.scrollLeft = left;
}
