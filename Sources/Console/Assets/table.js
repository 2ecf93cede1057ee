// The documents view: a paged, sortable table with query boxes, typed inline editors,
// add, delete (one or the selected), and optimistic-concurrency saves (If-Match → 409).
import { get, request, restPath, uploadMedia, APIError } from "./api.js";
import { h, clear, id, announce, confirmDialog, count, plural, prose } from "./dom.js";

const SYSTEM = new Set(["_id", "_created", "_changed", "_createdby", "_changedby", "_version"]);
const PAGE_SIZES = [10, 20, 50, 100];

/** The table's state <-> the URL's query parameters (so a view can be linked and turned into code). */
export function stateFromParams(params) {
  const num = (name, fallback) => {
    const n = Number.parseInt(params.get(name) || "", 10);
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  return {
    skip: num("skip", 0), max: num("max", 20) || 20,
    sort: params.get("sort") || "", dir: params.get("dir") === "-1" ? -1 : 1,
    q: params.get("q") || "", h: params.get("h") || "", filter: params.get("filter") || "",
  };
}

export function paramsFromState(state) {
  const p = new URLSearchParams();
  if (state.q) p.set("q", state.q);
  if (state.h) p.set("h", state.h);
  if (state.filter) p.set("filter", state.filter);
  if (state.sort) { p.set("sort", state.sort); p.set("dir", String(state.dir)); }
  if (state.skip) p.set("skip", String(state.skip));
  p.set("max", String(state.max));
  return p;
}

/** The type an editor uses for a field: the schema's, else guessed from the value. */
function fieldType(name, schemaTypes, value) {
  if (schemaTypes.has(name)) return schemaTypes.get(name);
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "number" : "float_number";
  if (value !== null && typeof value === "object") return "json";
  return "text";
}

/** An image field's media ids as small thumbnails (at most three), each a link to its file. */
function mediaCell(value) {
  const ids = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === "string" && /^[0-9a-f]{24}$/.test(v));
  if (ids.length === 0) return cellText(value);
  return h("span", { class: "media-cell" }, ids.slice(0, 3).map((mediaId) =>
    h("a", { href: `/media/${mediaId}`, target: "_blank", rel: "noopener", title: mediaId },
      h("img", { src: `/media/${mediaId}?s=t`, alt: `media ${mediaId}`, class: "mini", loading: "lazy", width: 32, height: 32 }))),
  ids.length > 3 ? h("span", { class: "muted" }, ` +${ids.length - 3}`) : null);
}

/** Values longer than this show shortened, with the full value a click (or Enter) away. */
const SHORT = 40;

function cellText(value) {
  if (value === undefined) return h("span", { class: "muted" }, "—");
  if (value === null) return h("span", { class: "muted" }, "null");
  if (typeof value === "boolean") return h("span", { class: `bool b-${value}` }, value ? "true" : "false");
  const json = typeof value === "object";
  const text = json ? JSON.stringify(value) : String(value);
  if (text.length <= SHORT) return json ? h("code", { class: "json" }, text) : text;
  const full = json ? h("pre", { class: "json-block" }, JSON.stringify(value, null, 2)) : h("span", { class: "full" }, text);
  return h("details", { class: "long" }, h("summary", { title: "Show the full value" }, `${text.slice(0, SHORT - 1)}…`), full);
}

/** A value that cannot be read from its input; the editor marks that input. */
class FieldInputError extends Error {
  constructor(field, message) {
    super(message);
    this.field = field;
  }
}

/** An input for one field; read() returns the value or throws an Error naming the field. */
function editor(name, type, value, labelPrefix) {
  const label = `${labelPrefix} ${name}`;
  let input;
  let read;
  switch (type) {
    case "bool":
      input = h("input", { type: "checkbox", checked: value === true, "aria-label": label });
      read = () => input.checked;
      break;
    case "number":
    case "float_number":
      input = h("input", { type: "number", step: type === "number" ? "1" : "any", value: value ?? "", "aria-label": label, inputmode: type === "number" ? "numeric" : "decimal" });
      read = () => {
        if (input.validity.badInput) throw new FieldInputError(name, `${name} must be a number`);
        if (input.value === "") return null;
        const n = Number(input.value);
        if (!Number.isFinite(n)) throw new FieldInputError(name, `${name} must be a number`);
        return n;
      };
      break;
    case "date": {
      // Shown and entered in UTC; restlite stores 2015-11-08T08:58:51.000Z.
      // The input asks for seconds and milliseconds only when the stored value has them: a
      // new date takes date, hours and minutes (seconds are 0). A half-filled input has no
      // value at all (the browser's badInput), which is refused at the field, never dropped.
      const local = typeof value === "string" ? value.replace(/Z$/, "").replace(/([+-]\d\d:\d\d)$/, "").slice(0, 23) : "";
      const precise = /\.\d*[1-9]/.test(local) ? "0.001" : /:\d\d:\d\d/.test(local) && !/:00(\.0*)?$/.test(local) ? "1" : null;
      input = h("input", { type: "datetime-local", step: precise, value: local, "aria-label": `${label} (UTC)` });
      read = () => {
        if (input.validity.badInput) throw new FieldInputError(name, `${name}: fill in the whole date and time (hours and minutes at least), or clear it`);
        if (!input.value) return null;
        let v = input.value;
        if (v.length === 16) v += ":00";
        if (v.length === 19) v += ".000";
        return `${v}Z`;
      };
      break;
    }
    case "image":
    case "file": {
      // Media ids (as restdb stores image and file fields), plus an upload that adds to them.
      const ids = Array.isArray(value) ? value.filter((v) => typeof v === "string") : typeof value === "string" && value ? [value] : [];
      const text = h("input", { type: "text", value: ids.join(" "), "aria-label": `${label} (media ids)`, spellcheck: "false", class: "mono" });
      const pick = h("input", { type: "file", multiple: true, "aria-label": `Upload files into ${name}`, accept: type === "image" ? "image/*" : null });
      const note = h("span", { class: "hint", role: "status" });
      pick.addEventListener("change", async () => {
        if (pick.files.length === 0) return;
        note.textContent = "Uploading…";
        try {
          const ids = await uploadMedia(pick.files);
          text.value = [...text.value.split(/[\s,]+/).filter(Boolean), ...ids].join(" ");
          note.textContent = `${plural(ids.length, "file")} uploaded`;
        } catch (error) {
          note.textContent = `Not uploaded: ${error.message}`;
        }
        pick.value = "";
      });
      input = h("span", { class: "media-edit" }, text, pick, note);
      input.focus = (options) => text.focus(options);
      read = () => text.value.split(/[\s,]+/).filter(Boolean);
      break;
    }
    case "json":
      input = h("textarea", { rows: 2, spellcheck: "false", "aria-label": `${label} (JSON)`, class: "json-edit" });
      input.value = value === undefined ? "" : JSON.stringify(value);
      read = () => {
        if (input.value.trim() === "") return null;
        try { return JSON.parse(input.value); } catch (error) { throw new FieldInputError(name, `${name} is not valid JSON: ${error.message}`); }
      };
      break;
    default:
      input = h("input", { type: "text", value: value ?? "", "aria-label": label, spellcheck: "false" });
      read = () => input.value;
  }
  input.dataset.field = name;
  return { input, read };
}

/** Reads every editor; a value that cannot be read is marked at its field and rethrown. */
function readEditors(editors, each) {
  for (const e of editors) {
    e.input.removeAttribute("aria-invalid");
    const cell = e.input.closest("td");
    if (cell) for (const old of cell.querySelectorAll(".field-error")) old.remove();
  }
  for (const e of editors) {
    try {
      each(e, e.read());
    } catch (error) {
      if (error instanceof FieldInputError) {
        e.input.setAttribute("aria-invalid", "true");
        const note = h("span", { class: "field-error", role: "alert" }, error.message);
        (e.input.closest("td") || e.input.parentNode).append(note);
        e.input.focus();
      }
      throw error;
    }
  }
}

export async function documentsView(main, name, params, { collectionHead, setTitle, token }) {
  setTitle(name);
  const state = stateFromParams(params);
  let schemaTypes = new Map();
  let schemaFields = [];
  let docs = [];
  let totals = { total: 0, count: 0, skip: 0, max: state.max };
  const selected = new Set();

  // ---- query form
  const qId = id("q"), hId = id("h"), fId = id("filter"), qErrId = id("qerr");
  const qInput = h("input", { id: qId, name: "q", value: state.q, spellcheck: "false", autocomplete: "off", placeholder: '{"rating":{"$gte":4}}', "aria-describedby": qErrId, class: "mono" });
  const hInput = h("input", { id: hId, name: "h", value: state.h, spellcheck: "false", autocomplete: "off", placeholder: '{"$fields":{"catName":1}}', "aria-describedby": qErrId, class: "mono" });
  const filterInput = h("input", { id: fId, name: "filter", type: "search", value: state.filter, autocomplete: "off", placeholder: "text anywhere" });
  const queryError = h("div", { id: qErrId, class: "error inline", role: "alert", hidden: true });
  const queryForm = h("form", { class: "query", role: "search", "aria-label": `Query ${name}` },
    h("div", { class: "field q" }, h("label", { for: qId }, h("abbr", { title: "query" }, "q"), " query"), qInput),
    h("div", { class: "field h" }, h("label", { for: hId }, h("abbr", { title: "hints" }, "h"), " hints"), hInput),
    h("div", { class: "field filter" }, h("label", { for: fId }, "filter"), filterInput),
    h("div", { class: "field go" }, h("button", { type: "submit", class: "primary" }, "Run"),
      h("button", { type: "button", class: "reset", onclick: () => { qInput.value = ""; hInput.value = ""; filterInput.value = ""; state.skip = 0; apply(); } }, "Clear")),
    queryError);
  queryForm.addEventListener("submit", (event) => { event.preventDefault(); state.skip = 0; apply(); });

  // ---- toolbar, status, table, pager
  const addButton = h("button", { type: "button", class: "primary" }, "Add document");
  const deleteSelected = h("button", { type: "button", class: "danger", disabled: true }, "Delete selected");
  const sizeId = id("size");
  const sizeSelect = h("select", { id: sizeId }, PAGE_SIZES.map((n) => h("option", { value: n, selected: n === state.max }, String(n))));
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const tableError = h("div", { class: "error", role: "alert", hidden: true });
  const notice = h("div", { class: "success notice", role: "status", hidden: true });
  const table = h("table", { class: "grid docs" });
  const wrap = h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": `${name} documents` }, table);
  const first = h("button", { type: "button", "aria-label": "First page" }, "«");
  const prev = h("button", { type: "button", "aria-label": "Previous page" }, "‹ Prev");
  const next = h("button", { type: "button", "aria-label": "Next page" }, "Next ›");
  const last = h("button", { type: "button", "aria-label": "Last page" }, "»");
  const pageInfo = h("span", { class: "page-info" });
  const pager = h("nav", { class: "pager", "aria-label": "Pages" }, first, prev, pageInfo, next, last,
    h("label", { for: sizeId, class: "size" }, "per page"), sizeSelect);
  const head = collectionHead(name, "documents");

  const live = h("span", { class: "live hint", role: "status", "aria-live": "polite" });
  clear(main, head, queryForm,
    h("div", { class: "toolbar" }, addButton, deleteSelected, live), status, notice, tableError, wrap, pager);
  followWrites();

  first.addEventListener("click", () => { state.skip = 0; load(); });
  prev.addEventListener("click", () => { state.skip = Math.max(0, state.skip - state.max); load(); });
  next.addEventListener("click", () => { state.skip += state.max; load(); });
  last.addEventListener("click", () => { state.skip = Math.max(0, Math.floor((totals.total - 1) / state.max) * state.max); load(); });
  sizeSelect.addEventListener("change", () => { state.max = Number(sizeSelect.value); state.skip = 0; load(); });
  addButton.addEventListener("click", () => addRow());
  deleteSelected.addEventListener("click", () => removeDocs([...selected]));

  // Writes by any client (the server's /realtime events, which the session cookie opens) reload
  // the page shown, a quarter second after the last one; not while a row is being edited or
  // added, which reloads when it is saved or cancelled. Leaving the view closes the stream.
  // This view's own writes, so their events do not reload the page a second time (and under
  // the user's hands): "id@version" of each document it stored, "id@deleted" of each it deleted.
  const own = new Set();
  let ownPosts = 0;
  async function write(method, path, opts = {}, { ids = [], version } = {}) {
    for (const docId of ids) own.add(method === "DELETE" ? `${docId}@deleted` : `${docId}@${version}`);
    if (method === "POST") ownPosts += 1;
    try {
      const answer = await request(method, path, opts);
      if (answer.body && answer.body._id !== undefined) own.add(`${answer.body._id}@${answer.body._version}`);
      return answer;
    } finally {
      if (method === "POST") ownPosts -= 1;
    }
  }

  function isOwn(type, data) {
    if (type === "delete") return Array.isArray(data) && data.length > 0 && data.every((docId) => own.has(`${docId}@deleted`));
    if (!data || data._id === undefined) return false;
    return own.has(`${data._id}@${data._version}`) || (type === "post" && ownPosts > 0);
  }

  function followWrites() {
    if (typeof EventSource !== "function") return;
    const events = new EventSource("/realtime");
    let timer = null;
    const stop = () => { clearTimeout(timer); events.close(); };
    window.addEventListener("hashchange", stop, { once: true });
    const reload = () => {
      if (!token() || !document.contains(table)) { stop(); return; }
      if (table.querySelector("tr.editing")) {
        live.textContent = "Changed by another client; the page reloads after your edit.";
        timer = setTimeout(reload, 1000);
        return;
      }
      live.textContent = `Updated live at ${new Date().toLocaleTimeString()}`;
      load({ keepSelection: true }).finally(() => { delete live.dataset.pending; });
    };
    const onWrite = (event) => {
      let data = null;
      try { data = JSON.parse(event.data); } catch { return; }
      if (!data || data.collection !== name || isOwn(event.type, data.data)) return;
      clearTimeout(timer);
      live.dataset.pending = "true";  // a reload is due (tests wait for it to pass)
      timer = setTimeout(reload, 250);
    };
    for (const type of ["post", "put", "delete"]) events.addEventListener(type, onWrite);
  }

  function apply() {
    state.q = qInput.value.trim();
    state.h = hInput.value.trim();
    state.filter = filterInput.value.trim();
    load();
  }

  function syncURL() {
    const p = paramsFromState(state).toString();
    history.replaceState(null, "", `#/c/${encodeURIComponent(name)}${p ? `?${p}` : ""}`);
    const codeTab = head.querySelector('a.tab[href*="/code"]');
    if (codeTab) codeTab.href = `#/c/${encodeURIComponent(name)}/code${p ? `?${p}` : ""}`;
  }

  function columns() {
    const names = schemaFields.map((f) => f.name);
    const seen = new Set(names);
    for (const doc of docs) for (const key of Object.keys(doc)) if (!SYSTEM.has(key) && !seen.has(key)) { seen.add(key); names.push(key); }
    return names;
  }

  function setQueryError(error) {
    for (const input of [qInput, hInput]) input.removeAttribute("aria-invalid");
    if (!error) { queryError.hidden = true; clear(queryError); return; }
    const blameHints = state.h && /hint|\$orderby|\$fields|\$max|\$skip|\$groupby|\$aggregate/i.test(error.message) && !/query operator/i.test(error.message);
    (blameHints ? hInput : (state.q ? qInput : filterInput)).setAttribute("aria-invalid", "true");
    queryError.hidden = false;
    clear(queryError, h("strong", {}, `${error.status || ""} ${error.body.name || "Error"}: `), prose(error.message));
  }

  async function load({ focus, keepSelection = false } = {}) {
    notice.hidden = true;
    syncURL();
    const p = paramsFromState(state);
    p.set("totals", "true");
    p.set("metafields", "true");
    wrap.setAttribute("aria-busy", "true");
    try {
      const answer = await get(`${restPath(name)}?${p}`);
      if (!token()) return;
      docs = Array.isArray(answer) ? answer : answer.data || [];
      totals = answer.totals || { total: docs.length, count: docs.length, skip: state.skip, max: state.max };
      setQueryError(null);
      tableError.hidden = true;
      if (docs.length === 0 && state.skip > 0 && totals.total > 0) {
        state.skip = Math.max(0, Math.floor((totals.total - 1) / state.max) * state.max);
        return load({ focus });
      }
    } catch (error) {
      if (!token()) return;
      if (error.status === 400) setQueryError(error);
      else { tableError.hidden = false; clear(tableError, prose(error.message)); }
      docs = [];
      totals = { total: 0, count: 0, skip: state.skip, max: state.max };
    } finally {
      wrap.removeAttribute("aria-busy");
    }
    if (keepSelection) {
      const shown = new Set(docs.map((doc) => doc._id));
      for (const docId of [...selected]) if (!shown.has(docId)) selected.delete(docId);
    } else {
      selected.clear();
    }
    render();
    if (focus) focus();
  }

  function render() {
    const cols = columns();
    const from = totals.count ? state.skip + 1 : 0;
    const to = state.skip + totals.count;
    status.textContent = totals.total === 0 ? "No documents match." : `${count(from)}–${count(to)} of ${plural(totals.total, "document")}`;
    const pages = Math.max(1, Math.ceil(totals.total / state.max));
    const page = Math.floor(state.skip / state.max) + 1;
    pageInfo.textContent = `Page ${page} of ${pages}`;
    first.disabled = prev.disabled = state.skip === 0;
    next.disabled = last.disabled = state.skip + state.max >= totals.total;

    const all = h("input", { type: "checkbox", "aria-label": "Select all on this page" });
    all.addEventListener("change", () => {
      for (const box of table.querySelectorAll("tbody input.select")) { box.checked = all.checked; toggle(box.dataset.id, all.checked); }
    });
    const headers = ["_id", ...cols].map((col) => {
      const sorted = state.sort === col;
      const button = h("button", { type: "button", class: "sort" }, col, h("span", { class: "arrow", "aria-hidden": "true" }, sorted ? (state.dir === 1 ? " ▲" : " ▼") : ""));
      button.addEventListener("click", () => {
        if (state.sort === col) state.dir = -state.dir; else { state.sort = col; state.dir = 1; }
        state.skip = 0;
        load({ focus: () => { const again = [...table.querySelectorAll("th button.sort")].find((b) => b.firstChild.textContent === col); if (again) again.focus(); } });
      });
      const type = schemaTypes.get(col);
      return h("th", { scope: "col", "aria-sort": sorted ? (state.dir === 1 ? "ascending" : "descending") : null, class: type ? `t-${type}` : null }, button);
    });
    clear(table,
      h("caption", { class: "offscreen" }, `${name}: ${status.textContent}. Column headers sort.`),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "pick lead" }, all, h("span", { class: "offscreen" }, "Actions")), headers)),
      h("tbody", {}, docs.map((doc) => viewRow(doc, cols))));
    updateSelection();
  }

  function toggle(docId, on) {
    if (on) selected.add(docId); else selected.delete(docId);
    updateSelection();
  }

  function updateSelection() {
    deleteSelected.disabled = selected.size === 0;
    deleteSelected.textContent = selected.size ? `Delete selected (${selected.size})` : "Delete selected";
  }

  function viewRow(doc, cols) {
    const box = h("input", { type: "checkbox", class: "select", "aria-label": `Select ${doc._id}`, checked: selected.has(doc._id), dataset: { id: doc._id } });
    box.addEventListener("change", () => toggle(doc._id, box.checked));
    const edit = h("button", { type: "button", class: "small", "aria-label": `Edit ${doc._id}` }, "Edit");
    const remove = h("button", { type: "button", class: "small danger", "aria-label": `Delete ${doc._id}` }, "Delete");
    const row = h("tr", { dataset: { id: doc._id } },
      h("td", { class: "pick lead" }, h("span", { class: "row-actions" }, box, edit, remove)),
      h("th", { scope: "row", class: "id" }, h("code", { title: doc._id }, doc._id)),
      cols.map((col) => h("td", { class: `t-${fieldType(col, schemaTypes, doc[col])}`, dataset: { label: col } },
        schemaTypes.get(col) === "image" ? mediaCell(doc[col]) : cellText(doc[col]))));
    edit.addEventListener("click", () => editRow(row, doc, cols));
    remove.addEventListener("click", () => removeDocs([doc._id]));
    return row;
  }

  /** Turns `row` into editors; Enter saves, Escape cancels. */
  function editRow(row, doc, cols, conflictNote) {
    const editors = cols.map((col) => ({ col, ...editor(col, fieldType(col, schemaTypes, doc[col]), doc[col], "Edit") }));
    const save = h("button", { type: "button", class: "small primary" }, "Save");
    const cancel = h("button", { type: "button", class: "small" }, "Cancel");
    const message = h("div", { class: "error inline", role: "alert", hidden: true });
    const editing = h("tr", { class: "editing", dataset: { id: doc._id } },
      h("td", { class: "pick lead" }, h("span", { class: "row-actions" }, save, cancel)),
      h("th", { scope: "row", class: "id" }, h("code", {}, doc._id), h("span", { class: "version" }, ` v${doc._version ?? "?"}`)),
      editors.map((e) => h("td", { dataset: { label: e.col } }, e.input)));
    const messageRow = h("tr", { class: "message-row" }, h("td", { colspan: String(cols.length + 2) }, message));
    row.replaceWith(editing);
    editing.after(messageRow);
    if (conflictNote) { message.hidden = false; clear(message, conflictNote); }

    const close = (newDoc) => {
      messageRow.remove();
      const fresh = viewRow(newDoc || doc, cols);
      editing.replaceWith(fresh);
      fresh.querySelector("button").focus();
    };
    cancel.addEventListener("click", () => close());
    editing.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { event.preventDefault(); close(); }
      else if (event.key === "Enter" && event.target.tagName === "INPUT") { event.preventDefault(); save.click(); }
    });
    save.addEventListener("click", async () => {
      let changes = {};
      try {
        readEditors(editors, (e, value) => {
          const before = doc[e.col];
          if (JSON.stringify(value) === JSON.stringify(before)) return;
          if ((before === undefined || before === null) && (value === null || value === "")) return;
          changes[e.col] = value;
        });
      } catch (error) {
        // A field's own error shows at the field; others under the row.
        message.hidden = error instanceof FieldInputError;
        clear(message, prose(error.message));
        return;
      }
      if (Object.keys(changes).length === 0) { close(); return; }
      save.disabled = true;
      try {
        const headers = doc._version === undefined ? {} : { "If-Match": `"${doc._version}"` };
        const { body } = await write("PUT", restPath(name, doc._id), { body: changes, headers }, { ids: [doc._id], version: (doc._version ?? -1) + 1 });
        const idx = docs.findIndex((d) => d._id === doc._id);
        if (idx >= 0) docs[idx] = body;
        announce(`Saved ${doc._id}`);
        close(body);
      } catch (error) {
        save.disabled = false;
        if (error.status === 409) {
          await showConflict(editing, messageRow, message, doc, cols, changes, error);
        } else {
          message.hidden = false;
          clear(message, h("strong", {}, `${error.body.name || "Error"}: `), prose(error.message),
            error.body.list ? h("ul", {}, error.body.list.map((item) => h("li", {}, `${item.field}: `, prose(item.message)))) : null);
          const bad = error.body.list && error.body.list[0] && editors.find((e) => e.col === error.body.list[0].field);
          if (bad) { bad.input.setAttribute("aria-invalid", "true"); bad.input.focus(); }
        }
      }
    });
    (editors[0] ? editors[0].input : save).focus();
  }

  async function showConflict(editing, messageRow, message, mine, cols, changes, error) {
    let newer = error.body.document || error.body.current;
    if (!newer) {
      try { newer = await get(`${restPath(name, mine._id)}?metafields=true`); } catch { newer = null; }
    }
    message.hidden = false;
    message.classList.add("conflict");
    const keepMine = h("button", { type: "button", class: "small danger" }, "Save mine over it");
    const takeTheirs = h("button", { type: "button", class: "small primary" }, "Edit the newer version");
    clear(message,
      h("strong", {}, "Conflict: another client changed this document"),
      ` since you opened it (you had version ${mine._version}${newer ? `, it is now version ${newer._version}` : ""}). Your changes are not saved.`,
      newer ? h("div", { class: "newer" }, h("p", {}, "The newer document:"), h("pre", { class: "json-block", tabindex: "0" }, JSON.stringify(newer, null, 2))) : null,
      h("div", { class: "actions" }, takeTheirs, keepMine));
    takeTheirs.addEventListener("click", () => {
      messageRow.remove();
      const placeholder = h("tr");
      editing.replaceWith(placeholder);
      editRow(placeholder, newer || mine, cols);
    });
    keepMine.addEventListener("click", async () => {
      try {
        const headers = newer ? { "If-Match": `"${newer._version}"` } : {};
        const { body } = await write("PUT", restPath(name, mine._id), { body: changes, headers }, { ids: [mine._id], version: newer ? newer._version + 1 : undefined });
        messageRow.remove();
        const fresh = viewRow(body, cols);
        editing.replaceWith(fresh);
        announce(`Saved ${mine._id} over the newer version`);
        fresh.querySelector("button").focus();
      } catch (again) {
        clear(message, prose(again.message));
      }
    });
    announce("Conflict: another client changed this document");
    wrap.scrollLeft = 0;
    editing.scrollIntoView({ block: "start" });
    takeTheirs.focus({ preventScroll: true });
  }

  function addRow() {
    if (table.querySelector("tr.adding")) { table.querySelector("tr.adding input, tr.adding textarea").focus(); return; }
    const cols = columns();
    const tbody = table.tBodies[0];
    const blank = cols.length === 0;
    const editors = blank
      ? [{ col: "", ...editor("document", "json", {}, "New") }]
      : cols.map((col) => ({ col, ...editor(col, schemaTypes.get(col) || fieldType(col, schemaTypes, docs.find((d) => d[col] !== undefined && d[col] !== null)?.[col]), undefined, "New") }));
    const save = h("button", { type: "button", class: "small primary" }, "Add");
    const cancel = h("button", { type: "button", class: "small" }, "Cancel");
    const message = h("div", { class: "error inline", role: "alert", hidden: true });
    const row = h("tr", { class: "editing adding" },
      h("td", { class: "pick lead" }, h("span", { class: "row-actions" }, save, cancel)),
      h("th", { scope: "row", class: "id" }, h("span", { class: "muted" }, "new")),
      blank ? h("td", { colspan: "1", dataset: { label: "document" } }, editors[0].input) : editors.map((e) => h("td", { dataset: { label: e.col } }, e.input)));
    const messageRow = h("tr", { class: "message-row" }, h("td", { colspan: String(Math.max(cols.length, 1) + 2) }, message));
    tbody.prepend(row, messageRow);
    const close = () => { row.remove(); messageRow.remove(); addButton.focus(); };
    cancel.addEventListener("click", close);
    row.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { event.preventDefault(); close(); }
      else if (event.key === "Enter" && event.target.tagName === "INPUT") { event.preventDefault(); save.click(); }
    });
    save.addEventListener("click", async () => {
      let doc = {};
      try {
        if (blank) readEditors(editors, (e, value) => { doc = value || {}; });
        else readEditors(editors, (e, value) => { if (value !== null && value !== "") doc[e.col] = value; });
      } catch (error) {
        // A field's own error shows at the field; others under the row.
        message.hidden = error instanceof FieldInputError;
        clear(message, prose(error.message));
        return;
      }
      try {
        const { body } = await write("POST", restPath(name), { body: doc });
        await showAdded(body);
      } catch (error) {
        message.hidden = false;
        clear(message, h("strong", {}, `${error.body.name || "Error"}: `), prose(error.message),
          error.body.list ? h("ul", {}, error.body.list.map((item) => h("li", {}, `${item.field}: `, prose(item.message)))) : null);
      }
    });
    editors[0].input.focus();
  }

  /**
   * After Add: the page that holds the new document, with its row highlighted and a note. In
   * the server's own order (no sort) a new document comes last, so that is the last page;
   * under a sort or query it may be on no page at hand, so it is shown pinned above the rows.
   */
  async function showAdded(doc) {
    const before = totals.total;
    if (!state.sort) state.skip = Math.floor(before / state.max) * state.max;
    await load();
    let row = table.querySelector(`tbody tr[data-id="${CSS.escape(doc._id)}"]`);
    const onPage = row !== null;
    if (!onPage) {
      row = viewRow(doc, columns());
      row.classList.add("pinned");
      table.tBodies[0].prepend(row);
    }
    row.classList.add("fresh");
    clear(notice, h("strong", {}, "Added "), h("code", {}, doc._id), ". ",
      onPage ? "It is highlighted below." : "It is not on this page of the current view (sort or query); it is shown above the rows until the page reloads.");
    notice.hidden = false;
    announce(`Added ${doc._id}`);
    row.scrollIntoView({ block: "nearest" });
    row.querySelector("button").focus({ preventScroll: true });
  }

  async function removeDocs(ids) {
    if (ids.length === 0) return;
    const ok = await confirmDialog({
      title: ids.length === 1 ? "Delete this document?" : `Delete ${ids.length} documents?`,
      message: ids.length === 1 ? `Document ${ids[0]} will be deleted from ${name}. This cannot be undone.` : `${plural(ids.length, "document")} will be deleted from ${name}. This cannot be undone.`,
    });
    if (!ok) return;
    try {
      if (ids.length === 1) await write("DELETE", restPath(name, ids[0]), {}, { ids });
      else await write("DELETE", `${restPath(name)}/*`, { body: ids }, { ids });
      announce(`${plural(ids.length, "document")} deleted`);
    } catch (error) {
      tableError.hidden = false;
      clear(tableError, prose(error.message));
    }
    await load({ focus: () => addButton.focus() });
  }

  // Schema first (for typed editors), then the page.
  try {
    const meta = await get(`${restPath(name)}/_meta`);
    schemaFields = meta.fields || [];
    schemaTypes = new Map(schemaFields.map((f) => [f.name, f.type]));
  } catch (error) {
    if (error instanceof APIError && error.status === 404) {
      clear(main, head, h("div", { class: "error", role: "alert" }, prose(error.message)));
      return;
    }
  }
  await load();
}
