// The board of Caylus 1303, drawn from a seat's view: the printed buildings before the Guilds Bridge, the Road
// with its buildings and the Provost, the Construction Site, the supply, the characters.
import { svg, disc, label, wrapped, glyphRow } from "../svg.js";

export const title = "Caylus 1303";

export function targetOf(token, view) {
  const [verb, arg] = token.split(":");
  if (verb === "place") return arg === "construction_site" ? "site" : `bld:${arg}`;
  if (verb === "lawyer") return `bld:${arg}`;
  if (verb === "character") return `char:${arg}`;
  if (verb === "provost") return `slot:${view.provost + Number(arg)}`;
  if (verb === "build" || verb === "monument") return `supply:${arg}`;
  return null;
}

const KIND_FILL = { printed: "#d8c7a0", starting: "#d9d2c3", wood: "#c99a5b", stone: "#a7a9ad", monument: "#6d8fc7",
                    residence: "#7fb27a", empty: "#f6f1e4" };
const W = 1000, SLOT_W = 112, SLOT_H = 70, SUPPLY_H = 48;
const NO_GLYPHS = { cost: [], built: [], gives: [], setup: [] };
const RESIDENCE = [["worker", 1]];  // a residence: 1 more worker at every Recruitment

// A building's glyphs from the server's notes (nothing until they arrive).
function glyphsOf(kit, id) {
  const note = kit.note(id);
  return (note && note.glyphs) || NO_GLYPHS;
}

// The cost, then what building it gives (prestige, a favor).
const costRow = (gl) => [...gl.cost, ...(gl.cost.length && gl.built.length ? [["to", 0]] : []), ...gl.built];

function slotXY(i) {  // Road slot i (0-based) in three rows of 8 that wind like the printed Road
  const row = Math.floor(i / 8), col = i % 8;
  return [20 + (row === 1 ? 7 - col : col) * (SLOT_W + 8), 150 + row * (SLOT_H + 34)];
}

function building(kit, slot, x, y, w, h, names) {
  const g = svg("g", slot.building ? { "data-building": slot.building } : {});
  const fill = slot.building ? (slot.side === "residence" ? KIND_FILL.residence : KIND_FILL[slot.kind] || KIND_FILL.starting) : KIND_FILL.empty;
  g.append(svg("rect", { x, y, width: w, height: h, rx: 5, fill, stroke: "#6b5a3a" }));
  if (slot.building) {
    // The name, the side on show, what a worker gets on that side, and (bottom) what it cost and gave its builder.
    g.append(wrapped(kit.name(slot.building), x + w / 2, y + 15, w - 14, 10.5, { "font-weight": 600 }));
    if (slot.side) g.append(svg("text", { x: x + w / 2, y: y + 30, "font-size": 8, "text-anchor": "middle", fill: "#333" }, `${label(slot.side)} side`));
    const gl = glyphsOf(kit, slot.building);
    const gives = slot.side === "residence" ? RESIDENCE : slot.side === "setup" ? gl.setup : gl.gives;
    g.append(glyphRow(gives, x + w / 2, y + 43, 11, w - 8));
    g.append(glyphRow(costRow(gl), x + 16, y + h - 10, 8, w - 70, "start"));
  }
  if (slot.owner) g.append(disc(slot.owner, x + w - 10, y + 10, 7, { class: "owner" }));
  (slot.workers || []).forEach((w2, k) => w2 && g.append(disc(w2, x + w - 12 - k * 20, y + h - 12, 9, { class: "disc worker" })));
  return g;
}

export function draw(view, kit) {
  const height = 580 + Math.max(1, Math.ceil(view.supply.length / 8)) * SUPPLY_H + 10;
  const root = svg("svg", { viewBox: `0 0 ${W} ${height}`, class: "board", role: "img", "aria-label": "Caylus 1303 board" });
  root.append(svg("rect", { x: 0, y: 0, width: W, height, fill: "#f3ead2", rx: 12 }));
  const names = view.seats.map((s) => s.name);

  root.append(svg("text", { x: 20, y: 22, class: "area-title" }, "Before the Guilds Bridge"));
  view.printed.forEach((slot, k) => {
    const node = building(kit, slot, 20 + k * 120, 30, 112, SLOT_H, names);
    root.append(kit.clickable(node, `bld:${slot.building}`, kit.name(slot.building)));
  });

  // The Guilds Bridge: who has passed, in order.
  const bx = 520;
  root.append(svg("text", { x: bx, y: 22, class: "area-title" }, "Guilds Bridge (passed, in order)"));
  root.append(svg("rect", { x: bx, y: 30, width: 200, height: 40, rx: 5, fill: "#e6dcc2", stroke: "#6b5a3a" }));
  view.guilds_bridge.forEach((n, k) => root.append(disc(n, bx + 20 + k * 30, 50, 11)));

  // The Construction Site.
  const cs = view.construction_site;
  const site = svg("g", { "data-building": "construction_site" });
  site.append(svg("rect", { x: 740, y: 30, width: 240, height: SLOT_H, rx: 5, fill: "#e9dcc0", stroke: "#6b5a3a" }));
  site.append(svg("text", { x: 750, y: 46, "font-size": 11, "font-weight": 700 }, "Construction Site"));
  cs.buildings.forEach((b, k) => site.append(svg("text", { x: 750, y: 60 + k * 11, "font-size": 9.5 }, `${k + 1}. ${kit.name(b)}`)));
  cs.workers.forEach((w, k) => site.append(disc(w, 960 - k * 22, 86, 8)));
  root.append(kit.clickable(site, "site", "Construction Site"));

  root.append(svg("text", { x: 20, y: 140, class: "area-title" }, `The Road (Provost before space ${view.provost + 1}, at most ${view.provost_max})`));
  view.road.forEach((slot, i) => {
    const [x, y] = slotXY(i);
    let node = building(kit, slot, x, y, SLOT_W, SLOT_H, names);
    if (slot.building) node = kit.clickable(node, `bld:${slot.building}`, kit.name(slot.building));
    node.append(svg("text", { x: x + 4, y: y + SLOT_H - 3, "font-size": 8, fill: "#555" }, String(i + 1)));
    root.append(kit.clickable(node, `slot:${i}`, `Provost before space ${i + 1}`));
  });
  const provost = Math.min(view.provost, view.road.length);
  const [px, py] = provost < view.road.length ? slotXY(provost) : slotXY(view.road.length - 1).map((v, k) => (k === 0 ? v + SLOT_W : v));
  root.append(svg("g", { class: "marker" }, svg("title", {}, `Provost before space ${view.provost + 1}`),
    svg("rect", { x: px - 6, y: py - 6, width: 10, height: SLOT_H + 12, fill: "#7a1f1f", stroke: "#000" }),
    svg("text", { x: px - 1, y: py + SLOT_H + 20, "font-size": 10, "text-anchor": "middle", "font-weight": 700, fill: "#7a1f1f" }, "Provost")));

  // Characters: where each is (the box, the board to be taken, or a player's).
  const cy = 470;
  root.append(svg("text", { x: 20, y: cy - 8, class: "area-title" }, "Characters"));
  Object.entries(view.characters).forEach(([c, where], k) => {
    const x = 20 + (k % 6) * 160, y = cy + Math.floor(k / 6) * 44;
    const g = svg("g", { "data-building": c });
    g.append(svg("rect", { x, y, width: 152, height: 38, rx: 5, fill: where === "box" ? "#ddd" : "#fff", stroke: "#6b5a3a", "stroke-dasharray": where === "box" ? "4 3" : null }));
    g.append(svg("text", { x: x + 8, y: y + 15, "font-size": 11, "font-weight": 600 }, kit.name(c)));
    if (names.includes(where)) { g.append(disc(where, x + 136, y + 19, 9)); g.append(svg("text", { x: x + 8, y: y + 31, "font-size": 9.5 }, `${where}'s`)); }
    else g.append(svg("text", { x: x + 8, y: y + 31, "font-size": 9.5, fill: "#555" }, where === "board" ? "to be taken" : `in the ${where}`));
    // What the power gives, where a glyph can say it (the words, on hover, say every power).
    g.append(glyphRow(glyphsOf(kit, c).gives, x + (names.includes(where) ? 124 : 148), y + 30, 9, 80, "end"));
    root.append(kit.clickable(g, `char:${c}`, kit.name(c)));
  });

  // The supply: what can still be built.
  const sy = 580;
  root.append(svg("text", { x: 20, y: sy - 8, class: "area-title" }, "Supply (buildings and monuments to build)"));
  view.supply.forEach((b, k) => {
    const x = 20 + (k % 8) * 120, y = sy + Math.floor(k / 8) * SUPPLY_H;
    const kind = b.startsWith("wood_") ? "wood" : b.startsWith("stone_") ? "stone" : "monument";
    const g = svg("g", { "data-building": b });
    const gl = glyphsOf(kit, b);
    g.append(svg("rect", { x, y, width: 114, height: SUPPLY_H - 4, rx: 3, fill: KIND_FILL[kind], stroke: "#6b5a3a" }));
    g.append(svg("text", { x: x + 57, y: y + 11, "font-size": 9.5, "text-anchor": "middle", "font-weight": 600 }, kit.name(b).slice(0, 22)));
    g.append(glyphRow(costRow(gl), x + 57, y + 23, 9, 108));
    g.append(glyphRow(gl.gives, x + 57, y + 36, 9, 108));
    root.append(kit.clickable(g, `supply:${b}`, `Build ${kit.name(b)}`));
  });
  return root;
}

export function playerFacts(seat) {
  const r = seat.resources;
  return [["food", r.food], ["wood", r.wood], ["stone", r.stone], ["fabric", r.fabric], ["gold", r.gold],
          ["workers", seat.workers], ["in camp", seat.camp], ["houses", seat.houses], ["prestige", seat.prestige]];
}

export function phaseText(view) {
  return `Round ${view.round} of 9 · ${label(view.phase)}`;
}

export function turnOrder(view) {
  const names = view.seats.map((s) => s.name);
  const first = names.indexOf(view.first_player);
  return names.map((_, k) => (first + k) % names.length);
}

// The places on the board an event names (what happened since your last move is outlined there).
export function touched(event) {
  if (typeof event.building === "string") {
    return [event.building === "construction_site" ? `[data-building="construction_site"]` : `[data-building="${event.building}"]`];
  }
  return [];
}
