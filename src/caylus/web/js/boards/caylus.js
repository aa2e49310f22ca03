// The board of Caylus (2005), drawn from a seat's view: the road, the special buildings before the bridge,
// the castle, the favor table and the stock. Pure: the same view draws the same picture.
import { svg, disc, label, wrapped, glyphRow } from "../svg.js";

export const title = "Caylus";

// Which board element a move concerns (moves with none are asked in a dialog).
export function targetOf(token, view) {
  const [verb, arg] = token.split(":");
  if (verb === "place") return arg in view.special_buildings || arg === "castle" ? `special:${arg}` : `tile:${arg}`;
  if (verb === "transform") return `tile:${arg}`;
  if (verb === "joust") return "special:joust_field";
  if (verb === "inn") return "special:inn";
  if (verb === "provost") return `space:${view.provost + Number(arg)}`;
  if (verb === "build" && view.stock.includes(arg)) return `stock:${arg}`;
  if (verb === "favor") return `favor:${arg}`;
  if (verb === "batch") return "special:castle";
  return null;
}

// A tile's colour by its kind, as the edition's words name it ("wood building", "prestige building", ...).
const KIND_FILL = { neutral: "#d9d2c3", fixed: "#e9dcc0", wood: "#c99a5b", stone: "#a7a9ad", prestige: "#6d8fc7",
                    residential: "#7fb27a", special: "#d8c7a0", empty: "#f6f1e4" };

function fillOf(kit, tile) {
  if (!tile) return KIND_FILL.empty;
  const note = kit.note(tile);  // until the server's notes arrive, every tile is drawn plain
  return (note && KIND_FILL[String(note.kind).split(" ")[0]]) || KIND_FILL.neutral;
}

const W = 1000, SPACE_W = 92, SPACE_H = 64, FAVOR_H = 36, STOCK_H = 47;
const NO_GLYPHS = { cost: [], built: [], gives: [] };

// A building's glyphs from the server's notes (nothing until they arrive).
function glyphsOf(kit, id) {
  const note = kit.note(id);
  return (note && note.glyphs) || NO_GLYPHS;
}

// Road space n (1..28) laid out in three rows that wind like the printed road.
function spaceXY(n) {
  const i = n - 1;
  const row = Math.floor(i / 10), col = i % 10;
  const x = 20 + (row === 1 ? 9 - col : col) * (SPACE_W + 5);
  return [x, 250 + row * (SPACE_H + 36)];
}

export function draw(view, kit) {
  const names = view.seats.map((s) => s.name);
  // Below the road's last row (and the provost's and bailiff's flags under it): the favor table and the stock.
  const lowY = 250 + 2 * (SPACE_H + 36) + SPACE_H + 60;
  const height = lowY + Math.max(4 * FAVOR_H, Math.ceil(view.stock.length / 6) * STOCK_H) + 8;
  const root = svg("svg", { viewBox: `0 0 ${W} ${height}`, class: "board", role: "img", "aria-label": "Caylus board" });
  root.append(svg("rect", { x: 0, y: 0, width: W, height, fill: "#f3ead2", rx: 12 }));

  // -- before the bridge ------------------------------------------------------------------------------------
  root.append(svg("text", { x: 20, y: 22, class: "area-title" }, "Before the bridge"));
  const sp = view.special_buildings;
  const specials = [
    ["gate", sp.gate === null ? [] : [sp.gate]],
    ["trading_post", sp.trading_post === null ? [] : [sp.trading_post]],
    ["merchants_guild", sp.merchants_guild === null ? [] : [sp.merchants_guild]],
    ["joust_field", sp.joust_field === null ? [] : [sp.joust_field]],
    ["stables", sp.stables],
    ["inn", [sp.inn.left, sp.inn.right]],
  ];
  specials.forEach(([name, workers], i) => {
    const x = 20 + i * 112, y = 32;
    const g = svg("g", { "data-building": name });
    g.append(svg("rect", { x, y, width: 104, height: 74, rx: 6, fill: KIND_FILL.special, stroke: "#6b5a3a" }));
    g.append(wrapped(kit.name(name), x + 52, y + 20, 100, 12, { "font-weight": 600 }));
    if (name === "inn") {
      g.append(svg("text", { x: x + 26, y: y + 70, "font-size": 9, "text-anchor": "middle" }, "left"));
      g.append(svg("text", { x: x + 78, y: y + 70, "font-size": 9, "text-anchor": "middle" }, "right"));
      g.append(glyphRow(glyphsOf(kit, name).gives, x + 52, y + 35, 10, 96));
      workers.forEach((w, k) => w !== null && g.append(disc(names[w], x + 26 + k * 52, y + 55, 9)));
    } else {
      workers.forEach((w, k) => g.append(disc(names[w], x + 22 + k * 28, y + 60, 10)));
      g.append(glyphRow(glyphsOf(kit, name).gives, x + 52, y + 42, 11, 96));
    }
    root.append(kit.clickable(g, `special:${name}`, kit.name(name)));
  });

  // -- the bridge: who has passed, in order (the first to pass is first in the next turn's order) -----------------
  root.append(svg("text", { x: 20, y: 134, class: "area-title" }, "The bridge (passed, in order)"));
  const bridge = svg("g", { "data-area": "bridge" });
  bridge.append(svg("rect", { x: 20, y: 142, width: 220, height: 36, rx: 5, fill: "#e6dcc2", stroke: "#6b5a3a" }));
  view.passing_order.forEach((p, k) => bridge.append(disc(names[p], 40 + k * 30, 160, 11)));
  root.append(bridge);

  // -- the castle -------------------------------------------------------------------------------------------
  const cx = 700, cy = 32;
  const castle = svg("g", { "data-building": "castle" });
  castle.append(svg("rect", { x: cx, y: cy, width: 280, height: 196, rx: 8, fill: "#cbbd9a", stroke: "#5b4b2b" }));
  castle.append(svg("text", { x: cx + 10, y: cy + 18, class: "area-title" }, `Castle (${view.castle.sections_counted} of 3 sections counted)`));
  Object.keys(view.castle.filled).forEach((section, k) => {  // the sections, in the order they are built
    const y = cy + 28 + k * 42;
    const counted = view.castle.sections_counted > k;
    castle.append(svg("rect", { x: cx + 8, y, width: 264, height: 36, rx: 4, fill: counted ? "#b3a37d" : "#e7dcbf", stroke: "#5b4b2b" }));
    castle.append(svg("text", { x: cx + 14, y: y + 14, "font-size": 11, "font-weight": 600 },
      `${label(section)}: ${view.castle.filled[section]} built${counted ? " (counted)" : ""}`));
    // What a batch gives in this section, at the section's right.
    const sections = glyphsOf(kit, "castle").sections || {};
    if (sections[section]) castle.append(glyphRow(sections[section], cx + 268, y + 11, 10, 88, "end"));
    let dx = 0;
    view.seats.forEach((seat) => {
      const n = seat.castle_parts[section];
      if (!n) return;
      castle.append(disc(seat.name, cx + 20 + dx, y + 26, 7));
      castle.append(svg("text", { x: cx + 30 + dx, y: y + 30, "font-size": 11 }, `×${n}`));
      dx += 44;
    });
  });
  const waiting = view.castle.workers.map((w) => names[w]);
  castle.append(svg("text", { x: cx + 10, y: cy + 186, "font-size": 11 }, "Workers here: "));
  waiting.forEach((n, k) => castle.append(disc(n, cx + 100 + k * 24, cy + 182, 9)));
  root.append(kit.clickable(castle, "special:castle", "Castle"));

  // -- the road ---------------------------------------------------------------------------------------------
  root.append(svg("text", { x: 20, y: 236, class: "area-title" }, "The road (from the bridge)"));
  for (const space of view.road) {
    const [x, y] = spaceXY(space.space);
    const g = svg("g", { "data-space": space.space, ...(space.tile ? { "data-building": space.tile } : {}) });
    g.append(svg("rect", { x, y, width: SPACE_W, height: SPACE_H, rx: 5, fill: fillOf(kit, space.tile), stroke: "#6b5a3a" }));
    g.append(svg("text", { x: x + 4, y: y + 11, "font-size": 9, fill: "#444" }, String(space.space)));
    if (space.tile) {
      // The name, what a worker here gets (the middle row), what it cost and gave its builder (the bottom row).
      g.append(wrapped(kit.name(space.tile), x + SPACE_W / 2, y + 16, SPACE_W - 30, 10, { "font-weight": 600 }));
      const gl = glyphsOf(kit, space.tile);
      g.append(glyphRow(gl.gives, x + SPACE_W / 2, y + 36, 11, SPACE_W - 8));
      g.append(glyphRow([...gl.cost, ...(gl.cost.length && gl.built.length ? [["to", 0]] : []), ...gl.built],
        x + 4, y + 54, 8, SPACE_W - 30, "start"));
    }
    if (space.owner !== null) {
      const o = names[space.owner];
      g.append(svg("rect", { x: x + SPACE_W - 18, y: y + 2, width: 16, height: 12, fill: "#fff", stroke: "#000", rx: 2 }));
      g.append(disc(o, x + SPACE_W - 10, y + 8, 6));
    }
    if (space.worker !== null) g.append(disc(names[space.worker], x + SPACE_W - 13, y + SPACE_H - 12, 10, { class: "disc worker" }));
    const target = space.tile ? `tile:${space.tile}` : null;
    const node = target ? kit.clickable(g, target, kit.name(space.tile)) : g;
    // A provost move names a space, built or not: the same element answers both.
    root.append(kit.clickable(node, `space:${space.space}`, `Space ${space.space}`));
  }
  // Provost and bailiff: a flag under their space.
  const marker = (n, text, fill, dy) => {
    const [x, y] = spaceXY(Math.max(1, Math.min(28, n)));
    return svg("g", { class: "marker" },
      svg("title", {}, `${text} on space ${n}`),
      svg("rect", { x: x + 2, y: y + SPACE_H + dy, width: 60, height: 15, rx: 3, fill, stroke: "#000" }),
      svg("text", { x: x + 32, y: y + SPACE_H + dy + 11, "font-size": 10, "text-anchor": "middle", fill: "#fff", "font-weight": 700 }, text));
  };
  root.append(marker(view.bailiff, "Bailiff", "#6d3b16", 2));
  root.append(marker(view.provost, "Provost", "#7a1f1f", 18));

  // -- the favor table --------------------------------------------------------------------------------------
  const fx = 20, fy = lowY;
  root.append(svg("text", { x: fx, y: fy - 8, class: "area-title" },
    view.options.favors === "simplified" ? "Royal favors (simplified: 3 prestige each)" : "Favor table"));
  const cells = (glyphsOf(kit, "favor_table").lines) || {};
  const simplified = view.options.favors === "simplified";
  Object.keys(view.seats[0].favors).forEach((line, k) => {  // the lines of the favor table, top to bottom
    const y = fy + k * FAVOR_H;
    const g = svg("g", { "data-building": "favor_table", "data-favor-line": line });
    g.append(svg("rect", { x: fx, y, width: 460, height: FAVOR_H - 3, rx: 3, fill: "#efe2c4", stroke: "#8c7a55" }));
    g.append(svg("text", { x: fx + 6, y: y + 14, "font-size": 11, "font-weight": 600 }, label(line)));
    for (let c = 1; c <= 5; c++) {
      g.append(svg("line", { x1: fx + 60 + c * 66, y1: y, x2: fx + 60 + c * 66, y2: y + FAVOR_H - 3, stroke: "#c8b58c" }));
      // What the column gives, in its cell (the simplified favors give 3 prestige whatever the column).
      if (!simplified && cells[line]) g.append(glyphRow(cells[line][c - 1], fx + 60 + c * 66 + 33, y + 10, 10, 60));
    }
    // Each seat's marker side by side in its column, under what the column gives (a column is 66 wide: room for
    // five markers; column 0, before the first, begins after the line's name).
    view.seats.forEach((seat, p) => {
      const col = seat.favors[line];
      g.append(disc(seat.name, fx + 73 + col * 66 + p * 11, y + 25, 6));
    });
    root.append(kit.clickable(g, `favor:${line}`, `Favor line: ${label(line)}`));
  });

  // -- the stock --------------------------------------------------------------------------------------------
  const sx = 500, sy = lowY;
  root.append(svg("text", { x: sx, y: sy - 8, class: "area-title" }, "Stock (buildings to build)"));
  view.stock.forEach((tile, k) => {
    const x = sx + (k % 6) * 82, y = sy + Math.floor(k / 6) * STOCK_H;
    const g = svg("g", { "data-building": tile });
    const gl = glyphsOf(kit, tile);
    g.append(svg("rect", { x, y, width: 78, height: STOCK_H - 3, rx: 3, fill: fillOf(kit, tile), stroke: "#6b5a3a" }));
    g.append(svg("text", { x: x + 39, y: y + 11, "font-size": 9.5, "text-anchor": "middle", "font-weight": 600 }, kit.name(tile).slice(0, 17)));
    // The cost, then what building it gives (prestige, favor, income), then what a worker on it gets.
    g.append(glyphRow([...gl.cost, ["to", 0], ...gl.built], x + 39, y + 24, 9, 74));
    g.append(glyphRow(gl.gives, x + 39, y + 38, 9, 74));
    root.append(kit.clickable(g, `stock:${tile}`, `Build ${kit.name(tile)}`));
  });
  return root;
}

// The places on the board an event names (what happened since your last move is outlined there).
export function touched(event) {
  const out = [];
  if (typeof event.building === "string") out.push(`[data-building="${event.building}"]`);
  if (Number.isInteger(event.space)) out.push(`[data-space="${event.space}"]`);
  if (event.kind === "favor" || event.kind === "favor_line") out.push(`[data-building="favor_table"]`);
  return out;
}

// One line per player for the panel beside the board.
export function playerFacts(seat) {
  const c = seat.cubes;
  return [
    ["deniers", seat.deniers], ["food", c.food], ["wood", c.wood], ["stone", c.stone], ["cloth", c.cloth],
    ["gold", c.gold], ["workers", seat.workers], ["houses", seat.houses], ["prestige", seat.prestige],
  ];
}

export function phaseText(view) {
  return `Turn ${view.turn} · ${label(view.phase)} phase`;
}

export function turnOrder(view) {
  return view.turn_order;
}
