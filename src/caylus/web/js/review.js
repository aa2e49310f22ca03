// The review page of a finished table (#review=ID, issue 29): the server grades every decision of the game
// (POST /api/tables/{id}/review, made in its own process and kept), and the page shows each seat's expected final
// margin across the game as a chart, the summary per seat, and every reviewed move with its label. Clicking a
// point of the chart or a move shows the board at that moment (the replay's drawing, from the deciding seat's
// view), the move played and the reviewer's alternatives with their reasons.
import { api } from "./api.js";
import { html, svg, fill, colourOf } from "./svg.js";
import { boardFor, readOnlyKit, explainOnHover, explainInto, outline, playersPanel, showDrawing } from "./position.js";

const LEVELS = [["normal", "Quick review (normal)"], ["hard", "Deeper review (hard)"]];
const MARK = { best: "", good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };
const ASK_EVERY_MS = 1500;  // while the server reviews, how often the page asks how far it got

export async function showReview(main, { table, toast, level }) {
  const page = new ReviewView(main, { table, toast, level: LEVELS.some(([l]) => l === level) ? level : "normal" });
  await page.open();
}

class ReviewView {
  constructor(main, ctx) {
    this.main = main;
    this.ctx = ctx;
    this.level = ctx.level;
    this.asked = 0;  // the newest position asked for: an older answer arriving late is dropped
    this.selected = null;
  }

  async open() {
    document.title = "Review · Caylus";
    this.record = await api.record(this.ctx.table);  // a finished table's record: everyone may read it
    const first = await api.replay(this.record, 0, null);
    this.names = first.view.seats.map((s) => s.name);
    this.steps = first.steps;
    this.board = await boardFor(first.edition);
    this.build();
    await this.fetch();
  }

  build() {
    const choose = html("select", { id: "review-level", "aria-label": "The reviewer" },
      LEVELS.map(([value, text]) => html("option", { value, selected: value === this.level }, text)));
    choose.addEventListener("change", () => { this.level = choose.value; this.fetch(); });
    this.status = html("div", { class: "review-status", id: "review-status", "aria-live": "polite" });
    this.summary = html("section", { class: "card", id: "review-summary" });
    this.chart = html("div", { class: "review-chart", id: "review-chart" });
    this.moves = html("ol", { class: "log review-moves", id: "review-moves" });
    this.detail = html("section", { class: "card review-detail", id: "review-detail", hidden: true });
    this.boardBox = html("div", { class: "board-box" });
    this.info = html("div", { class: "info", id: "info" }, "Click a point of the chart or a move to see the board then.");
    this.players = html("div", { class: "players" });
    this.main.replaceChildren(html("div", { class: "table review" },
      html("header", { class: "table-head" }, html("a", { href: "./", class: "home" }, "← Lobby"),
        html("div", { class: "phase" }, `${this.board.title} · game review`),
        html("a", { href: `#replay=${encodeURIComponent(this.ctx.table)}`, id: "review-replay" }, "See the game again"), choose),
      this.status, this.summary, this.chart,
      html("div", { class: "table-body" },
        html("div", { class: "left" }, this.detail, this.boardBox, this.info),
        html("aside", { class: "right" }, this.players, html("h2", {}, "Moves reviewed"), this.moves))));
  }

  // Ask the server for the review at this level until it is made (it answers 202 with its progress meanwhile).
  async fetch() {
    const level = this.level;
    this.review = null;
    fill(this.summary); fill(this.chart); fill(this.moves);
    for (;;) {
      let answer;
      try { answer = await api.review(this.ctx.table, level); }
      catch (e) {
        // Busy (429): another review under way; wait and ask again. Anything else ends the asking.
        fill(this.status, `${e.message}`);
        if (e.status !== 429) return;
        await new Promise((r) => setTimeout(r, ASK_EVERY_MS * 4));
        if (level !== this.level) return;
        continue;
      }
      if (level !== this.level) return;  // the reviewer was changed meanwhile: that fetch goes on
      if (answer.status === "done") { this.show(answer.review); return; }
      if (answer.status === "failed") { fill(this.status, `The review could not be made: ${answer.error}`); return; }
      const total = answer.total || 0;
      fill(this.status, `Reviewing every decision… ${answer.done} of ${total || "?"}`,
        html("progress", { max: total || 1, value: answer.done || 0 }));
      await new Promise((r) => setTimeout(r, ASK_EVERY_MS));
      if (level !== this.level) return;
    }
  }

  show(review) {
    this.review = review;
    this.byIndex = new Map(review.decisions.map((d) => [d.index, d]));
    // The bands come with the review (`Review.details`), so the page says what the server labelled by.
    const bands = (review.thresholds || []).map(([name, below]) => `${name} < ${below}`);
    const scale = bands.length ? ` (${bands.join(", ")}, blunder beyond)` : "";
    fill(this.status, `Reviewed at level ${review.level}: ${review.decisions.length} decisions. The loss of a move is the final margin in prestige it gave up against the reviewer's best, as playing both on shows${scale}.`);
    this.drawSummary(review);
    this.drawChart(review);
    this.drawMoves(review);
    const worst = [...review.decisions].sort((a, b) => b.loss - a.loss || a.index - b.index)[0];
    if (worst) this.select(worst.index);
  }

  chip(seat) {
    const c = colourOf(this.names[seat]);
    return html("span", { class: "chip", style: `background:${c.fill};color:${c.ink}` }, c.letter);
  }

  labelTag(label) {
    return html("span", { class: `review-label ${label}` }, `${label}${MARK[label] ? ` ${MARK[label]}` : ""}`);
  }

  drawSummary(review) {
    const labels = ["best", "good", "inaccuracy", "mistake", "blunder"];
    const rows = review.seats.map((s) => html("tr", { "data-seat": s.seat },
      html("td", {}, this.chip(s.seat), ` ${this.names[s.seat]}`),
      html("td", {}, s.mean_loss.toFixed(2)),
      labels.map((l) => html("td", {}, String(s.labels[l] || 0))),
      html("td", {}, s.turning_points.length ? s.turning_points.map((i) =>
        html("button", { type: "button", class: "link turning-point", onclick: () => this.select(i) }, `move ${i}`)) : "none")));
    fill(this.summary, html("h2", {}, "Summary"),
      // In a box of its own width: on a phone the table scrolls sideways instead of widening the page.
      html("div", { class: "table-scroll" }, html("table", { class: "scores review-table" },
        html("thead", {}, html("tr", {}, html("th", {}, "Player"), html("th", {}, "Mean loss"),
          labels.map((l) => html("th", {}, l)), html("th", {}, "Turning points"))),
        html("tbody", {}, rows))));
  }

  // Each seat's expected final margin after each of its moves, in its colour; a point a decision (ringed when
  // it lost much), which shows that decision when clicked or chosen with the keyboard.
  drawChart(review) {
    const W = 900, H = 260, L = 44, R = 10, T = 12, B = 28;
    const values = review.decisions.flatMap((d) => [d.value, d.best_value]);
    let lo = Math.min(0, ...values), hi = Math.max(0, ...values);
    if (hi - lo < 1) { hi += 0.5; lo -= 0.5; }
    const x = (i) => L + (W - L - R) * (i / Math.max(1, this.steps));
    const y = (v) => T + (H - T - B) * (1 - (v - lo) / (hi - lo));
    const parts = [
      svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: "#999", "stroke-dasharray": "4 3" }),
      svg("text", { x: 4, y: y(hi) + 4, "font-size": 11 }, hi.toFixed(0)),
      svg("text", { x: 4, y: y(0) + 4, "font-size": 11 }, "0"),
      svg("text", { x: 4, y: y(lo) + 4, "font-size": 11 }, lo.toFixed(0)),
      svg("text", { x: L, y: H - 6, "font-size": 11 }, "move 0"),
      svg("text", { x: W - R, y: H - 6, "font-size": 11, "text-anchor": "end" }, `move ${this.steps}`),
    ];
    for (const seat of review.seats.map((s) => s.seat)) {
      const mine = review.decisions.filter((d) => d.seat === seat);
      const c = colourOf(this.names[seat]);
      if (mine.length > 1) {
        parts.push(svg("polyline", { points: mine.map((d) => `${x(d.index).toFixed(1)},${y(d.value).toFixed(1)}`).join(" "),
          fill: "none", stroke: c.fill, "stroke-width": 2, "data-seat": seat }));
      }
      for (const d of mine) {
        const bad = d.label === "mistake" || d.label === "blunder";
        const point = svg("circle", { cx: x(d.index), cy: y(d.value), r: bad ? 6 : 3.5, fill: c.fill,
          stroke: bad ? "#000" : "none", "stroke-width": 2, class: `point ${d.label}`, "data-index": d.index,
          tabindex: 0, role: "button", "aria-label": `Move ${d.index}, ${this.names[seat]}: ${d.label}` },
          svg("title", {}, `Move ${d.index}, ${this.names[seat]}: ${d.label}, expected margin ${d.value.toFixed(1)}`));
        point.addEventListener("click", () => this.select(d.index));
        point.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.select(d.index); } });
        parts.push(point);
      }
    }
    const legend = review.seats.map((s) => html("span", { class: "legend" }, this.chip(s.seat), ` ${this.names[s.seat]}`));
    fill(this.chart, html("h2", {}, "Expected final margin across the game"),
      html("p", { class: "muted" }, "Each player's expected final margin over the best other player after each of their moves, as the reviewer sees it. Ringed points: mistakes and blunders. Click a point to see that moment."),
      svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "margin-chart", role: "img", "aria-label": "Each player's expected final margin across the game" }, parts),
      html("div", {}, legend));
  }

  drawMoves(review) {
    fill(this.moves, review.decisions.map((d) => html("li", { "data-index": d.index, class: `review-move ${d.label}`, tabindex: 0,
      onclick: () => this.select(d.index), onkeydown: (e) => { if (e.key === "Enter") this.select(d.index); } },
      html("span", { class: "muted" }, `${d.index} `), this.chip(d.seat), ` ${played(d)} `, this.labelTag(d.label),
      d.loss > 0 ? html("span", { class: "muted" }, ` −${d.loss.toFixed(1)}`) : null)));
  }

  async select(index) {
    const d = this.byIndex && this.byIndex.get(index);
    if (!d) return;
    this.selected = index;
    for (const node of this.main.querySelectorAll(".selected")) node.classList.remove("selected");
    for (const node of this.main.querySelectorAll(`[data-index="${index}"]`)) node.classList.add("selected");
    const item = this.moves.querySelector(`li[data-index="${index}"]`);
    if (item && item.scrollIntoView) item.scrollIntoView({ block: "nearest" });
    this.detail.hidden = false;
    fill(this.detail, html("h2", {}, `Move ${index}: `, this.chip(d.seat), ` ${this.names[d.seat]} `, this.labelTag(d.label)),
      html("p", { id: "review-played" }, html("b", {}, "Played: "), d.played,
        ` (expected margin ${d.value.toFixed(1)}${d.loss > 0 ? `, ${d.loss.toFixed(1)} below the best` : ""})`),
      html("p", { id: "review-reason" }, d.reason),
      html("h3", {}, "The reviewer's moves"),
      html("ol", { id: "review-alternatives" }, d.alternatives.map((a) => html("li", { class: a.move === d.played ? "played" : "" },
        html("b", {}, a.move), ` ${a.value.toFixed(1)}: ${a.reason}`, a.move === d.played ? html("em", {}, " (played)") : null))));
    // The board as the deciding seat saw it then (its own cards; in Magna Carta nobody else's).
    const asked = ++this.asked;
    let s;
    try { s = await api.replay(this.record, index, d.seat); }
    catch (e) { this.ctx.toast(e.message); return; }
    if (asked !== this.asked) return;
    const notes = s.buildings || {};
    const drawing = this.board.draw(s.view, readOnlyKit(notes));
    explainOnHover(drawing, (id) => explainInto(this.info, notes, id));
    outline(this.board, drawing, (s.log || []).filter((e) => typeof e === "object" && e && e.index >= s.last_from), s.view);
    showDrawing(this.boardBox, drawing);
    this.boardBox.dataset.step = String(index);
    this.players.replaceChildren(...playersPanel(this.board, { ...s, seat: null }));  // seen as its seat, nobody's "you"
  }
}

// The move played, in the words the reason begins with (the reason's first clause).
function played(d) {
  return (d.reason || d.played).split("; better:")[0];
}
