// The documents view: a paged, sortable table with query boxes, typed inline editors, add,
// delete (one or the selected), and optimistic-concurrency saves (If-Match → 409). It holds the
// page's state and talks to the server; table.js draws the rows, row-editor.js edits one, and
// live.js follows other clients' writes.
import { get, restPath, APIError } from "./api.js";
import { h, clear, id, announce, confirmThen, count, plural, prose, showMessage } from "./dom.js";
import { fieldType } from "./fields.js";
import { stateFromParams, paramsFromState } from "./query-state.js";
import { documentsTable } from "./table.js";
import { editRow, addRow } from "./row-editor.js";
import { ownWrites, followWrites } from "./live.js";

const SYSTEM = new Set(["_id", "_created", "_changed", "_createdby", "_changedby", "_version"]);
const PAGE_SIZES = [10, 20, 50, 100];

export async function documentsView(main, name, params, { collectionHead, setTitle, token }) {
  setTitle(name);
  const state = stateFromParams(params);
  let schemaFields = [];
  let schemaTypes = new Map();
  let docs = [];
  let totals = { total: 0, count: 0, skip: 0, max: state.max };
  const own = ownWrites();

  const query = queryForm(name, state, () => load());
  const addButton = h("button", { type: "button", class: "primary" }, "Add document");
  const deleteSelected = h("button", { type: "button", class: "danger", disabled: true }, "Delete selected");
  const pages = pager(state, () => totals.total, () => load());
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const tableError = h("div", { class: "error", role: "alert", hidden: true });
  const notice = h("div", { class: "success notice", role: "status", hidden: true });
  const grid = documentsTable(name, {
    onSort: (col) => sortBy(col), onEdit: (row, doc, cols) => editRow(row, doc, editing(cols)),
    onDelete: (ids) => removeDocs(ids), onSelect: (n) => selectionChanged(deleteSelected, n),
  });
  const wrap = h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": `${name} documents` }, grid.table);
  const head = collectionHead(name, "documents");
  const live = h("span", { class: "live hint", role: "status", "aria-live": "polite" });
  clear(main, head, query.form,
    h("div", { class: "toolbar" }, addButton, deleteSelected, live), status, notice, tableError, wrap, pages.nav);
  followWrites({
    collection: name, isOwn: own.isOwn, live, alive: () => token() && document.contains(grid.table),
    busy: () => grid.editing() !== null, reload: () => load({ keepSelection: true }),
  });
  addButton.addEventListener("click", () => addRow(grid.body(), adding()));
  deleteSelected.addEventListener("click", () => removeDocs(grid.selected()));

  function sortBy(col) {
    if (state.sort === col) state.dir = -state.dir; else { state.sort = col; state.dir = 1; }
    state.skip = 0;
    load({ focus: () => grid.focusSort(col) });
  }

  /** What the row editor needs to edit a row of `cols`. */
  function editing(cols) {
    return {
      cols, schemaTypes, viewRow: (doc) => grid.row(doc, cols), scrollHome: () => { wrap.scrollLeft = 0; },
      put: async (docId, changes, { ifMatch, version }) => (await own.write("PUT", restPath(name, docId),
        { body: changes, headers: ifMatch === null ? {} : { "If-Match": `"${ifMatch}"` } }, { ids: [docId], version })).body,
      current: (docId) => get(`${restPath(name, docId)}?metafields=true`).catch(() => null),
      saved: (body) => { const i = docs.findIndex((d) => d._id === body._id); if (i >= 0) docs[i] = body; },
    };
  }

  /** What the row editor needs to add a row. */
  function adding() {
    const sample = (col) => docs.find((d) => d[col] !== undefined && d[col] !== null)?.[col];
    return {
      cols: columnsOf(schemaFields, docs), typeOf: (col) => schemaTypes.get(col) || fieldType(col, schemaTypes, sample(col)),
      post: async (doc) => (await own.write("POST", restPath(name), { body: doc })).body,
      added: (doc) => showAdded(doc), closed: () => addButton.focus(),
    };
  }

  function syncURL() {
    const p = paramsFromState(state).toString();
    history.replaceState(null, "", `#/c/${encodeURIComponent(name)}${p ? `?${p}` : ""}`);
    const codeTab = head.querySelector('a.tab[href*="/code"]');
    if (codeTab) codeTab.href = `#/c/${encodeURIComponent(name)}/code${p ? `?${p}` : ""}`;
  }

  async function load({ focus, keepSelection = false } = {}) {
    notice.hidden = true;
    syncURL();
    wrap.setAttribute("aria-busy", "true");
    try {
      const page = await fetchPage(name, state);
      if (!token()) return;
      ({ docs, totals } = page);
      query.showError(null);
      tableError.hidden = true;
      if (docs.length === 0 && state.skip > 0 && totals.total > 0) {
        state.skip = lastPageStart(totals.total, state.max);
        return load({ focus });
      }
    } catch (error) {
      if (!token()) return;
      if (error.status === 400) query.showError(error);
      else showMessage(tableError, prose(error.message));
      docs = [];
      totals = { total: 0, count: 0, skip: state.skip, max: state.max };
    } finally {
      wrap.removeAttribute("aria-busy");
    }
    render(keepSelection);
    if (focus) focus();
  }

  function render(keepSelection) {
    status.textContent = statusText(state, totals);
    pages.update(totals);
    grid.show({
      docs, cols: columnsOf(schemaFields, docs), types: schemaTypes, sort: state.sort, dir: state.dir,
      caption: `${name}: ${status.textContent}. Column headers sort.`, keepSelection,
    });
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
    let row = grid.rowOf(doc._id);
    const onPage = row !== null;
    if (!onPage) {
      row = grid.row(doc, columnsOf(schemaFields, docs));
      row.classList.add("pinned");
      grid.body().prepend(row);
    }
    row.classList.add("fresh");
    showMessage(notice, h("strong", {}, "Added "), h("code", {}, doc._id), ". ",
      onPage ? "It is highlighted below." : "It is not on this page of the current view (sort or query); it is shown above the rows until the page reloads.");
    announce(`Added ${doc._id}`);
    row.scrollIntoView({ block: "nearest" });
    row.querySelector("button").focus({ preventScroll: true });
  }

  async function removeDocs(ids) {
    if (ids.length === 0) return;
    await confirmThen(deleteQuestion(name, ids), async () => {
      if (ids.length === 1) await own.write("DELETE", restPath(name, ids[0]), {}, { ids });
      else await own.write("DELETE", `${restPath(name)}/*`, { body: ids }, { ids });
      announce(`${plural(ids.length, "document")} deleted`);
    }, tableError, () => load({ focus: () => addButton.focus() }));
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

/** The q, h and filter boxes; Run (or Enter) and Clear go back to the first page and call `run`. */
function queryForm(name, state, run) {
  const qId = id("q"), hId = id("h"), fId = id("filter"), qErrId = id("qerr");
  const q = h("input", { id: qId, name: "q", value: state.q, spellcheck: "false", autocomplete: "off", placeholder: '{"rating":{"$gte":4}}', "aria-describedby": qErrId, class: "mono" });
  const hints = h("input", { id: hId, name: "h", value: state.h, spellcheck: "false", autocomplete: "off", placeholder: '{"$fields":{"catName":1}}', "aria-describedby": qErrId, class: "mono" });
  const filter = h("input", { id: fId, name: "filter", type: "search", value: state.filter, autocomplete: "off", placeholder: "text anywhere" });
  const error = h("div", { id: qErrId, class: "error inline", role: "alert", hidden: true });
  const apply = () => {
    state.skip = 0;
    state.q = q.value.trim();
    state.h = hints.value.trim();
    state.filter = filter.value.trim();
    run();
  };
  const form = h("form", { class: "query", role: "search", "aria-label": `Query ${name}` },
    h("div", { class: "field q" }, h("label", { for: qId }, h("abbr", { title: "query" }, "q"), " query"), q),
    h("div", { class: "field h" }, h("label", { for: hId }, h("abbr", { title: "hints" }, "h"), " hints"), hints),
    h("div", { class: "field filter" }, h("label", { for: fId }, "filter"), filter),
    h("div", { class: "field go" }, h("button", { type: "submit", class: "primary" }, "Run"),
      h("button", { type: "button", class: "reset", onclick: () => { q.value = ""; hints.value = ""; filter.value = ""; apply(); } }, "Clear")),
    error);
  form.addEventListener("submit", (event) => { event.preventDefault(); apply(); });
  return { form, showError: (failure) => showQueryError({ q, hints, filter, error }, state, failure) };
}

/** A 400 under the query boxes, the box it most likely came from marked; null clears it. */
function showQueryError({ q, hints, filter, error }, state, failure) {
  for (const input of [q, hints]) input.removeAttribute("aria-invalid");
  if (!failure) { error.hidden = true; clear(error); return; }
  const blameHints = state.h && /hint|\$orderby|\$fields|\$max|\$skip|\$groupby|\$aggregate/i.test(failure.message) && !/query operator/i.test(failure.message);
  (blameHints ? hints : (state.q ? q : filter)).setAttribute("aria-invalid", "true");
  showMessage(error, h("strong", {}, `${failure.status || ""} ${failure.body.name || "Error"}: `), prose(failure.message));
}

/** First, previous, next, last and page size; each changes `state` and calls `go`. */
function pager(state, total, go) {
  const sizeId = id("size");
  const size = h("select", { id: sizeId }, PAGE_SIZES.map((n) => h("option", { value: n, selected: n === state.max }, String(n))));
  const button = (label, text, skip) => h("button", { type: "button", "aria-label": label, onclick: () => { state.skip = skip(); go(); } }, text);
  const first = button("First page", "«", () => 0);
  const prev = button("Previous page", "‹ Prev", () => Math.max(0, state.skip - state.max));
  const next = button("Next page", "Next ›", () => state.skip + state.max);
  const last = button("Last page", "»", () => lastPageStart(total(), state.max));
  const info = h("span", { class: "page-info" });
  size.addEventListener("change", () => { state.max = Number(size.value); state.skip = 0; go(); });
  const nav = h("nav", { class: "pager", "aria-label": "Pages" }, first, prev, info, next, last,
    h("label", { for: sizeId, class: "size" }, "per page"), size);
  const update = (totals) => {
    info.textContent = `Page ${Math.floor(state.skip / state.max) + 1} of ${Math.max(1, Math.ceil(totals.total / state.max))}`;
    first.disabled = prev.disabled = state.skip === 0;
    next.disabled = last.disabled = state.skip + state.max >= totals.total;
  };
  return { nav, update };
}

/** One page of documents as `state` asks for it, with their totals. */
async function fetchPage(name, state) {
  const p = paramsFromState(state);
  p.set("totals", "true");
  p.set("metafields", "true");
  const answer = await get(`${restPath(name)}?${p}`);
  const docs = Array.isArray(answer) ? answer : answer.data || [];
  return { docs, totals: answer.totals || { total: docs.length, count: docs.length, skip: state.skip, max: state.max } };
}

function lastPageStart(total, max) {
  return Math.max(0, Math.floor((total - 1) / max) * max);
}

function statusText(state, totals) {
  if (totals.total === 0) return "No documents match.";
  const from = totals.count ? state.skip + 1 : 0;
  return `${count(from)}–${count(state.skip + totals.count)} of ${plural(totals.total, "document")}`;
}

function selectionChanged(button, n) {
  button.disabled = n === 0;
  button.textContent = n ? `Delete selected (${n})` : "Delete selected";
}

function deleteQuestion(name, ids) {
  return {
    title: ids.length === 1 ? "Delete this document?" : `Delete ${ids.length} documents?`,
    message: ids.length === 1 ? `Document ${ids[0]} will be deleted from ${name}. This cannot be undone.` : `${plural(ids.length, "document")} will be deleted from ${name}. This cannot be undone.`,
  };
}

/** The columns: the schema's fields, then the other fields of the page's documents. */
function columnsOf(schemaFields, docs) {
  const names = schemaFields.map((f) => f.name);
  const seen = new Set(names);
  for (const doc of docs) for (const key of Object.keys(doc)) if (!SYSTEM.has(key) && !seen.has(key)) { seen.add(key); names.push(key); }
  return names;
}
