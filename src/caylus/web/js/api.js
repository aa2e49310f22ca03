// The server's HTTP and WebSocket API (docs/server.md), as small promises. Errors carry the server's message.

export class ApiError extends Error {}

// A seat's token travels in the Authorization header (never in a URL: addresses end up in logs and histories).
async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const detail = data && (data.error || data.detail);
    const error = new ApiError(typeof detail === "string" ? detail : `the server answered ${response.status}`);
    error.status = response.status;  // 429: busy, ask again later
    throw error;
  }
  return data;
}

const t = (id) => `/api/tables/${encodeURIComponent(id)}`;  // a table's address (an id from a link is never raw path)

export const api = {
  editions: () => call("GET", "/api/editions"),
  tables: () => call("GET", "/api/tables"),
  create: (spec) => call("POST", "/api/tables", spec),
  state: (id, token) => call("GET", t(id), undefined, token),
  move: (id, token, version, action) => call("POST", `${t(id)}/moves`, { version, action }, token),
  undo: (id, token, version) => call("POST", `${t(id)}/undo`, { version }, token),
  hint: (id, token) => call("GET", `${t(id)}/hint`, undefined, token),
  buildings: (id, token) => call("GET", `${t(id)}/buildings`, undefined, token),
  rematch: (id, token) => call("POST", `${t(id)}/rematch`, undefined, token),
  takeBack: (id, token) => call("POST", `${t(id)}/take-back`, undefined, token),  // play a seat a bot took again
  close: (id, ownerToken) => call("DELETE", t(id), undefined, ownerToken),  // the creator's token, no seat's
  recordUrl: (id) => `${t(id)}/record`,
  record: async (id) => {
    const response = await fetch(`${t(id)}/record`);
    if (!response.ok) {
      let detail = null;
      try { detail = (await response.json()).error; } catch { /* not JSON */ }
      throw new ApiError(detail || `the server answered ${response.status}`);
    }
    return response.text();
  },
  replay: (record, step, seat) => call("POST", "/api/replay", { record, step, seat }),
  // A finished table's review: {status: "done", review} once made, {status: "running", done, total} meanwhile.
  review: (id, level) => call("POST", `${t(id)}/review?${new URLSearchParams({ level })}`),
  keptReview: (id, level) => call("GET", `${t(id)}/review?${new URLSearchParams({ level })}`),
  playOn: (record, step, seats) => call("POST", "/api/replay/tables", { record, step, seats }),
  ratings: (edition, kind) => call("GET", `/api/ratings?${new URLSearchParams({ edition, kind })}`),
  // Players (docs/server.md, "Players"): the key goes in the Authorization header like a seat's token.
  newPlayer: (name) => call("POST", "/api/players", { name }),
  me: (key) => call("GET", "/api/players/me", undefined, key),
  myTurns: (key) => call("GET", "/api/players/me/turns", undefined, key),
  player: (id) => call("GET", `/api/players/${encodeURIComponent(id)}`),
  webhook: (key) => call("GET", "/api/players/me/webhook", undefined, key),
  setWebhook: (key, url) => call("PUT", "/api/players/me/webhook", { url }, key),
  removeWebhook: (key) => call("DELETE", "/api/players/me/webhook", undefined, key),
  join: (id, key, seatToken) => call("POST", `${t(id)}/join`, { seat_token: seatToken }, key),
};

// A live feed of a table's states over the WebSocket; it reconnects by itself and says when it is connected.
export function liveFeed(id, token, onState, onStatus) {
  let socket = null, closed = false, delay = 500;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(id)}`);
    // The token goes in the first message (a spectator sends none): the connection is then the seat's.
    socket.onopen = () => { delay = 500; if (token) socket.send(JSON.stringify({ type: "hello", token })); onStatus(true); };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      const state = message && message.state ? message.state : message;
      if (state && typeof state.version === "number") onState(state);
    };
    socket.onclose = () => {
      onStatus(false);
      if (!closed) { setTimeout(open, delay); delay = Math.min(delay * 2, 8000); }
    };
  };
  open();
  return { close() { closed = true; if (socket) socket.close(); } };
}
