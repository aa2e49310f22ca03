// The browser front end: the lobby, and a table seen from one seat. The server is authoritative: this page
// only draws the state it is sent (the seat's own view) and sends the moves the seat picks among `legal`.
import { api, liveFeed, ApiError } from "./api.js";
import { html, fill, colourOf, label } from "./svg.js";
import { askToNotify, tellTurn } from "./notify.js";
import { myPlayer, playerCard, joinSeat, seatLink, takeKeyFromAddress } from "./player.js";
import { boardFor, notesById, explainInto, explainOnHover, outline, playersPanel, logItems, endPanel, zoomButton, showDrawing } from "./position.js";
const SEAT_CHOICES = [
  ["you", "You"], ["human", "A friend (gets a link)"], ["easy", "Bot: easy"], ["normal", "Bot: normal"],
  ["hard", "Bot: hard"], ["random", "Bot: random"],
];

const main = document.getElementById("main");
// A table's address: `#table=ID&token=T`. The token sits in the fragment, which browsers never send to a server
// (so it is in no server's log); links made before put both in the query (`?table=ID&token=T`): still read, then
// moved to the fragment so the address bar and the history no longer hold them in the query.
const params = (() => {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  const query = new URLSearchParams(location.search);
  if (!hash.get("table") && query.get("table")) {
    history.replaceState(null, "", `${location.pathname}#${query.toString()}`);
    return query;
  }
  return hash;
})();
const tableLink = (id, token) => `#table=${encodeURIComponent(id)}${token ? `&token=${encodeURIComponent(token)}` : ""}`;
// A link to another table changes only the fragment, which loads no page: load it.
window.addEventListener("hashchange", () => location.reload());

function toast(message, kind = "error") {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.className = `toast ${kind}`;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 5000);
}

// ================================================================================================== lobby
async function showLobby() {
  document.title = "Caylus";
  main.replaceChildren(html("p", {}, "Loading…"));
  let editions = [];
  try { editions = await api.editions(); } catch (e) { toast(e.message); }

  const quick = html("button", { class: "big", id: "quick-play", type: "button" }, "Play Caylus against 3 bots");
  quick.addEventListener("click", () => createAndGo({ edition: "caylus", players: 4, options: {},
    seats: ["human", "normal", "normal", "normal"] }, [0]));

  main.replaceChildren(
    html("section", { class: "hero" },
      html("h1", {}, "Caylus"),
      html("p", {}, "Build the town of Caylus around the king's castle. Play against bots or friends, in Caylus (2005), Caylus 1303 or Caylus Magna Carta."),
      quick),
    playerCard(toast),
    createForm(editions),
    html("section", { class: "card" }, html("h2", {}, "Open tables"), html("div", { id: "open-tables" }, "Loading…")),
    html("section", { class: "card" }, html("h2", {}, "See a game again"),
      html("p", {}, "Step through a game record move by move, and play on from any move: ",
        html("a", { href: "#replay", id: "replay-file" }, "open a record file"), ".")),
    html("section", { class: "card" }, html("h2", {}, "Ratings"),
      html("p", {}, "Who plays best, people and bots alike: ", html("a", { href: "#ratings", id: "ratings-link" }, "the leaderboard"), ".")),
  );
  refreshOpenTables();
}

// The seat tokens this browser holds (its own seats, kept when a table is created or a seat's link opened), so a
// player who closed the page finds their seat again in the lobby.
const TOKENS = "caylus:";
function keepToken(id, seat, token) { try { localStorage.setItem(`${TOKENS}${id}:${seat}`, token); } catch { /* private mode */ } }
function myToken(id, players) {
  for (let seat = 0; seat < players; seat++) {
    let token = null;
    try { token = localStorage.getItem(`${TOKENS}${id}:${seat}`); } catch { /* private mode */ }
    if (token) return token;
  }
  return null;
}

// The creator's token of each table this browser made (it closes the table; it holds no seat).
function keepOwner(id, token) { try { localStorage.setItem(`${TOKENS}owner:${id}`, token); } catch { /* private mode */ } }
function ownerToken(id) { try { return localStorage.getItem(`${TOKENS}owner:${id}`); } catch { return null; } }

// Who sits at a table, in words: "you, 3 normal bots", "2 people, 1 easy bot".
function whoPlays(seats) {
  const people = seats.filter((k) => k === "human").length;
  const bots = {};
  for (const k of seats) if (k !== "human") bots[k] = (bots[k] || 0) + 1;
  return [people ? (people === 1 ? "1 person" : `${people} people`) : null,
    ...Object.entries(bots).map(([k, n]) => `${n} ${k} bot${n > 1 ? "s" : ""}`)].filter(Boolean).join(", ");
}

async function refreshOpenTables() {
  const box = document.getElementById("open-tables");
  if (!box) return;
  let tables;
  try { tables = await api.tables(); } catch (e) { box.textContent = e.message; return; }
  const list = Array.isArray(tables) ? tables : tables.tables || [];
  if (!list.length) { box.textContent = "No open tables: create one above."; return; }
  box.replaceChildren(html("ul", { class: "tables" }, list.map((t) => {
    const token = myToken(t.id, t.players);
    return html("li", { "data-table": t.id },
      html("strong", {}, `${t.title || t.edition}`), ` · ${t.players} players: ${whoPlays(t.seats || [])} `,
      token ? html("a", { href: tableLink(t.id, token), class: "resume" }, "Go back to your seat") : null,
      token ? " · " : null,
      html("a", { href: tableLink(t.id), class: "watch" }, "Watch"));
  })));
}

// The time controls a table can be made with from the form (the API takes any within its bounds: docs/server.md).
const CLOCKS = {
  none: ["No clock", null],
  "rt-5": ["5 min + 10 s a move", { kind: "realtime", initial_s: 300, increment_s: 10 }],
  "rt-20": ["20 min + 20 s a move", { kind: "realtime", initial_s: 1200, increment_s: 20 }],
  "tb-1": ["1 day a move", { kind: "turn_based", per_turn_s: 86400 }],
  "tb-3": ["3 days a move", { kind: "turn_based", per_turn_s: 3 * 86400 }],
};

function createForm(editions) {
  const form = html("form", { class: "card", id: "create" });
  const edSelect = html("select", { id: "edition", name: "edition" },
    editions.map((e) => html("option", { value: e.id }, e.title)));
  const playersSelect = html("select", { id: "players", name: "players" });
  const optionsBox = html("div", { class: "options" });
  const seatsBox = html("div", { class: "seats" });
  const clockSelect = html("select", { id: "clock", name: "clock", title: "A person whose time runs out is replaced by a normal bot" },
    Object.entries(CLOCKS).map(([v, [text]]) => html("option", { value: v }, text)));

  const edition = () => editions.find((e) => e.id === edSelect.value) || editions[0];
  const fillSeats = () => {
    const n = Number(playersSelect.value);
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => html("label", {}, `Seat ${i + 1} `,
      html("select", { name: `seat${i}`, "aria-label": `Seat ${i + 1}` },
        SEAT_CHOICES.map(([v, t]) => html("option", { value: v, selected: (old[i] || (i === 0 ? "you" : "normal")) === v }, t))))));
  };
  const fillEdition = () => {
    const ed = edition();
    if (!ed) return;
    playersSelect.replaceChildren(...Array.from({ length: ed.max_players - ed.min_players + 1 }, (_, k) => {
      const n = ed.min_players + k;
      return html("option", { value: n, selected: n === Math.min(4, ed.max_players) }, `${n} players`);
    }));
    optionsBox.replaceChildren(...ed.options.map((o) => html("label", { title: o.help || "" }, `${label(o.name)} `,
      html("select", { name: `option-${o.name}` }, (o.choices && o.choices.length ? o.choices : ["true", "false"]).map((c) =>
        html("option", { value: c, selected: String(o.default) === String(c) }, String(c)))))));
    fillSeats();
  };
  edSelect.addEventListener("change", fillEdition);
  playersSelect.addEventListener("change", fillSeats);
  fillEdition();

  form.append(html("h2", {}, "New table"),
    html("div", { class: "row" }, html("label", {}, "Game ", edSelect), html("label", {}, "Players ", playersSelect),
      html("label", {}, "Clock ", clockSelect)),
    optionsBox, seatsBox,
    html("button", { type: "submit", class: "big" }, "Create the table"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const ed = edition();
    const options = {};
    for (const o of ed.options) options[o.name] = form.elements[`option-${o.name}`].value;
    const kinds = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const mine = kinds.map((k, i) => (k === "you" ? i : -1)).filter((i) => i >= 0);
    const clock = CLOCKS[clockSelect.value][1];
    createAndGo({ edition: ed.id, players: kinds.length, options, seats: kinds.map((k) => (k === "you" ? "human" : k)),
      ...(clock ? { clock } : {}) }, mine);
  });
  return form;
}

// Create a table (`make`: how; by default from a new table's spec) and go to the seat of `mine`, or first hand
// out the friends' links.
async function createAndGo(spec, mine, make = () => api.create(spec)) {
  let table;
  try { table = await make(); } catch (e) { toast(e.message); return; }
  if (table.owner_token) keepOwner(table.id, table.owner_token);
  for (const seat of table.seats) if (seat.token && mine.includes(seat.seat)) keepToken(table.id, seat.seat, seat.token);
  const friends = table.seats.filter((s) => s.token && !mine.includes(s.seat));
  const me = table.seats.find((s) => mine.includes(s.seat));
  // This browser's player takes its (first) seat: the page opens it with the key, the table is on their page.
  let joined = false;
  if (me && myPlayer()) {
    try { await joinSeat(table.id, me.token); joined = true; } catch (e) { toast(`Your seat is yours by its link only: ${e.message}`); }
  }
  const go = () => { location.hash = joined ? seatLink(table.id) : tableLink(table.id, me ? me.token : null); };
  if (!friends.length) { go(); return; }
  main.replaceChildren(html("section", { class: "card" },
    html("h2", {}, "Send each friend their seat's link"),
    html("ul", {}, friends.map((s) => {
      const link = new URL(tableLink(table.id, s.token), location.href).href;
      return html("li", {}, `Seat ${s.seat + 1}: `, html("input", { readonly: true, value: link, size: 60, "aria-label": `Link for seat ${s.seat + 1}` }));
    })),
    html("button", { class: "big", type: "button", onclick: go }, me ? "Go to my seat" : "Watch the table")));
}

// ================================================================================================== table
async function showTable(id, token) {
  const board = await boardFor((await api.state(id, token)).view.edition);
  const table = new TableView(id, token, board);
  await table.start();
}

// What names a focusable place on the board across redraws: the move(s) it plays, else the building it shows.
function focusKey(node) {
  for (const name of ["data-action", "data-actions", "data-building"]) {
    if (node.hasAttribute && node.hasAttribute(name)) return `${name}=${node.getAttribute(name)}`;
  }
  return null;
}

// Seconds left, as a clock shows them: 1d 4h, 2:05:09, 4:07.
function clockText(seconds) {
  const t = Math.max(0, Math.floor(seconds));
  const d = Math.floor(t / 86400), h = Math.floor((t % 86400) / 3600), m = Math.floor((t % 3600) / 60), sec = t % 60;
  const two = (n) => String(n).padStart(2, "0");
  if (d) return `${d}d ${h}h`;
  if (h) return `${h}:${two(m)}:${two(sec)}`;
  return `${m}:${two(sec)}`;
}

class TableView {
  constructor(id, token, board) {
    this.id = id;
    this.token = token;
    this.board = board;
    this.state = null;
    this.notes = {};      // building id -> {name, text, cost, owner, ...} from the server's words
    this.sending = false;
    this.build();
  }

  build() {
    this.banner = html("div", { id: "turn-banner", class: "banner", role: "status", "aria-live": "polite" });
    this.phase = html("div", { class: "phase" });
    // The time control's clocks (null: none), one per seat; the running one ticks every second.
    this.clocks = html("div", { class: "clocks", id: "clocks", hidden: true, "aria-label": "Clocks" });
    this.ticker = setInterval(() => this.tickClocks(), 1000);
    this.boardBox = html("div", { class: "board-box" });
    this.players = html("div", { class: "players" });
    this.actions = html("div", { class: "actions" });
    this.info = html("div", { class: "info", id: "info" }, "Hover over or tap a building to read what it does. A dashed blue outline: what the others did since your last move.");
    this.log = html("ol", { class: "log", id: "log" });
    this.status = html("span", { class: "status" });
    this.hintBox = html("div", { class: "hint", id: "hint-box", hidden: true });
    this.dialog = html("dialog", { id: "choice" });
    this.hintButton = html("button", { type: "button", id: "hint", onclick: () => this.hint() }, "Hint");
    this.undoButton = html("button", { type: "button", id: "undo", onclick: () => this.undo() }, "Undo");
    // Only the browser that created the table holds its owner token: closing ends the game for every seat.
    this.owner = ownerToken(this.id);
    this.closeButton = html("button", { type: "button", id: "close-table", hidden: true, onclick: () => this.closeTable() }, "Close the table");
    // Where cards are hidden the record (its seed deals them) is given only once the game is over.
    const record = this.board.hidesCards ? null
      : html("a", { href: api.recordUrl(this.id), download: `caylus-${this.id}.txt`, id: "record" }, "Download the record");
    // A seat opened with its token, in a browser with a player: the player can take the seat (then their key
    // opens it and their page lists the table).
    this.joinButton = html("button", { type: "button", id: "join-seat", hidden: true, onclick: () => this.join() }, "");
    // A bot plays this seat (its person was away at their turn, or resigned where the table allows coming back).
    this.takeBackButton = html("button", { type: "button", id: "take-back", hidden: true, onclick: () => this.takeBack() }, "Play my seat again");
    this.tools = html("div", { class: "tools" }, this.takeBackButton, this.joinButton, this.hintButton, this.undoButton, record, this.closeButton, this.status);
    this.end = html("section", { class: "end card", id: "end", hidden: true });
    main.replaceChildren(html("div", { class: "table" },
      html("header", { class: "table-head" }, html("a", { href: "./", class: "home" }, "← Lobby"), this.phase, this.banner, this.clocks),
      html("div", { class: "table-body" },
        html("div", { class: "left" }, this.end, zoomButton(this.boardBox), this.boardBox, this.info),
        html("aside", { class: "right" }, this.actions, this.hintBox, this.tools, this.players,
          html("h2", {}, "Game log"), this.log))),
      this.dialog);
  }

  async start() {
    await this.refresh();
    if (this.token && this.state && Number.isInteger(this.state.seat)) keepToken(this.id, this.state.seat, this.token);
    this.feed = liveFeed(this.id, this.token, (s) => this.receive(s), (up) => {
      this.status.textContent = up ? "● live" : "○ reconnecting…";
      this.status.className = up ? "status up" : "status down";
      if (up) this.refresh();  // whatever happened while the connection was down
    }, (refusal) => { toast(refusal.message); this.refresh(); });  // a refusal of a move answered already
  }

  // The buildings' words say who stands where, who owns what and where each building is: they are asked again
  // for every new state (the newest answer wins; an answer to an older question is dropped).
  fetchNotes(version, tries = 3) {
    const asked = (this.notesAsked = (this.notesAsked || 0) + 1);
    api.buildings(this.id, this.token || undefined).then((notes) => {
      if (asked !== this.notesAsked) return;
      this.notesVersion = version;
      this.setNotes(notes);
    }).catch(() => {
      // A refusal (a busy server's 429) leaves the words of an older state: ask again, a few times.
      if (asked === this.notesAsked && tries > 1) setTimeout(() => { if (asked === this.notesAsked) this.fetchNotes(version, tries - 1); }, 1000);
    });
  }

  // The page says which state it has fully drawn, for whoever reads it (tests above all): `data-settled` on
  // <main> is the version whose board, players, clocks, log and buildings' words are all on show (absent while
  // a newer state's words are still being asked for), `data-seat` whose eyes it is drawn for ("watch": a
  // spectator's). A test waits for the version it expects instead of reading a list being drawn again.
  settle() {
    const s = this.state;
    if (!s) return;
    main.dataset.seat = Number.isInteger(s.seat) ? String(s.seat) : "watch";
    if (this.notesVersion === s.version) main.dataset.settled = String(s.version);
    else delete main.dataset.settled;
  }

  setNotes(notes) {
    this.notes = notesById(notes);
    this.boardBox.dataset.notesVersion = this.notesVersion;
    // The board draws the notes' names, kinds and glyphs; it is drawn again only when one of those changed (a
    // redraw under a pointer would lose a click begun on the board before it).
    const drawn = JSON.stringify(Object.values(this.notes).map((n) => [n.id, n.name, n.kind, n.glyphs]));
    if (drawn !== this.notesDrawn) { this.notesDrawn = drawn; this.render(); }
    if (this.explained) this.explain(this.explained);  // the words on show follow the board
    this.settle();
  }

  async refresh() {
    try { this.receive(await api.state(this.id, this.token)); } catch (e) { toast(e.message); }
  }

  receive(state) {
    if (this.state && state.version < this.state.version) return;  // an older state arriving late
    // The live feed sends a spectator's state until its hello is answered: it never replaces the seat's own.
    if (this.state && Number.isInteger(this.state.seat) && !Number.isInteger(state.seat)) return;
    // A state of one version is the same text for one seat (the feed's echo of a move's answer, a reconnection's
    // refresh): drawing it again would only take the page from under a reader's eyes or pointer.
    if (this.drawn === state.version && state.seat === this.state.seat) return;
    const moved = !this.state || state.version !== this.state.version;
    const wasMine = Boolean(this.state && this.state.legal.length);
    this.state = state;
    if (moved) this.fetchNotes(state.version);  // first: a drawing that fails must not leave the words unasked
    if (this.token && !wasMine && state.legal.length && !state.terminal) tellTurn(this.id, this.board.title);
    this.render();
    this.drawn = state.version;  // wholly drawn (a failed drawing is drawn again when the state comes again)
  }

  seatName(p) { return this.state.view.seats[p].name; }

  render() {
    const s = this.state;
    if (!s) return;
    const v = s.view;
    document.title = `${s.terminal ? "Game over" : s.legal.length ? "Your move" : "Waiting"} · ${this.board.title}`;
    this.phase.textContent = `${this.board.title} · ${this.board.phaseText(v)}`;

    // Whose turn, said in words and in colour.
    const mine = s.legal.length > 0;
    this.banner.className = `banner ${mine ? "mine" : ""}`;
    this.banner.dataset.version = s.version;
    if (s.closed) this.banner.textContent = "This table is closed: nothing more is played at it";
    else if (s.terminal) this.banner.textContent = "The game is over";
    else if (mine) fill(this.banner, "Your move", html("span", { class: "wide-only" }, ` — ${s.decision || "choose one of the highlighted moves"}`));
    else {
      const p = s.current_player;
      const who = p >= 0 ? this.seatName(p) : "…";
      this.banner.replaceChildren(html("span", { class: "chip", style: `background:${colourOf(who).fill};color:${colourOf(who).ink}` }, colourOf(who).letter),
        ` Waiting for ${who}${s.seats && s.seats[p] ? ` (${s.seats[p].kind})` : ""}`);
    }

    // A hint is for the seat's own move; undo only where every other seat is a bot (as the server allows).
    const others = (s.seats || []).filter((seat) => seat.seat !== s.seat);
    this.hintButton.hidden = s.terminal || s.closed || !this.token;
    this.undoButton.hidden = s.terminal || s.closed || !this.token || others.some((seat) => seat.kind === "human");
    this.closeButton.hidden = s.terminal || s.closed || !this.owner;
    const me = myPlayer(), seat = s.seats && Number.isInteger(s.seat) ? s.seats[s.seat] : null;
    this.joinButton.hidden = !me || !this.token || this.token === me.key || !seat || Boolean(seat.player) || s.terminal || s.closed;
    if (me) this.joinButton.textContent = `Take this seat as ${me.name}`;
    this.takeBackButton.hidden = !this.token || !seat || !seat.can_take_back || s.terminal || s.closed;

    // The board, with every legal target highlighted and clickable.
    const targets = new Map();
    const loose = [];
    for (const entry of s.legal) {
      const target = this.board.targetOf(entry.token, v);
      if (target) { if (!targets.has(target)) targets.set(target, []); targets.get(target).push(entry); }
      else loose.push(entry);
    }
    const kit = this.kit(targets);
    const drawing = this.board.draw(v, kit);
    explainOnHover(drawing, (id) => this.explain(id));
    // A redraw (the same state again, the buildings' notes arriving) must not take the keyboard's place away.
    const focused = this.boardBox.contains(document.activeElement) ? focusKey(document.activeElement) : null;
    this.markRecent(drawing, s);
    showDrawing(this.boardBox, drawing);
    if (focused) {
      const again = [...drawing.querySelectorAll("[tabindex]")].find((node) => focusKey(node) === focused);
      if (again) again.focus({ preventScroll: true });
    }
    this.renderPlayers(v, s);
    this.renderClocks(s);
    this.renderActions(s, loose, targets, kit);
    this.renderLog();
    this.renderEnd(s);
    this.settle();
  }

  // What happened since the seat's own last move (a spectator: the last few events), outlined on the board.
  markRecent(drawing, s) {
    if (!this.board.touched) return;
    const log = (s.log || []).filter((e) => typeof e === "object" && e);
    let from = Math.max(0, log.length - 8);
    if (Number.isInteger(s.seat)) {
      const mine = log.map((e) => e.player === s.seat && e.kind !== "phase" && e.kind !== "income").lastIndexOf(true);
      from = mine + 1;
    }
    outline(this.board, drawing, log.slice(from), s.view, Number.isInteger(s.seat) ? s.seat : null);
  }

  kit(targets) {
    const view = this;
    return {
      name: (id) => (view.notes[id] && view.notes[id].name) || label(id),
      note: (id) => view.notes[id],
      // Make `node` answer the moves aimed at `target`; one move plays at once, several open a dialog.
      clickable(node, target, title) {
        const entries = targets.get(target);
        if (!entries) return node;
        const all = (node._entries = [...(node._entries || []), ...entries]);
        node.classList.add("legal");
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", all.map((e) => e.text).join("; "));
        if (all.length === 1) node.setAttribute("data-action", all[0].token);
        else { node.removeAttribute("data-action"); node.setAttribute("data-actions", all.map((e) => e.token).join(" ")); }
        node._title = title;
        if (!node._wired) {
          node._wired = true;
          const go = (event) => { event.preventDefault(); event.stopPropagation(); view.pick(node._entries, node._title); };
          node.addEventListener("click", go);
          node.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") go(event); });
        }
        return node;
      },
    };
  }

  explain(id) {
    this.explained = id;
    explainInto(this.info, this.notes, id);
  }

  // One small clock per seat: a person's time left (a bot's seat: its level), the seat to move's outlined. The
  // state gives each seat's time as of `since` (the server's time of the last change); the running one is
  // counted down from there.
  renderClocks(s) {
    const c = s.clocks;
    this.clocks.hidden = !c;
    if (!c) return;
    this.clocks.replaceChildren(...c.seats.map((seat) => {
      const who = this.seatName(seat.seat);
      const kind = s.seats && s.seats[seat.seat] ? s.seats[seat.seat].kind : "human";
      return html("span", { class: `clock${seat.running ? " running" : ""}`, "data-seat": seat.seat,
        title: c.kind === "turn_based" ? "time left for this decision" : "time left" },
        html("span", { class: "chip", style: `background:${colourOf(who).fill};color:${colourOf(who).ink}` }, colourOf(who).letter),
        " ", html("span", { class: "left" }, seat.left_s === null ? kind : clockText(seat.left_s)));
    }));
    this.tickClocks();
  }

  tickClocks() {
    if (!this.clocks.isConnected) { clearInterval(this.ticker); return; }  // this table's page was left
    const c = this.state && this.state.clocks;
    if (!c || this.state.terminal || this.state.closed) return;
    for (const seat of c.seats) {
      if (!seat.running || seat.left_s === null) continue;
      const node = this.clocks.querySelector(`[data-seat="${seat.seat}"] .left`);
      const left = Math.max(0, seat.left_s - Math.max(0, Date.now() / 1000 - c.since));
      if (node) node.textContent = clockText(left);
      node && node.parentNode.classList.toggle("low", left < 30);
    }
  }

  renderPlayers(v, s) {
    this.players.replaceChildren(...playersPanel(this.board, s));
  }

  renderActions(s, loose, targets, kit) {
    if (!s.legal.length) { this.actions.replaceChildren(); return; }
    const onBoard = [...targets.values()].flat();
    const button = (e) => html("button", { type: "button", class: "move", "data-action": e.token, onclick: () => this.play(e.token) }, e.text);
    // Moves with nothing to click on the board are buttons here; the board's moves are also listed, folded away,
    // for those who would rather read a list (or use a screen reader).
    fill(this.actions,
      html("h2", {}, "Your move"),
      s.decision ? html("p", { class: "decision-text narrow-only" }, s.decision) : null,
      loose.length ? html("div", { class: "moves" }, loose.map(button)) : null,
      onBoard.length ? html("details", { class: "board-moves", open: !loose.length && onBoard.length <= 4 },
        html("summary", {}, `Click a highlighted place on the board, or pick from this list (${onBoard.length})`),
        html("div", { class: "moves" }, onBoard.map(button))) : null);
    // A decision with nothing to click on the board is asked in the dialog at once.
    if (!onBoard.length && loose.length > 1 && !this.dialog.open && s.decision) this.pick(loose, s.decision);
  }

  pick(entries, title) {
    if (entries.length === 1) { this.play(entries[0].token); return; }
    const close = html("button", { type: "button", class: "secondary", onclick: () => this.dialog.close() }, "Cancel");
    this.dialog.replaceChildren(html("h2", {}, title || "Choose"),
      html("div", { class: "moves" }, entries.map((e) =>
        html("button", { type: "button", class: "move", "data-action": e.token, onclick: () => { this.dialog.close(); this.play(e.token); } }, e.text))),
      close);
    this.dialog.showModal();
  }

  async play(token) {
    if (this.sending || !this.state) return;
    if (!this.state.legal.some((e) => e.token === token)) { toast(`${token} is not a legal move now`); return; }
    this.sending = true;
    this.hintBox.hidden = true;
    askToNotify();
    try { await this.send({ type: "move", version: this.state.version, action: token }); }
    catch (e) { toast(e instanceof ApiError ? e.message : "the move could not be sent"); await this.refresh(); }
    finally { this.sending = false; }
  }

  // A move or an undo goes on the table's open WebSocket (the feed pushes its answer, the new state); only when
  // the socket is down (or gave no answer) does it go by HTTP, after reading the table: a move the socket did
  // deliver is then seen stored, and is never sent twice (the version would refuse it anyway). Throws the
  // server's refusal either way.
  async send(message) {
    try { if (this.feed) return await this.feed.request(message); }
    catch (e) { if (!e.down) throw e; }
    const now = await api.state(this.id, this.token);
    this.receive(now);
    if (now.version > message.version) return now;  // the socket's message was stored after all
    const answer = message.type === "move"
      ? await api.move(this.id, this.token, message.version, message.action)
      : await api.undo(this.id, this.token, message.version);
    this.receive(answer);
    return answer;
  }

  async join() {
    try { await joinSeat(this.id, this.token); } catch (e) { toast(`Cannot take the seat: ${e.message}`); return; }
    location.hash = seatLink(this.id);  // from now on the key opens the seat
  }

  async takeBack() {
    try { this.receive(await api.takeBack(this.id, this.token)); toast("Your seat is yours again", "ok"); }
    catch (e) { toast(`Cannot take the seat back: ${e.message}`); }
  }

  async undo() {
    if (this.sending || !this.state) return;
    this.sending = true;
    try { await this.send({ type: "undo", version: this.state.version }); toast("Move taken back", "ok"); }
    catch (e) { toast(e.message.replace(/^undo: /, "Cannot undo: ")); }
    finally { this.sending = false; }
  }

  // The creator closes the table (for every seat: asked first); the closed state also comes on the feed.
  async closeTable() {
    if (!confirm("Close this table for everyone? Nothing more can be played at it.")) return;
    try {
      await api.close(this.id, this.owner);
      toast("The table is closed", "ok");
      await this.refresh();
    } catch (e) { toast(e.message); }
  }

  async hint() {
    try {
      const answer = await api.hint(this.id, this.token);
      const advice = Array.isArray(answer) ? answer : answer.advice || answer.hints || [];
      this.hintBox.hidden = false;
      // A reason may begin with the move's own words, already on its button: only the why is shown under it.
      const why = (a) => { const r = a.reason || ""; return a.text && r.startsWith(a.text) ? r.slice(a.text.length).replace(/^[:\s]+/, "") : r; };
      this.hintBox.replaceChildren(html("h2", {}, "Hint"), html("ol", {}, advice.map((a) =>
        html("li", {}, html("button", { type: "button", class: "move", "data-action": a.token, onclick: () => this.play(a.token) }, a.text || a.token),
          html("div", { class: "muted why" }, why(a))))));
    } catch (e) { toast(e.message); }
  }

  renderLog() {
    const atBottom = this.log.scrollTop + this.log.clientHeight >= this.log.scrollHeight - 4;
    this.log.replaceChildren(...logItems(this.state));
    if (atBottom) this.log.scrollTop = this.log.scrollHeight;
  }

  // The same people and bots, a new deal, the seats one place on: this browser's token opens its new seat.
  async rematch() {
    let next;
    try { next = await api.rematch(this.id, this.token); } catch (e) { toast(e.message); return; }
    keepToken(next.id, next.seat, this.token);
    if (next.owner_token) keepOwner(next.id, next.owner_token);
    location.hash = tableLink(next.id, this.token);
  }

  renderEnd(s) {
    if (!s.terminal) { this.end.hidden = true; return; }
    this.end.hidden = false;
    // A person of the game asks for the rematch (made once: whoever asks next is sent to the same table); a
    // spectator is shown the rematch once one was made.
    const rematch = this.token && Number.isInteger(s.seat)
      ? html("button", { type: "button", id: "rematch", onclick: () => this.rematch() }, s.rematch ? "Go to the rematch" : "Rematch")
      : s.rematch ? html("a", { href: tableLink(s.rematch), id: "rematch" }, "Watch the rematch") : null;
    this.end.replaceChildren(...endPanel(s,
      rematch, rematch ? " · " : null,
      html("a", { href: `#replay=${encodeURIComponent(this.id)}`, id: "see-again" }, "See the game again, move by move"),
      " · ", html("a", { href: `#review=${encodeURIComponent(this.id)}`, id: "review-game" }, "Review the game"),
      " · ", html("a", { href: api.recordUrl(this.id), download: `caylus-${this.id}.txt` }, "Download the game record"),
      " · ", html("a", { href: "./" }, "Back to the lobby")));
  }
}

// ================================================================================================== start
(async () => {
  try {
    if (params.has("replay")) {
      const { showReplay } = await import("./replay.js");
      await showReplay(main, { table: params.get("replay") || null, toast, seatChoices: SEAT_CHOICES,
        playOn: (record, step, kinds) => {
          const mine = kinds.map((k, i) => (k === "you" ? i : -1)).filter((i) => i >= 0);
          const seats = kinds.map((k) => (k === "you" ? "human" : k));
          return createAndGo(null, mine, () => api.playOn(record, step, seats));
        } });
      return;
    }
    if (params.has("review")) {
      const { showReview } = await import("./review.js");
      await showReview(main, { table: params.get("review"), toast, level: params.get("level") });
      return;
    }
    if (params.has("ratings")) {
      const { showRatings } = await import("./ratings.js");
      await showRatings(main, { toast, choice: params.get("ratings") || "" });
      return;
    }
    if (params.has("player")) {
      const { showPlayer } = await import("./player.js");
      const problem = await takeKeyFromAddress(params);
      if (problem) toast(problem);
      await showPlayer(main, { id: params.get("player"), toast, problem });
      return;
    }
    const id = params.get("table");
    if (!id) { await showLobby(); return; }
    let token = params.get("token") || null;
    if (params.get("as") === "player") {
      // The seat is opened with the key this browser keeps (a webhook's link, the "your turn" list): the address
      // holds no secret. A browser without the player watches, and is told how to sit.
      const me = myPlayer();
      if (me) token = me.key;
      else toast("You watch this table: this browser has no player. To play your seat here, open your "
        + "\"use on another device\" link in it first.", "info");
    }
    await showTable(id, token);
  } catch (e) {
    main.replaceChildren(html("section", { class: "card" }, html("h2", {}, "This table cannot be shown"),
      html("p", {}, e.message || String(e)), html("a", { href: "./" }, "Back to the lobby")));
  }
})();
