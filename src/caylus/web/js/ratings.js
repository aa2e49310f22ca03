// The leaderboard (`#ratings`, `#ratings=EDITION:KIND`): players and bot levels of one edition's two-player or
// multi-player games, the highest rating (mu - 2 sigma) first. Names are text nodes: a player's name is never markup.
import { api } from "./api.js";
import { html } from "./svg.js";

const KINDS = [["two", "Two players"], ["multi", "Three or more"]];

export async function showRatings(main, { toast, choice = "" }) {
  document.title = "Caylus · ratings";
  let editions = [];
  try { editions = await api.editions(); } catch (e) { toast(e.message); }
  const [wantEdition, wantKind] = choice.split(":");
  const edSelect = html("select", { id: "ratings-edition", name: "edition" },
    editions.map((ed) => html("option", { value: ed.id, selected: ed.id === wantEdition }, ed.title || ed.id)));
  const kindSelect = html("select", { id: "ratings-kind", name: "kind" },
    KINDS.map(([k, words]) => html("option", { value: k, selected: k === wantKind }, words)));
  const board = html("div", { id: "leaderboard" }, "Loading…");
  const load = async () => {
    const edition = edSelect.value || "caylus", kind = kindSelect.value || "two";
    history.replaceState(null, "", `#ratings=${encodeURIComponent(edition)}:${kind}`);
    board.replaceChildren("Loading…");
    try {
      const data = await api.ratings(edition, kind);
      board.replaceChildren(data.entries.length ? leaderboard(data.entries)
        : html("p", {}, "Nobody is rated here yet: a finished game with a player at it rates its seats."));
    } catch (e) {
      board.replaceChildren(html("p", {}, e.message));
    }
  };
  edSelect.addEventListener("change", load);
  kindSelect.addEventListener("change", load);
  main.replaceChildren(html("section", { class: "card ratings" },
    html("h1", {}, "Ratings"),
    html("p", {}, "OpenSkill ratings of players and bots. Rating is the skill less twice its uncertainty: it rises as "
      + "you win, and as your games make it surer. Bots are rated like players, so you can see how you compare."),
    html("div", { class: "row" }, html("label", {}, "Game ", edSelect), html("label", {}, "Table ", kindSelect)),
    board,
    html("p", {}, html("a", { href: "./" }, "Back to the lobby"))));
  await load();
}

function leaderboard(entries) {
  return html("table", { class: "leaderboard" },
    html("thead", {}, html("tr", {},
      html("th", { scope: "col" }, "#"), html("th", { scope: "col" }, "Who"),
      html("th", { scope: "col", class: "num" }, "Rating"), html("th", { scope: "col", class: "num wide-only" }, "Skill ± 2σ"),
      html("th", { scope: "col", class: "num" }, "Games"))),
    html("tbody", {}, entries.map((e) => html("tr", { class: e.entrant.kind },
      html("td", {}, String(e.place)),
      html("td", { class: "who" }, e.entrant.kind === "bot" ? `Bot: ${e.entrant.name}` : e.entrant.name),
      html("td", { class: "num" }, e.rating.toFixed(1)),
      html("td", { class: "num wide-only" }, `${e.mu.toFixed(1)} ± ${(2 * e.sigma).toFixed(1)}`),
      html("td", { class: "num" }, String(e.games))))));
}
