// The replay page: a game record seen again move by move (a finished table's, or a file the player opens), with
// the same board as the live table, and "Play on from here": a new table from the position on show.
// The server replays the record at each step (POST /api/replay): the page holds the record's text, nothing more.
import { api } from "./api.js";
import { html, fill, colourOf } from "./svg.js";
import { boardFor, readOnlyKit, explainOnHover, explainInto, outline, playersPanel, logItems, endPanel, zoomButton, showDrawing } from "./position.js";

const KEPT = "caylus:replay-record";  // an opened file, kept for a reload of the page (this tab only)

export async function showReplay(main, { table, toast, seatChoices, playOn }) {
  let record = null;
  let kinds = null;  // who sat where: the finished table's seats, or the record's Seats tag
  if (table) {
    record = await api.record(table);
    try { kinds = (await api.state(table)).seats.map((s) => s.kind); } catch { /* the record is enough */ }
  } else {
    try { record = sessionStorage.getItem(KEPT); } catch { /* private mode */ }
  }
  const page = new ReplayView(main, { table, toast, seatChoices, playOn, kinds });
  if (record) await page.open(record);
  else page.askForFile();
}

class ReplayView {
  constructor(main, ctx) {
    this.main = main;
    this.ctx = ctx;
    this.record = null;
    this.state = null;
    this.step = 0;
    this.steps = 0;
    this.seat = null;  // whose view: null a spectator's
    this.asked = 0;    // the newest request: an older answer arriving late is dropped
  }

  fileInput() {
    const input = html("input", { type: "file", id: "record-file", accept: ".txt,.cay,text/plain", "aria-label": "A game record file" });
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      if (file.size > 16000) { this.ctx.toast(`${file.name} is ${file.size} bytes: a game record is a few thousand at most`); return; }
      const text = await file.text();
      try { sessionStorage.setItem(KEPT, text); } catch { /* private mode: no reload memory */ }
      this.ctx.kinds = null;
      await this.open(text);
    });
    return input;
  }

  askForFile() {
    document.title = "Replay · Caylus";
    this.main.replaceChildren(html("section", { class: "card", id: "replay-open" },
      html("h2", {}, "See a game again"),
      html("p", {}, "Open a game record (the text file a finished table's \"Download the game record\" gives, or `caylus play --save`)."),
      this.fileInput(), html("p", {}, html("a", { href: "./" }, "← Lobby"))));
  }

  async open(text) {
    this.record = text;
    this.asked += 1;
    let first;
    try { first = await api.replay(text, 0, null); }
    catch (e) { this.ctx.toast(e.message); if (!this.state) this.askForFile(); return; }
    this.board = await boardFor(first.edition);
    this.steps = first.steps;
    this.kinds = this.ctx.kinds || first.record_seats || null;
    this.build(first);
    this.reviewed = await this.keptReview();
    // A finished table opens at its end (how it was won); a file at its start.
    if (this.ctx.table) await this.go(this.steps);
    else this.show(first);
  }

  // A finished table's review, if one was made (never started from here): each move's label beside it.
  async keptReview() {
    if (!this.ctx.table) return null;
    for (const level of ["hard", "normal"]) {
      try {
        const answer = await api.keptReview(this.ctx.table, level);
        if (answer && answer.status === "done") return new Map(answer.review.decisions.map((d) => [d.index, d]));
      } catch { /* not reviewed at this level */ }
    }
    return null;
  }

  build(first) {
    const button = (id, text, title, step) => html("button", { type: "button", id, title, "aria-label": title, onclick: () => this.go(step()) }, text);
    this.counter = html("span", { id: "replay-step", class: "step-count", "aria-live": "polite" });
    this.slider = html("input", { type: "range", id: "step-slider", min: 0, max: this.steps, value: 0, "aria-label": "Move number" });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.seen = html("select", { id: "seen-from", "aria-label": "Seen from" },
      html("option", { value: "" }, "Seen by a spectator"),
      first.view.seats.map((s, p) => html("option", { value: p }, `Seen by ${s.name}`)));
    this.seen.addEventListener("change", () => { this.seat = this.seen.value === "" ? null : Number(this.seen.value); this.go(this.step); });
    this.next = html("div", { class: "next-move", id: "next-move" });
    this.phase = html("div", { class: "phase" });
    this.boardBox = html("div", { class: "board-box" });
    this.info = html("div", { class: "info", id: "info" }, "Hover over or tap a building to read what it does. A dashed blue outline: what the move just played did. Keys: ← → step, Home / End.");
    this.players = html("div", { class: "players" });
    this.log = html("ol", { class: "log", id: "log" });
    this.end = html("section", { class: "end card", id: "end", hidden: true });
    this.playOnBox = html("section", { class: "card play-on", id: "play-on" });
    const controls = html("div", { class: "replay-controls" },
      button("first", "« Start", "To the start (Home)", () => 0),
      button("back", "◀ Back", "One move back (←)", () => this.step - 1),
      button("forward", "Forward ▶", "One move on (→)", () => this.step + 1),
      button("last", "End »", "To the end (End)", () => this.steps),
      this.slider, this.counter);
    this.main.replaceChildren(html("div", { class: "table replay" },
      html("header", { class: "table-head" }, html("a", { href: "./", class: "home" }, "← Lobby"), this.phase,
        html("span", { class: "muted" }, "Replay"), this.seen,
        // A finished table's game can be reviewed (a file's cannot: the server reviews the tables it holds).
        this.ctx.table ? html("a", { href: `#review=${encodeURIComponent(this.ctx.table)}`, id: "replay-review" }, "Review the game") : null),
      controls, this.next,
      html("div", { class: "table-body" },
        html("div", { class: "left" }, this.end, zoomButton(this.boardBox), this.boardBox, this.info),
        html("aside", { class: "right" }, this.playOnBox, this.players, html("h2", {}, "Game log"), this.log,
          html("p", { class: "muted" }, "Another record: ", this.fileInput())))));
    if (!this.keys) {
      this.keys = (event) => {
        if (event.target.closest && event.target.closest("input, select, textarea")) return;
        const to = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.steps }[event.key];
        if (to === undefined) return;
        event.preventDefault();
        this.go(to);
      };
      document.addEventListener("keydown", this.keys);
    }
  }

  async go(step) {
    step = Math.max(0, Math.min(this.steps, step));
    const asked = ++this.asked;
    let state;
    try { state = await api.replay(this.record, step, this.seat); }
    catch (e) { this.ctx.toast(e.message); return; }
    if (asked !== this.asked) return;
    this.show(state);
  }

  show(s) {
    this.state = s;
    this.step = s.step;
    const v = s.view;
    document.title = `Replay, move ${s.step} of ${s.steps} · ${this.board.title}`;
    this.phase.textContent = `${this.board.title} · ${this.board.phaseText(v)}`;
    this.counter.textContent = `Move ${s.step} of ${s.steps}`;
    this.slider.value = String(s.step);
    this.main.querySelector("#first").disabled = this.main.querySelector("#back").disabled = s.step === 0;
    this.main.querySelector("#forward").disabled = this.main.querySelector("#last").disabled = s.step === s.steps;
    if (s.next) {
      const c = colourOf(v.seats[s.next.player].name);
      const d = this.reviewed && this.reviewed.get(s.step);
      fill(this.next, "Next: ", html("span", { class: "chip", style: `background:${c.fill};color:${c.ink}` }, c.letter), ` ${s.next.text}`,
        d ? html("span", { class: "reviewed", id: "next-review" }, " ", html("span", { class: `review-label ${d.label}` }, d.label),
          d.loss > 0 ? ` −${d.loss.toFixed(1)}; the reviewer's best: ${d.best}` : "") : null);
    } else fill(this.next, "The game is over.");

    const notes = s.buildings || {};
    const drawing = this.board.draw(v, readOnlyKit(notes));
    explainOnHover(drawing, (id) => { this.explained = id; explainInto(this.info, notes, id); });
    outline(this.board, drawing, (s.log || []).filter((e) => typeof e === "object" && e && e.index >= s.last_from), v);
    showDrawing(this.boardBox, drawing);
    this.boardBox.dataset.step = String(s.step);
    if (this.explained) explainInto(this.info, notes, this.explained);
    this.players.replaceChildren(...playersPanel(this.board, s));
    this.log.replaceChildren(...logItems(s));
    this.log.scrollTop = this.log.scrollHeight;
    this.end.hidden = !s.terminal;
    if (s.terminal) this.end.replaceChildren(...endPanel(s));
    this.renderPlayOn(s);
  }

  // "Play on from here": who sits where at the new table (the game's seats as they were, changeable).
  renderPlayOn(s) {
    if (s.terminal) { fill(this.playOnBox, html("h2", {}, "Play on from here"), html("p", { class: "muted" }, "Step back from the end to play on from an earlier move.")); return; }
    const old = [...this.playOnBox.querySelectorAll("select")].map((sel) => sel.value);
    const names = s.view.seats.map((seat) => seat.name);
    const choices = this.ctx.seatChoices;
    const start = (p) => {
      const kind = this.kinds && this.kinds[p];
      if (!kind) return p === 0 ? "you" : "normal";
      return kind === "human" ? (this.kinds.indexOf("human") === p ? "you" : "human") : kind;
    };
    const selects = names.map((name, p) => html("label", {}, `${name} `,
      html("select", { name: `seat${p}`, "aria-label": `${name}'s seat` },
        choices.map(([value, text]) => html("option", { value, selected: (old[p] || start(p)) === value }, text)))));
    const go = html("button", { type: "button", class: "big", id: "play-on-button" }, `Play on from move ${s.step}`);
    go.addEventListener("click", () => {
      const kinds = [...this.playOnBox.querySelectorAll("select")].map((sel) => sel.value);
      this.ctx.playOn(this.record, this.step, kinds);
    });
    fill(this.playOnBox, html("h2", {}, "Play on from here"),
      html("p", { class: "muted" }, "A new table at this position, with these seats:"),
      // The server re-deals what is hidden when a person sits down: the record would tell them every card.
      this.board.hidesCards ? html("p", { class: "muted", id: "redeal-note" }, `${this.board.title} hides cards: with a person at the table, every hand and pile is dealt again (the record shows them all). With bots only, the record's own cards play on.`) : null,
      html("div", { class: "seats" }, selects), go);
  }
}
