// Small helpers to build SVG and HTML, and each player's colour and letter (colour is never the only signal).

const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return node;
}

export function html(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return node;
}

// Replace a node's children; absent ones (null, undefined, false) are left out, where the DOM's own
// replaceChildren would show them as the text "null".
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

// Player colours by the name the engine gives each seat; the letter is drawn beside the colour everywhere. Every
// two of an edition stay apart for protanopes, deuteranopes and tritanopes (caylus/web/colourblind.py, checked by
// tests/web/test_colourblind.py): mostly Okabe-Ito shades, with a deeper red and blue, since Okabe-Ito's
// vermilion and orange nearly meet for deuteranopes and its blue and green for tritanopes.
const COLOURS = {
  Blue: { fill: "#1f4e9c", ink: "#fff", letter: "B" },
  Red: { fill: "#cc3311", ink: "#fff", letter: "R" },
  Green: { fill: "#009e73", ink: "#fff", letter: "G" },
  Orange: { fill: "#e69f00", ink: "#000", letter: "O" },
  Black: { fill: "#2b2b2b", ink: "#fff", letter: "K" },
  Yellow: { fill: "#f0e442", ink: "#000", letter: "Y" },
  White: { fill: "#f4f4f4", ink: "#000", letter: "W" },
  Purple: { fill: "#7b3fa0", ink: "#fff", letter: "P" },
};
const FALLBACK = { fill: "#888", ink: "#fff", letter: "?" };

export function colourOf(name) {
  return COLOURS[name] || { ...FALLBACK, letter: (name || "?")[0].toUpperCase() };
}

// A player's disc: the colour with the letter on it, and the name for screen readers and tooltips.
export function disc(name, x, y, r = 9, extra = {}) {
  const c = colourOf(name);
  return svg("g", { class: "disc", ...extra },
    svg("title", {}, name),
    svg("circle", { cx: x, cy: y, r, fill: c.fill, stroke: "#000", "stroke-width": 1 }),
    svg("text", { x, y: y + r * 0.38, "text-anchor": "middle", "font-size": r * 1.1, "font-weight": 700, fill: c.ink }, c.letter));
}

// Human words for an engine identifier: "neutral_quarry" -> "Neutral quarry".
export function label(id) {
  if (id === null || id === undefined) return "";
  const text = String(id).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A line of text that fits a box: long names wrap onto two lines.
export function wrapped(text, x, y, width, size = 11, attrs = {}) {
  const words = text.split(" ");
  const perLine = Math.max(4, Math.floor(width / (size * 0.55)));
  const lines = [];
  let line = "";
  for (const w of words) {
    if ((line + " " + w).trim().length > perLine && line) { lines.push(line); line = w; }
    else line = (line + " " + w).trim();
  }
  if (line) lines.push(line);
  const shown = lines.slice(0, 3);
  return svg("text", { x, y: y - ((shown.length - 1) * size) / 2, "text-anchor": "middle", "font-size": size, ...attrs },
    shown.map((l, i) => svg("tspan", { x, dy: i === 0 ? 0 : size * 1.05 }, l)));
}

// ------------------------------------------------------------------------------------------------- glyphs
// What a building costs and gives, drawn from the server's glyphs (docs/glyphs.md): each cube in its colour with
// its letter (colour is never the only signal), a denier coin, a prestige shield, a favor crown, a little house
// for "build", and the signs → (pay, then get) and / (or).
const CUBE = {
  food: { fill: "#e88fb4", ink: "#000", letter: "F" }, wood: { fill: "#8a5a2b", ink: "#fff", letter: "W" },
  stone: { fill: "#9ea3a8", ink: "#000", letter: "S" }, cloth: { fill: "#6a4c9c", ink: "#fff", letter: "C" },
  fabric: { fill: "#6a4c9c", ink: "#fff", letter: "C" }, gold: { fill: "#f2c500", ink: "#000", letter: "G" },
  cube: { fill: "#fff", ink: "#000", letter: "?" }, any: { fill: "#fff", ink: "#000", letter: "*" },
};
const BUILD = { wood: "#c99a5b", stone: "#a7a9ad", prestige: "#6d8fc7", residence: "#7fb27a", any: "#e9dcc0" };
const WORDS = { food: "food", wood: "wood", stone: "stone", cloth: "cloth", fabric: "fabric", gold: "gold",
  cube: "cube (not gold)", any: "cube of any kind", denier: "denier", prestige: "prestige", favor: "royal favor",
  income: "denier of income a turn", worker: "worker", token: "castle token", provost: "steps of the provost",
  place: "free space of the road, anywhere", order: "first place in the next turn order" };

// The glyphs' words, for a title (what a screen reader or a long press reads).
export function glyphWords(list) {
  return (list || []).map(([what, n]) => {
    if (what === "to") return "→";
    if (what === "or") return "or";
    if (what === "build") return `build a ${n} building`;
    return `${n} ${WORDS[what] || what}`;
  }).join(" ");
}

function one([what, n], x, y, s) {
  // One glyph whose left edge is x and middle y, s high; returns [node, width].
  const count = (text, at) => svg("text", { x: at, y: y + s * 0.36, "font-size": s * 0.95, "font-weight": 700 }, text);
  if (what === "to" || what === "or") {
    return [svg("text", { x: x + s * 0.35, y: y + s * 0.36, "font-size": s, "text-anchor": "middle", fill: "#333" },
      what === "to" ? "→" : "/"), s * 0.7];
  }
  if (CUBE[what]) {
    const c = CUBE[what];
    const label = n === 1 ? "" : n < 0 ? `−${-n}` : String(n);
    const w = label.length * s * 0.58;
    return [svg("g", { class: `glyph cube-${what}` }, label ? count(label, x) : null,
      svg("rect", { x: x + w, y: y - s / 2, width: s, height: s, rx: s * 0.15, fill: c.fill, stroke: "#000", "stroke-width": 0.8 }),
      svg("text", { x: x + w + s / 2, y: y + s * 0.33, "font-size": s * 0.78, "text-anchor": "middle", "font-weight": 700, fill: c.ink }, c.letter)),
      w + s];
  }
  if (what === "denier" || what === "income") {
    const label = what === "income" ? `+${n}` : n < 0 ? `−${-n}` : String(n);
    const r = s * 0.58;
    const w = Math.max(2 * r, label.length * s * 0.55 + 3);
    return [svg("g", { class: `glyph ${what}` },
      svg("ellipse", { cx: x + w / 2, cy: y, rx: w / 2, ry: r, fill: "#f6d365", stroke: "#7a5a00", "stroke-width": what === "income" ? 1.6 : 0.8,
        "stroke-dasharray": what === "income" ? "2 1.2" : null }),
      svg("text", { x: x + w / 2, y: y + s * 0.33, "font-size": s * 0.85, "text-anchor": "middle", "font-weight": 700 }, label)), w];
  }
  if (what === "prestige") {
    const w = Math.max(s * 1.1, String(n).length * s * 0.6 + 2), h = s * 1.2, t = y - h / 2;
    return [svg("g", { class: "glyph prestige" },
      svg("path", { d: `M${x} ${t} h${w} v${h * 0.55} q0 ${h * 0.3} ${-w / 2} ${h * 0.45} q${-w / 2} ${-h * 0.15} ${-w / 2} ${-h * 0.45} z`,
        fill: "#1f4e9c", stroke: "#000", "stroke-width": 0.6 }),
      svg("text", { x: x + w / 2, y: y + s * 0.22, "font-size": s * 0.8, "text-anchor": "middle", "font-weight": 700, fill: "#fff" }, String(n))), w];
  }
  if (what === "favor") {
    const w = s * 1.2, b = y + s * 0.5, t = y - s * 0.5;
    const label = n === 1 ? "" : String(n);
    const lw = label.length * s * 0.58;
    return [svg("g", { class: "glyph favor" }, label ? count(label, x) : null,
      svg("path", { d: `M${x + lw} ${b} L${x + lw} ${t + s * 0.25} L${x + lw + w * 0.25} ${y} L${x + lw + w / 2} ${t} L${x + lw + w * 0.75} ${y} L${x + lw + w} ${t + s * 0.25} L${x + lw + w} ${b} Z`,
        fill: "#b0126b", stroke: "#000", "stroke-width": 0.6 })), lw + w];
  }
  if (what === "token") {  // a castle token: a little tower
    const w = s * 0.9, t = y - s / 2, c = w / 5;
    const label = n === 1 ? "" : String(n);
    const lw = label.length * s * 0.58, x0 = x + lw;
    return [svg("g", { class: "glyph token" }, label ? count(label, x) : null,
      svg("path", { d: `M${x0} ${t + s} V${t} h${c} v${s * 0.2} h${c} v${-s * 0.2} h${c} v${s * 0.2} h${c} v${-s * 0.2} h${c} V${t + s} Z`,
        fill: "#7d6e57", stroke: "#000", "stroke-width": 0.7 })), lw + w];
  }
  if (what === "worker" || what === "provost") {  // a worker from the camp; the provost moved up to n steps
    const label = what === "provost" ? `±${n}` : n === 1 ? "" : n < 0 ? `−${-n}` : String(n);
    const lw = label.length * s * 0.58, w = s * 0.8, x0 = x + lw;
    const fill = what === "provost" ? "#7a1f1f" : "#f4efe2";
    return [svg("g", { class: `glyph ${what}` }, label ? count(label, x) : null,
      svg("circle", { cx: x0 + w / 2, cy: y - s * 0.25, r: s * 0.22, fill, stroke: "#000", "stroke-width": 0.7 }),
      svg("path", { d: `M${x0} ${y + s / 2} Q${x0} ${y - s * 0.05} ${x0 + w / 2} ${y - s * 0.05} Q${x0 + w} ${y - s * 0.05} ${x0 + w} ${y + s / 2} Z`,
        fill, stroke: "#000", "stroke-width": 0.7 })), lw + w];
  }
  if (what === "place") {  // any free space of the road: an empty space, dashed
    const w = s * 1.3, t = y - s / 2;
    return [svg("g", { class: "glyph place" },
      svg("rect", { x, y: t, width: w, height: s, rx: s * 0.12, fill: "#fff", stroke: "#000", "stroke-width": 0.8, "stroke-dasharray": `${s * 0.18} ${s * 0.12}` }),
      svg("text", { x: x + w / 2, y: y + s * 0.33, "font-size": s * 0.75, "text-anchor": "middle", "font-weight": 700 }, "?")), w];
  }
  if (what === "order") {  // a first place in the turn order: a pennant with "1st"
    const w = s * 1.9, t = y - s / 2;
    return [svg("g", { class: "glyph order" },
      svg("path", { d: `M${x} ${t} H${x + w} L${x + w - s * 0.35} ${y} L${x + w} ${t + s} H${x} Z`, fill: "#2f5d3a", stroke: "#000", "stroke-width": 0.7 }),
      svg("text", { x: x + w * 0.42, y: y + s * 0.3, "font-size": s * 0.72, "text-anchor": "middle", "font-weight": 700, fill: "#fff" }, "1st")), w];
  }
  if (what === "build") {
    const w = s * 1.1, t = y - s / 2;
    return [svg("g", { class: `glyph build-${n}` },
      svg("path", { d: `M${x} ${t + s * 0.4} L${x + w / 2} ${t - s * 0.05} L${x + w} ${t + s * 0.4} L${x + w} ${t + s} L${x} ${t + s} Z`,
        fill: BUILD[n] || BUILD.any, stroke: "#000", "stroke-width": 0.8 }),
      svg("rect", { x: x + w * 0.38, y: t + s * 0.6, width: w * 0.24, height: s * 0.4, fill: "#000" })), w];
  }
  return [svg("text", { x, y: y + s * 0.36, "font-size": s }, `${n} ${what}`), s * 3];
}

// A row of glyphs centred on cx (or starting at cx when align is "start", ending there when "end"), shrunk to fit `width`.
export function glyphRow(list, cx, y, s, width, align = "middle") {
  const g = svg("g", { class: "glyphs" });
  if (!list || !list.length) return g;
  g.append(svg("title", {}, glyphWords(list)));
  let at = 0;
  const inner = svg("g", {});
  list.forEach((glyph, k) => {
    const [node, w] = one(glyph, at, 0, s);
    inner.append(node);
    at += w + (k < list.length - 1 ? s * 0.22 : 0);
  });
  const scale = Math.min(1, width / at);
  const left = align === "start" ? cx : align === "end" ? cx - at * scale : cx - (at * scale) / 2;
  inner.setAttribute("transform", `translate(${left} ${y}) scale(${scale})`);
  g.append(inner);
  return g;
}
