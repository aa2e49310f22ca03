// "Your turn" as a system notification (the browser's Notification API), only while the page is hidden: a player
// in another tab or window learns that the game waits for them. Permission is asked once, on the player's own
// click (browsers refuse a request made without one); a refusal is kept and never asked again.
export function askToNotify() {
  if (!("Notification" in window) || Notification.permission !== "default") return;
  try { Notification.requestPermission().catch(() => {}); } catch { /* an old browser's callback form */ }
}

// Called when the seat's turn begins (it was not to move in the state before).
export function tellTurn(tableId, title) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const note = new Notification("Your turn", { body: `${title}: your move at table ${tableId}`, tag: `caylus-${tableId}` });
    note.onclick = () => { window.focus(); note.close(); };
  } catch { /* a browser that allows notifications only from a service worker */ }
}
