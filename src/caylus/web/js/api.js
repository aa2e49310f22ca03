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
// `request(message)` sends a move or an undo on the socket (docs/server.md, "The live feed"): it resolves with
// the first state pushed past the message's version (the move's answer), and rejects with the server's refusal
// (an ApiError with its `code`), or with `down` true when the socket is not open or closes before an answer (the
// caller then asks by HTTP: whether the move was stored is read from the table, never guessed).
export function liveFeed(id, token, onState, onStatus, onRefusal = () => {}) {
  let socket = null, closed = false, delay = 500, pending = null, asked = 0;
  const settle = (outcome) => {
    if (!pending) return;
    const { resolve, reject, timer } = pending;
    pending = null;
    clearTimeout(timer);
    if (outcome instanceof Error) reject(outcome); else resolve(outcome);
  };
  const down = (why) => { const error = new ApiError(why); error.down = true; return error; };
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(id)}`);
    // The token goes in the first message (a spectator sends none): the connection is then the seat's.
    socket.onopen = () => { delay = 500; if (token) socket.send(JSON.stringify({ type: "hello", token })); onStatus(true); };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message && message.type === "error") {
        const error = new ApiError(typeof message.error === "string" ? message.error : "the server refused it");
        error.code = message.code;
        error.retryAfter = message.retry_after;
        // The server repeats the id of the message it refuses; a refusal of an earlier move (answered already by
        // someone else's newer state) is still said.
        if (pending && message.id === pending.id) settle(error);
        else if (message.id !== undefined) onRefusal(error);
        return;
      }
      const state = message && message.state ? message.state : message;
      if (state && typeof state.version === "number") {
        onState(state);
        if (pending && state.version > pending.version) settle(state);
      }
    };
    socket.onclose = () => {
      settle(down("the connection closed before the server answered"));
      onStatus(false);
      if (!closed) { setTimeout(open, delay); delay = Math.min(delay * 2, 8000); }
    };
  };
  open();
  return {
    close() { closed = true; if (socket) socket.close(); },
    // One message at a time (the page sends its next move once this one is answered).
    request(message, timeoutMs = 15000) {
      if (!socket || socket.readyState !== WebSocket.OPEN || pending) return Promise.reject(down("not connected"));
      return new Promise((resolve, reject) => {
        const sent = { ...message, id: ++asked };
        pending = { id: sent.id, version: message.version, resolve, reject,
          timer: setTimeout(() => settle(down("no answer on the connection")), timeoutMs) };
        try { socket.send(JSON.stringify(sent)); } catch { settle(down("the connection refused the message")); }
      });
    },
  };
}
