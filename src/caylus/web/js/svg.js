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

// Player colours by the name the engine gives each seat; the letter is drawn beside the colour everywhere.
const COLOURS = {
  Blue: { fill: "#2f6fd0", ink: "#fff", letter: "B" },
  Red: { fill: "#c8372d", ink: "#fff", letter: "R" },
  Green: { fill: "#2e8b45", ink: "#fff", letter: "G" },
  Orange: { fill: "#e8891c", ink: "#000", letter: "O" },
  Black: { fill: "#2b2b2b", ink: "#fff", letter: "K" },
  Yellow: { fill: "#e6c619", ink: "#000", letter: "Y" },
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
