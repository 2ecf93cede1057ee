// Realtime for the documents view: writes by any client (the server's /realtime events, which the
// session cookie opens) reload the page shown; the view's own writes do not.
import { request } from "./api.js";

/**
 * The view's writes, remembered so their events do not reload the page a second time (and under
 * the user's hands): "id@version" of each document stored, "id@deleted" of each deleted.
 * `write` takes request()'s arguments and, last, the ids it writes and the version it expects.
 */
export function ownWrites() {
  const own = new Set();
  let posts = 0;
  async function write(method, path, opts = {}, { ids = [], version } = {}) {
    for (const docId of ids) own.add(method === "DELETE" ? `${docId}@deleted` : `${docId}@${version}`);
    if (method === "POST") posts += 1;
    try {
      const answer = await request(method, path, opts);
      if (answer.body && answer.body._id !== undefined) own.add(`${answer.body._id}@${answer.body._version}`);
      return answer;
    } finally {
      if (method === "POST") posts -= 1;
    }
  }
  function isOwn(type, data) {
    if (type === "delete") return Array.isArray(data) && data.length > 0 && data.every((docId) => own.has(`${docId}@deleted`));
    if (!data || data._id === undefined) return false;
    return own.has(`${data._id}@${data._version}`) || (type === "post" && posts > 0);
  }
  return { write, isOwn };
}

/**
 * Calls `reload()` a quarter second after the last write to `collection` that `isOwn` does not
 * claim; while `busy()` (a row is being edited or added) it waits, and says so in `live`. It stops
 * when the route changes or `alive()` turns false.
 */
export function followWrites({ collection, isOwn, live, alive, busy, reload }) {
  if (typeof EventSource !== "function") return;
  const events = new EventSource("/realtime");
  let timer = null;
  const stop = () => { clearTimeout(timer); events.close(); };
  window.addEventListener("hashchange", stop, { once: true });
  const due = () => {
    if (!alive()) { stop(); return; }
    if (busy()) {
      live.textContent = "Changed by another client; the page reloads after your edit.";
      timer = setTimeout(due, 1000);
      return;
    }
    live.textContent = `Updated live at ${new Date().toLocaleTimeString()}`;
    reload().finally(() => { delete live.dataset.pending; });
  };
  const onWrite = (event) => {
    let data = null;
    try { data = JSON.parse(event.data); } catch { return; }
    if (!data || data.collection !== collection || isOwn(event.type, data.data)) return;
    clearTimeout(timer);
    live.dataset.pending = "true";  // a reload is due (tests wait for it to pass)
    timer = setTimeout(due, 250);
  };
  for (const type of ["post", "put", "delete"]) events.addEventListener(type, onWrite);
}
