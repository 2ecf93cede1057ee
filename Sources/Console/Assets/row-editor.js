// The row editor: a document's row turned into typed inputs (Edit), or a new row (Add document).
// Enter saves, Escape cancels. It holds no documents and sends nothing itself: the documents view
// passes in how to store (`put`, `post`), how to read a newer version after a conflict
// (`current`) and how to draw a document's row again (`viewRow`).
import { h, clear, announce, editKeys, prose, showMessage } from "./dom.js";
import { fieldEditor, fieldType, readEditors, FieldInputError } from "./fields.js";

/**
 * Replaces `row` with editors for `doc`'s fields. `ctx`: cols, schemaTypes; viewRow(doc) -> tr;
 * put(id, changes, {ifMatch, version}) -> stored document (ifMatch null sends none);
 * current(id) -> the stored document or null; saved(doc) after a save; scrollHome().
 */
export function editRow(row, doc, ctx) {
  const editors = ctx.cols.map((col) => ({ col, ...fieldEditor(col, fieldType(col, ctx.schemaTypes, doc[col]), doc[col], "Edit") }));
  const shell = rowShell({
    saveLabel: "Save", attrs: { class: "editing", dataset: { id: doc._id } }, width: ctx.cols.length,
    idCell: [h("code", {}, doc._id), h("span", { class: "version" }, ` v${doc._version ?? "?"}`)],
    cells: editorCells(editors),
  });
  row.replaceWith(shell.row);
  shell.row.after(shell.messageRow);
  const close = (newDoc) => restore(shell, ctx.viewRow(newDoc || doc));
  shell.cancel.addEventListener("click", () => close());
  editKeys(shell.row, { cancel: close, submit: () => shell.save.click() });
  shell.save.addEventListener("click", () => saveEdit(shell, editors, doc, ctx, close));
  (editors[0] ? editors[0].input : shell.save).focus();
}

/**
 * Puts a new row at the top of `tbody` (or focuses the one already there). `ctx`: cols;
 * typeOf(col) -> the editor's type; post(doc) -> the stored document; added(doc) after it is
 * stored; closed() when the row is cancelled.
 */
export function addRow(tbody, ctx) {
  const open = tbody.querySelector("tr.adding");
  if (open) { open.querySelector("input, textarea").focus(); return; }
  const blank = ctx.cols.length === 0;
  const editors = blank
    ? [{ col: "", ...fieldEditor("document", "json", {}, "New") }]
    : ctx.cols.map((col) => ({ col, ...fieldEditor(col, ctx.typeOf(col), undefined, "New") }));
  const shell = rowShell({
    saveLabel: "Add", attrs: { class: "editing adding" }, width: Math.max(ctx.cols.length, 1),
    idCell: h("span", { class: "muted" }, "new"),
    cells: blank ? h("td", { colspan: "1", dataset: { label: "document" } }, editors[0].input) : editorCells(editors),
  });
  tbody.prepend(shell.row, shell.messageRow);
  const close = () => { shell.row.remove(); shell.messageRow.remove(); ctx.closed(); };
  shell.cancel.addEventListener("click", close);
  editKeys(shell.row, { cancel: close, submit: () => shell.save.click() });
  shell.save.addEventListener("click", () => saveNew(shell, editors, blank, ctx));
  editors[0].input.focus();
}

/** What an editing row is made of: Save and Cancel, the row, and a message row under it. */
function rowShell({ saveLabel, attrs, idCell, cells, width }) {
  const save = h("button", { type: "button", class: "small primary" }, saveLabel);
  const cancel = h("button", { type: "button", class: "small" }, "Cancel");
  const message = h("div", { class: "error inline", role: "alert", hidden: true });
  const row = h("tr", attrs,
    h("td", { class: "pick lead" }, h("span", { class: "row-actions" }, save, cancel)),
    h("th", { scope: "row", class: "id" }, idCell),
    cells);
  const messageRow = h("tr", { class: "message-row" }, h("td", { colspan: String(width + 2) }, message));
  return { save, cancel, message, row, messageRow };
}

function editorCells(editors) {
  return editors.map((e) => h("td", { dataset: { label: e.col } }, e.input));
}

/** Puts `fresh` (a document's row) where the editing row was. */
function restore(shell, fresh) {
  shell.messageRow.remove();
  shell.row.replaceWith(fresh);
  fresh.querySelector("button").focus();
}

async function saveEdit(shell, editors, doc, ctx, close) {
  const changes = readChanges(shell.message, editors, doc);
  if (!changes) return;
  if (Object.keys(changes).length === 0) { close(); return; }
  shell.save.disabled = true;
  try {
    const ifMatch = doc._version === undefined ? null : doc._version;
    const body = await ctx.put(doc._id, changes, { ifMatch, version: (doc._version ?? -1) + 1 });
    ctx.saved(body);
    announce(`Saved ${doc._id}`);
    close(body);
  } catch (error) {
    shell.save.disabled = false;
    if (error.status === 409) await showConflict(shell, doc, changes, error, ctx);
    else refused(shell.message, error, editors);
  }
}

async function saveNew(shell, editors, blank, ctx) {
  let doc = {};
  const ok = readInto(shell.message, editors, blank
    ? (e, value) => { doc = value || {}; }
    : (e, value) => { if (value !== null && value !== "") doc[e.col] = value; });
  if (!ok) return;
  try {
    await ctx.added(await ctx.post(doc));
  } catch (error) {
    showRefusal(shell.message, error);
  }
}

/** The fields whose values the editors changed, or null when one cannot be read. */
function readChanges(message, editors, doc) {
  const changes = {};
  const ok = readInto(message, editors, (e, value) => {
    const before = doc[e.col];
    if (JSON.stringify(value) === JSON.stringify(before)) return;
    if ((before === undefined || before === null) && (value === null || value === "")) return;
    changes[e.col] = value;
  });
  return ok ? changes : null;
}

/** readEditors, false when a value cannot be read: a field's own error shows at the field, others under the row. */
function readInto(message, editors, each) {
  try {
    readEditors(editors, each);
    return true;
  } catch (error) {
    message.hidden = error instanceof FieldInputError;
    clear(message, prose(error.message));
    return false;
  }
}

/** The server's refusal under the row: its name and message, and each field it names. */
function showRefusal(message, error) {
  showMessage(message, h("strong", {}, `${error.body.name || "Error"}: `), prose(error.message),
    error.body.list ? h("ul", {}, error.body.list.map((item) => h("li", {}, `${item.field}: `, prose(item.message)))) : null);
}

/** A refused save: the refusal under the row, and the first field it names marked and focused. */
function refused(message, error, editors) {
  showRefusal(message, error);
  const list = error.body.list;
  const bad = list && list[0] && editors.find((e) => e.col === list[0].field);
  if (bad) { bad.input.setAttribute("aria-invalid", "true"); bad.input.focus(); }
}

/** 409: what changed since, with a choice between editing the newer version and saving over it. */
async function showConflict(shell, mine, changes, error, ctx) {
  const newer = error.body.document || error.body.current || (await ctx.current(mine._id));
  const { message } = shell;
  message.hidden = false;
  message.classList.add("conflict");
  const keepMine = h("button", { type: "button", class: "small danger" }, "Save mine over it");
  const takeTheirs = h("button", { type: "button", class: "small primary" }, "Edit the newer version");
  clear(message, conflictNote(mine, newer), h("div", { class: "actions" }, takeTheirs, keepMine));
  takeTheirs.addEventListener("click", () => {
    shell.messageRow.remove();
    const placeholder = h("tr");
    shell.row.replaceWith(placeholder);
    editRow(placeholder, newer || mine, ctx);
  });
  keepMine.addEventListener("click", () => saveOver(shell, mine, newer, changes, ctx));
  announce("Conflict: another client changed this document");
  ctx.scrollHome();
  shell.row.scrollIntoView({ block: "start" });
  takeTheirs.focus({ preventScroll: true });
}

function conflictNote(mine, newer) {
  return [
    h("strong", {}, "Conflict: another client changed this document"),
    ` since you opened it (you had version ${mine._version}${newer ? `, it is now version ${newer._version}` : ""}). Your changes are not saved.`,
    newer ? h("div", { class: "newer" }, h("p", {}, "The newer document:"), h("pre", { class: "json-block", tabindex: "0" }, JSON.stringify(newer, null, 2))) : null,
  ];
}

async function saveOver(shell, mine, newer, changes, ctx) {
  try {
    const ifMatch = newer ? newer._version : null;
    const body = await ctx.put(mine._id, changes, { ifMatch, version: newer ? newer._version + 1 : undefined });
    announce(`Saved ${mine._id} over the newer version`);
    restore(shell, ctx.viewRow(body));
  } catch (again) {
    clear(shell.message, prose(again.message));
  }
}
