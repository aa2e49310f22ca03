// A player in this browser: a name and a secret key (docs/server.md, "Players"). The key is kept in localStorage
// and sent only in the Authorization header; the one URL that holds it is the "use on another device" link, whose
// fragment (never sent to a server) this page reads, stores and then takes out of the address bar.
import { api } from "./api.js";
import { html } from "./svg.js";

const KEPT = "caylus:player";

// {id, name, key} of this browser's player, or null.
export function myPlayer() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT) || "null");
    return kept && typeof kept.id === "string" && typeof kept.key === "string" ? kept : null;
  } catch { return null; }
}
function keepPlayer(player) {
  try { localStorage.setItem(KEPT, JSON.stringify({ id: player.id, name: player.name, key: player.key })); return true; }
  catch { return false; }  // private mode: the player lives as long as the page
}
function forgetPlayer() { try { localStorage.removeItem(KEPT); } catch { /* private mode */ } }

// The "use on another device" link: the key in the fragment only.
export const deviceLink = (p) => new URL(`./#player=${encodeURIComponent(p.id)}&key=${encodeURIComponent(p.key)}`, location.href).href;
// A seat opened with the player's key: the address says only "as the player"; the key comes from storage.
export const seatLink = (table) => `#table=${encodeURIComponent(table)}&as=player`;
export const pageLink = (id) => `#player=${encodeURIComponent(id)}`;

// An address `#player=ID&key=K` (the other-device link): the key is checked with the server, kept if it is that
// player's, and in every case taken out of the address bar. A wrong key changes nothing kept here.
export async function takeKeyFromAddress(params) {
  const id = params.get("player"), key = params.get("key");
  if (!key) return null;
  history.replaceState(null, "", `${location.pathname}${id ? pageLink(id) : ""}`);
  let me;
  try { me = await api.me(key); } catch (e) {
    return `This link's key was not accepted (${e.message}): nothing was changed in this browser.`;
  }
  if (id && me.id !== id) return "This link's key belongs to another player: nothing was changed in this browser.";
  keepPlayer({ id: me.id, name: me.name, key });
  return null;
}

// The lobby's card: make a player, or who you are with your page and the other-device link.
export function playerCard(toast) {
  const box = html("section", { class: "card", id: "player-card" });
  const draw = () => {
    const me = myPlayer();
    if (!me) {
      const name = html("input", { id: "player-name", name: "name", maxlength: 40, required: true, autocomplete: "nickname",
        "aria-label": "Your name" });
      const form = html("form", { id: "new-player", class: "row" }, name, html("button", { type: "submit" }, "Make my player"));
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        try {
          const made = await api.newPlayer(name.value);
          keepPlayer(made);
          draw();
        } catch (e) { toast(e.message); }
      });
      box.replaceChildren(html("h2", {}, "Your player"),
        html("p", {}, "A name that holds your seats at many tables, your turns across them, your results and ratings. "
          + "Its key stays in this browser."), form);
      return;
    }
    const link = html("input", { readonly: true, value: deviceLink(me), id: "device-link", "aria-label": "Use on another device" });
    const forget = html("button", { type: "button", class: "secondary", id: "forget-player" }, "Forget it in this browser");
    forget.addEventListener("click", () => {
      if (confirm("Forget your player in this browser? Without the other-device link its key is lost.")) { forgetPlayer(); draw(); }
    });
    box.replaceChildren(html("h2", {}, "Your player"),
      html("p", {}, "You play as ", html("strong", { id: "player-me" }, me.name), " · ",
        html("a", { href: pageLink(me.id), id: "my-page" }, "your tables, turns and ratings")),
      html("details", {}, html("summary", {}, "Use on another device"),
        html("p", {}, "Open this link on the other device (it holds your key: keep it to yourself)."), link),
      forget);
  };
  draw();
  return box;
}

// A seat's token taken over by this browser's player (from then on the key opens the seat); answers the seat.
export async function joinSeat(table, seatToken) {
  const me = myPlayer();
  if (!me) throw new Error("make a player first");
  return api.join(table, me.key, seatToken);
}

const ago = (s) => (s < 90 ? `${Math.round(s)} s` : s < 5400 ? `${Math.round(s / 60)} min` : s < 129600 ? `${Math.round(s / 3600)} h` : `${Math.round(s / 86400)} days`);

// The player's page (`#player=ID`): your turns first (only on your own page: it needs the key), then the open
// tables with whose turn it is, the finished games with their results and records, and the ratings.
export async function showPlayer(main, { id, toast, problem = null }) {
  document.title = "Caylus · player";
  main.replaceChildren(html("p", {}, "Loading…"));
  const me = myPlayer();
  const mine = Boolean(me && me.id === id);
  let page;
  try { page = await api.player(id); } catch (e) {
    main.replaceChildren(html("section", { class: "card" }, html("h1", {}, "No such player"),
      problem ? html("p", { class: "error", id: "player-problem" }, problem) : null,
      html("p", {}, e.message), html("a", { href: "./" }, "Back to the lobby")));
    return;
  }
  document.title = `Caylus · ${page.name}`;
  let turns = null;
  if (mine) { try { turns = await api.myTurns(me.key); } catch (e) { toast(e.message); } }
  const open = (t) => (mine ? seatLink(t) : `#table=${encodeURIComponent(t)}`);
  const who = (t, p) => (t.seats[p] || (t.kinds[p] === "human" ? "a guest" : t.kinds[p]));
  main.replaceChildren(html("section", { class: "card player-page" },
    html("h1", { id: "player-title" }, page.name),
    problem ? html("p", { class: "error", id: "player-problem", role: "alert" }, problem) : null,
    turns ? html("section", { id: "your-turns" }, html("h2", {}, "Your turn"),
      turns.length ? html("ol", { class: "tables" }, turns.map((t) => html("li", { "data-table": t.table },
        html("a", { href: seatLink(t.table), class: "play" }, t.title), ` · waiting ${ago(t.waiting_s)}`,
        t.left_s === null || t.left_s === undefined ? null : ` · ${ago(t.left_s)} left`)))
        : html("p", {}, "Nobody is waiting for you.")) : null,
    html("section", { id: "open" }, html("h2", {}, "Playing"),
      page.open.length ? html("ul", { class: "tables" }, page.open.map((t) => html("li", { "data-table": t.table },
        html("a", { href: open(t.table) }, t.title), ` · ${t.seats.map((_, p) => who(t, p)).join(", ")} · `,
        html("span", { class: "whose" }, t.your_turn ? `${page.name} to move` : `${who(t, t.current_player)} to move`))))
        : html("p", {}, "No table in play.")),
    html("section", { id: "finished" }, html("h2", {}, "Finished"),
      page.finished.length ? html("ul", { class: "tables" }, page.finished.map((t) => html("li", { "data-table": t.table },
        html("strong", {}, t.title), " · ", html("span", { class: "result" }, resultWords(t, who)), " · ",
        html("a", { href: `#replay=${encodeURIComponent(t.table)}` }, "see again"), " · ",
        html("a", { href: t.record, download: `caylus-${t.table}.txt`, class: "record" }, "record"))))
        : html("p", {}, "No finished game yet.")),
    mine ? webhookCard(me) : null,
    html("section", { id: "player-ratings" }, html("h2", {}, "Ratings"),
      page.ratings.length ? html("ul", {}, page.ratings.map((r) => html("li", {},
        html("a", { href: `#ratings=${encodeURIComponent(r.edition)}:${r.kind}` }, `${r.edition}, ${r.kind === "two" ? "two players" : "three or more"}`),
        `: ${r.rating.toFixed(1)} (place ${r.place}, ${r.games} game${r.games === 1 ? "" : "s"})`)))
        : html("p", {}, "Not rated yet: a finished game rates its players.")),
    html("p", {}, html("a", { href: "./" }, "Back to the lobby"))));
}

// On one's own page: the "your turn" webhook (docs/server.md, "Your turn" webhooks): a URL of a chat service's
// incoming webhook (Slack, Discord, Mattermost, Teams) that gets a message when it is your turn. The server says
// which hosts its operator allows (the example address and the words name them; with none the form is hidden);
// a refusal is shown here in its words and nothing is kept.
function webhookCard(me) {
  const box = html("section", { id: "webhook" }, html("h2", {}, "Your turn messages"));
  const url = html("input", { id: "webhook-url", type: "url", maxlength: 500, placeholder: "https://…",
    "aria-label": "Webhook URL", autocomplete: "off" });
  const said = html("p", { id: "webhook-said", role: "status" });
  const where = html("p", { id: "webhook-hosts" });
  const remove = html("button", { type: "button", id: "webhook-remove", class: "secondary" }, "Stop the messages");
  const say = (text, kind = "") => { said.textContent = text; said.className = kind; };
  const form = html("form", { id: "webhook-form", class: "row" }, url, html("button", { type: "submit" }, "Save"), remove);
  const show = (hook) => {
    const hosts = hook.hosts || [];
    url.value = hook.url || "";
    remove.hidden = !hook.url;
    if (hosts.length) url.placeholder = `https://${hosts[0]}/…`;
    where.textContent = hosts.length ? `This server sends them to ${hosts.join(", ")} only.`
      : "This server sends no messages: its operator allowed no address.";
    form.hidden = !hosts.length && !hook.url;
    say(hook.url ? "A message goes to this address when it is your turn."
      : hosts.length ? "No messages: give an address to get them." : "");
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try { show(await api.setWebhook(me.key, url.value.trim())); }
    catch (e) { say(`Not saved: ${e.message}`, "error"); }
  });
  remove.addEventListener("click", async () => {
    try { show(await api.removeWebhook(me.key)); }
    catch (e) { say(`Not removed: ${e.message}`, "error"); }
  });
  box.append(html("p", {}, "A chat service's incoming webhook address (it often holds a secret: only you can read it back here)."),
    where, form, said);
  api.webhook(me.key).then(show).catch((e) => say(e.message, "error"));
  return box;
}

// "Won 52 to 40 (Bo)", "Lost 31 to 47 (normal)", or "closed before the end".
function resultWords(t, who) {
  if (!t.terminal) return "closed before the end";
  const others = t.scores.map((s, p) => [p, s]).filter(([p]) => p !== t.seat);
  // The winners as the game's own tie-breaks name them; the best score where a result has none.
  const won = t.result && Array.isArray(t.result.winners) ? t.result.winners.includes(t.seat)
    : t.scores[t.seat] === Math.max(...t.scores);
  return `${won ? "Won" : "Lost"} ${t.scores[t.seat]} to ${others.map(([p, s]) => `${s} (${who(t, p)})`).join(", ")}`;
}
