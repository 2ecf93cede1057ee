// One field of a document: how its value shows in a cell, and the typed input that edits it.
// Shared by the documents table (cells) and the row editor (inputs); no state of its own.
import { uploadMedia } from "./api.js";
import { h, plural } from "./dom.js";

/** The type an editor uses for a field: the schema's, else guessed from the value. */
export function fieldType(name, schemaTypes, value) {
  if (schemaTypes.has(name)) return schemaTypes.get(name);
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "number" : "float_number";
  if (value !== null && typeof value === "object") return "json";
  return "text";
}

/** A cell's contents: an image field's thumbnails, any other value as text. */
export function cellContent(type, value) {
  return type === "image" ? mediaCell(value) : cellText(value);
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
export class FieldInputError extends Error {
  constructor(field, message) {
    super(message);
    this.field = field;
  }
}

/** An input for one field; read() returns the value or throws a FieldInputError naming the field. */
export function fieldEditor(name, type, value, labelPrefix) {
  const make = EDITORS[type] || textEditor;
  const { input, read } = make({ name, type, value, label: `${labelPrefix} ${name}` });
  input.dataset.field = name;
  return { input, read };
}

function boolEditor({ value, label }) {
  const input = h("input", { type: "checkbox", checked: value === true, "aria-label": label });
  return { input, read: () => input.checked };
}

function numberEditor({ name, type, value, label }) {
  const whole = type === "number";
  const input = h("input", { type: "number", step: whole ? "1" : "any", value: value ?? "", "aria-label": label, inputmode: whole ? "numeric" : "decimal" });
  const read = () => {
    if (input.validity.badInput) throw new FieldInputError(name, `${name} must be a number`);
    if (input.value === "") return null;
    const n = Number(input.value);
    if (!Number.isFinite(n)) throw new FieldInputError(name, `${name} must be a number`);
    return n;
  };
  return { input, read };
}

// Shown and entered in UTC; restlite stores 2015-11-08T08:58:51.000Z.
// The input asks for seconds and milliseconds only when the stored value has them: a new date
// takes date, hours and minutes (seconds are 0). A half-filled input has no value at all (the
// browser's badInput), which is refused at the field, never dropped.
function dateEditor({ name, value, label }) {
  const local = typeof value === "string" ? value.replace(/Z$/, "").replace(/([+-]\d\d:\d\d)$/, "").slice(0, 23) : "";
  const precise = /\.\d*[1-9]/.test(local) ? "0.001" : /:\d\d:\d\d/.test(local) && !/:00(\.0*)?$/.test(local) ? "1" : null;
  const input = h("input", { type: "datetime-local", step: precise, value: local, "aria-label": `${label} (UTC)` });
  const read = () => {
    if (input.validity.badInput) throw new FieldInputError(name, `${name}: fill in the whole date and time (hours and minutes at least), or clear it`);
    if (!input.value) return null;
    let v = input.value;
    if (v.length === 16) v += ":00";
    if (v.length === 19) v += ".000";
    return `${v}Z`;
  };
  return { input, read };
}

/** Media ids (as restdb stores image and file fields), plus an upload that adds to them. */
function mediaEditor({ name, type, value, label }) {
  const ids = Array.isArray(value) ? value.filter((v) => typeof v === "string") : typeof value === "string" && value ? [value] : [];
  const text = h("input", { type: "text", value: ids.join(" "), "aria-label": `${label} (media ids)`, spellcheck: "false", class: "mono" });
  const pick = h("input", { type: "file", multiple: true, "aria-label": `Upload files into ${name}`, accept: type === "image" ? "image/*" : null });
  const note = h("span", { class: "hint", role: "status" });
  pick.addEventListener("change", () => uploadInto(text, pick, note));
  const input = h("span", { class: "media-edit" }, text, pick, note);
  input.focus = (options) => text.focus(options);
  return { input, read: () => text.value.split(/[\s,]+/).filter(Boolean) };
}

async function uploadInto(text, pick, note) {
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
}

function jsonEditor({ name, value, label }) {
  const input = h("textarea", { rows: 2, spellcheck: "false", "aria-label": `${label} (JSON)`, class: "json-edit" });
  input.value = value === undefined ? "" : JSON.stringify(value);
  const read = () => {
    if (input.value.trim() === "") return null;
    try { return JSON.parse(input.value); } catch (error) { throw new FieldInputError(name, `${name} is not valid JSON: ${error.message}`); }
  };
  return { input, read };
}

function textEditor({ value, label }) {
  const input = h("input", { type: "text", value: value ?? "", "aria-label": label, spellcheck: "false" });
  return { input, read: () => input.value };
}

const EDITORS = {
  bool: boolEditor, number: numberEditor, float_number: numberEditor, date: dateEditor,
  image: mediaEditor, file: mediaEditor, json: jsonEditor,
};

/** Reads every editor; a value that cannot be read is marked at its field and rethrown. */
export function readEditors(editors, each) {
  for (const e of editors) unmark(e.input);
  for (const e of editors) {
    try {
      each(e, e.read());
    } catch (error) {
      if (error instanceof FieldInputError) mark(e.input, error.message);
      throw error;
    }
  }
}

function unmark(input) {
  input.removeAttribute("aria-invalid");
  const cell = input.closest("td");
  if (cell) for (const old of cell.querySelectorAll(".field-error")) old.remove();
}

function mark(input, message) {
  input.setAttribute("aria-invalid", "true");
  const note = h("span", { class: "field-error", role: "alert" }, message);
  (input.closest("td") || input.parentNode).append(note);
  input.focus();
}
