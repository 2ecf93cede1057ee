// The documents table: a header row whose buttons sort, a row for each document (its select box,
// Edit, Delete and its fields' cells), and which rows are selected. It is given what it shows and
// fetches or stores nothing; what the buttons do is the documents view's, through the callbacks.
import { h, clear } from "./dom.js";
import { cellContent, fieldType } from "./fields.js";

/**
 * The table of `name`'s documents. Callbacks: onSort(col); onEdit(row, doc, cols);
 * onDelete(ids); onSelect(count) whenever the selection changes.
 */
export function documentsTable(name, { onSort, onEdit, onDelete, onSelect }) {
  const table = h("table", { class: "grid docs" });
  const selected = new Set();
  let schemaTypes = new Map();

  function toggle(docId, on) {
    if (on) selected.add(docId); else selected.delete(docId);
    onSelect(selected.size);
  }

  /** A document's row as it shows when not edited. */
  function row(doc, cols) {
    const box = h("input", { type: "checkbox", class: "select", "aria-label": `Select ${doc._id}`, checked: selected.has(doc._id), dataset: { id: doc._id } });
    box.addEventListener("change", () => toggle(doc._id, box.checked));
    const edit = h("button", { type: "button", class: "small", "aria-label": `Edit ${doc._id}` }, "Edit");
    const remove = h("button", { type: "button", class: "small danger", "aria-label": `Delete ${doc._id}` }, "Delete");
    const tr = h("tr", { dataset: { id: doc._id } },
      h("td", { class: "pick lead" }, h("span", { class: "row-actions" }, box, edit, remove)),
      h("th", { scope: "row", class: "id" }, h("code", { title: doc._id }, doc._id)),
      cols.map((col) => h("td", { class: `t-${fieldType(col, schemaTypes, doc[col])}`, dataset: { label: col } },
        cellContent(schemaTypes.get(col), doc[col]))));
    edit.addEventListener("click", () => onEdit(tr, doc, cols));
    remove.addEventListener("click", () => onDelete([doc._id]));
    return tr;
  }

  function selectAll() {
    const all = h("input", { type: "checkbox", "aria-label": "Select all on this page" });
    all.addEventListener("change", () => {
      for (const box of table.querySelectorAll("tbody input.select")) { box.checked = all.checked; toggle(box.dataset.id, all.checked); }
    });
    return all;
  }

  function header(col, sort, dir) {
    const sorted = sort === col;
    const button = h("button", { type: "button", class: "sort" }, col, h("span", { class: "arrow", "aria-hidden": "true" }, sorted ? (dir === 1 ? " ▲" : " ▼") : ""));
    button.addEventListener("click", () => onSort(col));
    const type = schemaTypes.get(col);
    return h("th", { scope: "col", "aria-sort": sorted ? (dir === 1 ? "ascending" : "descending") : null, class: type ? `t-${type}` : null }, button);
  }

  /** Keeps only the selected rows still shown, or none. */
  function trimSelection(docs, keepSelection) {
    if (!keepSelection) { selected.clear(); return; }
    const shown = new Set(docs.map((doc) => doc._id));
    for (const docId of [...selected]) if (!shown.has(docId)) selected.delete(docId);
  }

  /** Shows `docs` in columns `cols`, sorted by `sort` (`dir` 1 or -1). */
  function show({ docs, cols, types, sort, dir, caption, keepSelection }) {
    schemaTypes = types;
    trimSelection(docs, keepSelection);
    clear(table,
      h("caption", { class: "offscreen" }, caption),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "pick lead" }, selectAll(), h("span", { class: "offscreen" }, "Actions")),
        ["_id", ...cols].map((col) => header(col, sort, dir)))),
      h("tbody", {}, docs.map((doc) => row(doc, cols))));
    onSelect(selected.size);
  }

  /** Focuses the sort button of `col` (after the sort it started has reloaded the table). */
  function focusSort(col) {
    const again = [...table.querySelectorAll("th button.sort")].find((b) => b.firstChild.textContent === col);
    if (again) again.focus();
  }

  return {
    table, show, row, focusSort,
    body: () => table.tBodies[0],
    selected: () => [...selected],
    editing: () => table.querySelector("tr.editing"),
    rowOf: (docId) => table.querySelector(`tbody tr[data-id="${CSS.escape(docId)}"]`),
  };
}
