// The board of Caylus Magna Carta, drawn from a seat's view: the road of cards with the provost, the castle,
// the prestige buildings, and the seat's own hand (the view never holds another player's hand).
import { svg, disc, label, wrapped, glyphRow } from "../svg.js";

export const title = "Caylus Magna Carta";
export const hidesCards = true;  // the record (its seed deals the cards) only once the game is over

export function targetOf(token, view) {
  const [verb, arg] = token.split(":");
  if (verb === "place") return `card:${arg}`;
  if (verb === "build" || verb === "cover" || verb === "residence") return `hand:${arg}`;
  if (verb === "prestige") return `prestige:${arg}`;
  if (verb === "provost") return `road:${view.provost + Number(arg)}`;
  if (verb === "batch") return "castle";
  if (verb === "draw" || verb === "redraw" || verb === "replace") return "deck";
  return null;
}

const W = 1000, CARD_W = 104, CARD_H = 72, ROAD_Y = 216, HAND_H = 72;
const NO_GLYPHS = { cost: [], built: [], gives: [], owner: [] };

// A card's glyphs from the server's notes (nothing until they arrive).
function glyphsOf(kit, id) {
  const note = kit.note(id);
  return (note && note.glyphs) || NO_GLYPHS;
}

// The cost, then what building it gives (prestige, income).
const costRow = (gl) => [...gl.cost, ...(gl.cost.length && gl.built.length ? [["to", 0]] : []), ...gl.built];

function cardXY(i) {
  const row = Math.floor(i / 9), col = i % 9;
  return [20 + (row % 2 === 1 ? 8 - col : col) * (CARD_W + 6), ROAD_Y + row * (CARD_H + 30)];
}

// The token name of a road card: neutral cards by their name, players' cards prefixed with the owner's colour.
function cardKey(card, owner, names) {
  return owner === null ? card : `${names[owner].toLowerCase()}_${card}`;
}

// The id of a road card's note (its explanation from the server): a neutral card's own ("neutral_quarry"; a player
// card of the same name, such as the Peddler, is another building), a player's card with its owner's colour.
function noteKey(card, owner, names) {
  return owner === null ? `neutral_${card}` : cardKey(card, owner, names);
}

export function draw(view, kit) {
  const names = view.seats.map((s) => s.name);
  const height = ROAD_Y + Math.ceil(Math.max(1, view.road.length) / 9) * (CARD_H + 30) + 160;
  const root = svg("svg", { viewBox: `0 0 ${W} ${height}`, class: "board", role: "img", "aria-label": "Caylus Magna Carta board" });
  root.append(svg("rect", { x: 0, y: 0, width: W, height, fill: "#f3ead2", rx: 12 }));

  // The castle: parts left to build in each section.
  const castle = svg("g", { "data-building": "castle" });
  castle.append(svg("rect", { x: 20, y: 20, width: 420, height: 96, rx: 8, fill: "#cbbd9a", stroke: "#5b4b2b" }));
  castle.append(svg("text", { x: 30, y: 38, class: "area-title" }, "Castle"));
  Object.keys(view.castle).forEach((section, k) => {  // the sections, in the order they are built
    castle.append(svg("text", { x: 30 + k * 136, y: 62, "font-size": 12, "font-weight": 600 }, label(section)));
    castle.append(svg("text", { x: 30 + k * 136, y: 80, "font-size": 11 }, `${view.castle[section]} tokens left`));
    let dx = 0;
    view.seats.forEach((seat) => {
      const n = seat.tokens[section];
      if (!n) return;
      castle.append(disc(seat.name, 38 + k * 136 + dx, 100, 7));
      castle.append(svg("text", { x: 48 + k * 136 + dx, y: 104, "font-size": 10 }, `×${n}`));
      dx += 36;
    });
  });
  root.append(kit.clickable(castle, "castle", "Castle"));

  // Prestige buildings still available.
  root.append(svg("text", { x: 460, y: 36, class: "area-title" }, "Prestige buildings"));
  view.prestige_available.forEach((b, k) => {
    const x = 460 + (k % 4) * 130, y = 44 + Math.floor(k / 4) * 46;
    const g = svg("g", { "data-building": b });
    g.append(svg("rect", { x, y, width: 124, height: 42, rx: 4, fill: "#9db5de", stroke: "#2b3f66" }));
    g.append(svg("text", { x: x + 62, y: y + 13, "font-size": 11, "text-anchor": "middle", "font-weight": 600 }, kit.name(b)));
    g.append(glyphRow(costRow(glyphsOf(kit, b)), x + 62, y + 29, 11, 116));
    root.append(kit.clickable(g, `prestige:${b}`, `Build ${kit.name(b)}`));
  });

  // The bridge: who has passed, in order (a row of its own, clear of the road below).
  root.append(svg("text", { x: 20, y: 166, class: "area-title" }, "The bridge (passed, in order)"));
  const bridge = svg("g", { "data-area": "bridge" });
  bridge.append(svg("rect", { x: 250, y: 148, width: 200, height: 28, rx: 5, fill: "#e6dcc2", stroke: "#6b5a3a" }));
  view.bridge.forEach((p, k) => bridge.append(disc(names[p], 266 + k * 26, 162, 10)));
  root.append(bridge);

  // The road.
  root.append(svg("text", { x: 20, y: ROAD_Y - 10, class: "area-title" }, `The road (provost at card ${view.provost + 1})`));
  view.road.forEach((slot, i) => {
    const [x, y] = cardXY(i);
    const g = svg("g", { "data-building": noteKey(slot.card, slot.owner, names) });
    const fill = slot.face === "residence" ? "#7fb27a" : slot.owner === null ? "#d9d2c3" : "#e9d4a8";
    g.append(svg("rect", { x, y, width: CARD_W, height: CARD_H, rx: 6, fill, stroke: "#6b5a3a" }));
    g.append(wrapped(slot.face === "residence" ? "Residence" : kit.name(slot.card), x + CARD_W / 2, y + 26, CARD_W - 26, 11, { "font-weight": 600 }));
    // What a worker here gets (the middle row); what it cost and is worth (the bottom row).
    const gl = glyphsOf(kit, slot.face === "residence" ? "residence" : noteKey(slot.card, slot.owner, names));
    g.append(glyphRow(gl.gives, x + CARD_W / 2, y + 44, 12, CARD_W - 8));
    g.append(glyphRow(costRow(gl), x + 4, y + CARD_H - 10, 8, CARD_W - 34, "start"));
    if (slot.owner !== null) g.append(disc(names[slot.owner], x + CARD_W - 11, y + 11, 7, { class: "owner" }));
    if (slot.worker !== null) g.append(disc(names[slot.worker], x + CARD_W - 14, y + CARD_H - 13, 10, { class: "disc worker" }));
    if (slot.pool) g.append(svg("text", { x: x + 4, y: y + 10, "font-size": 8 }, `${slot.pool} cube${slot.pool > 1 ? "s" : ""} left`));
    let node = kit.clickable(g, `card:${cardKey(slot.card, slot.owner, names)}`, kit.name(slot.card));
    node = kit.clickable(node, `road:${i}`, `Provost to card ${i + 1}`);
    root.append(node);
  });
  const [px, py] = cardXY(Math.max(0, Math.min(view.provost, view.road.length - 1)));
  root.append(svg("g", { class: "marker" }, svg("title", {}, `Provost at card ${view.provost + 1}`),
    svg("rect", { x: px + 2, y: py + CARD_H + 2, width: 64, height: 16, rx: 3, fill: "#7a1f1f", stroke: "#000" }),
    svg("text", { x: px + 34, y: py + CARD_H + 14, "font-size": 10, "text-anchor": "middle", fill: "#fff", "font-weight": 700 }, "Provost")));

  // The seat's own hand (the view holds the viewer's hand only; others show a count).
  const me = view.viewer;
  const hy = ROAD_Y + Math.ceil(Math.max(1, view.road.length) / 9) * (CARD_H + 30) + 30;
  const hand = me === null || me === undefined ? null : view.seats[me].hand;
  root.append(svg("text", { x: 20, y: hy - 8, class: "area-title" }, hand ? `Your hand (${names[me]})` : "Hands are hidden"));
  (hand || []).forEach((card, k) => {
    const x = 20 + k * (CARD_W + 8);
    const g = svg("g", { "data-building": card, class: "hand-card" });
    g.append(svg("rect", { x, y: hy, width: CARD_W, height: HAND_H, rx: 6, fill: "#fff", stroke: "#6b5a3a" }));
    g.append(wrapped(kit.name(card), x + CARD_W / 2, hy + 14, CARD_W - 10, 11, { "font-weight": 600 }));
    // Its cost and worth, what its worker gets, and (small) what its owner gets from another's worker.
    const gl = glyphsOf(kit, card);
    g.append(glyphRow(costRow(gl), x + CARD_W / 2, hy + 30, 10, CARD_W - 8));
    g.append(glyphRow(gl.gives, x + CARD_W / 2, hy + 47, 11, CARD_W - 8));
    if (gl.owner.length) {
      g.append(svg("text", { x: x + 4, y: hy + HAND_H - 6, "font-size": 8, fill: "#555" }, "owner:"));
      g.append(glyphRow(gl.owner, x + 32, hy + HAND_H - 9, 8, CARD_W - 36, "start"));
    }
    root.append(kit.clickable(g, `hand:${card}`, kit.name(card)));
  });
  const deck = svg("g", { "data-building": "deck" });
  const dx = 20 + Math.max(hand ? hand.length : 0, 0) * (CARD_W + 8);
  deck.append(svg("rect", { x: dx, y: hy, width: CARD_W, height: HAND_H, rx: 6, fill: "#8a6d3b", stroke: "#3b2b10" }));
  deck.append(svg("text", { x: dx + CARD_W / 2, y: hy + 30, "font-size": 11, "text-anchor": "middle", fill: "#fff" }, "Your deck"));
  if (hand) {
    deck.append(svg("text", { x: dx + CARD_W / 2, y: hy + 48, "font-size": 11, "text-anchor": "middle", fill: "#fff" },
      `${view.seats[me].deck_size} card${view.seats[me].deck_size === 1 ? "" : "s"}`));
  }
  root.append(kit.clickable(deck, "deck", "Your cards"));
  view.seats.forEach((seat, p) => {
    if (p === me) return;
    root.append(svg("text", { x: 20, y: hy + 84 + (p > me ? p - 1 : p) * 16, "font-size": 11 },
      `${seat.name}: ${seat.hand_size} cards in hand (hidden), ${seat.deck_size} in the deck`));
  });
  return root;
}

export function playerFacts(seat, view, p) {
  return [["deniers", seat.deniers], ["food", seat.food], ["wood", seat.wood], ["stone", seat.stone], ["gold", seat.gold],
          ["workers", seat.workers], ["cards in hand", seat.hand_size], ["in the deck", seat.deck_size],
          ["prestige", view.scores[p]]];
}

export function phaseText(view) {
  return `Turn ${view.turn} · ${label(view.phase)} phase${view.rules === "beginner" ? " (beginner rules)" : ""}`;
}

export function turnOrder(view) {
  const n = view.seats.length;
  return Array.from({ length: n }, (_, k) => (view.first_player + k) % n);
}

// The road cards an event names (what happened since your last move is outlined there).
export function touched(event, view) {
  if (typeof event.card !== "string") return [];
  const names = view.seats.map((s) => s.name);
  const owner = Number.isInteger(event.owner) ? event.owner : null;
  return [`[data-building="${noteKey(event.card, owner, names)}"]`];
}
