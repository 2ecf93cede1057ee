// The schema field editor (rows of name, type, required, unique) and short field summaries.
import { h, clear, id } from "./dom.js";

export const TYPES = ["text", "number", "float_number", "date", "bool", "json"];

/** "catName text, birthDate date, +4 more" — or "no schema". */
export function fieldsSummary(fields) {
  if (!fields || fields.length === 0) return h("span", { class: "muted" }, "no schema");
  const shown = fields.slice(0, 5).map((f) => h("span", { class: "field-chip" }, f.name, " ", h("span", { class: `type t-${f.type}` }, f.type)));
  if (fields.length > 5) shown.push(h("span", { class: "muted" }, `+${fields.length - 5} more`));
  return shown;
}

/**
 * An editable list of fields; value() gives [{name,type,required,unique}]. Rows of the
 * `initial` fields remember their first name, so renames() gives {old: new} and removed()
 * the initial fields whose rows were removed.
 */
export function schemaEditor(initial) {
  const originals = new Map();
  const body = h("tbody");
  const table = h("table", { class: "grid schema-editor" },
    h("caption", { class: "offscreen" }, "Schema fields"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Field"), h("th", { scope: "col" }, "Type"),
      h("th", { scope: "col" }, "Required"), h("th", { scope: "col" }, "Unique"), h("th", { scope: "col" }, h("span", { class: "offscreen" }, "Remove")))),
    body);
  const add = h("button", { type: "button", class: "small" }, "Add field");
  const element = h("div", { class: "schema-edit" }, h("div", { class: "table-wrap" }, table), add);

  function addRow(field = { name: "", type: "text", required: false, unique: false }, focus = false) {
    const n = body.childElementCount + 1;
    const name = h("input", { value: field.name, "aria-label": `Field ${n} name`, class: "f-name", required: true, spellcheck: "false", autocomplete: "off" });
    const types = TYPES.includes(field.type) ? TYPES : [...TYPES, field.type];
    const type = h("select", { "aria-label": `Field ${n} type`, class: "f-type" }, types.map((t) => h("option", { value: t, selected: t === field.type }, t)));
    const required = h("input", { type: "checkbox", checked: !!field.required, "aria-label": `Field ${n} required`, class: "f-required" });
    const unique = h("input", { type: "checkbox", checked: !!field.unique, "aria-label": `Field ${n} unique`, class: "f-unique" });
    const remove = h("button", { type: "button", class: "small", "aria-label": `Remove field ${n}` }, "Remove");
    const row = h("tr", {}, h("td", {}, name), h("td", {}, type), h("td", { class: "center" }, required), h("td", { class: "center" }, unique), h("td", {}, remove));
    remove.addEventListener("click", () => {
      const next = row.nextElementSibling || row.previousElementSibling;
      row.remove();
      (next ? next.querySelector("input") : add).focus();
    });
    body.append(row);
    if (focus) name.focus();
    return row;
  }

  for (const f of initial) originals.set(addRow(f), f);
  add.addEventListener("click", () => addRow(undefined, true));

  return {
    element,
    value() {
      return [...body.rows].map((row) => {
        const type = row.querySelector(".f-type").value;
        const before = originals.get(row);
        return {
          name: row.querySelector(".f-name").value.trim(),
          type,
          required: row.querySelector(".f-required").checked,
          unique: row.querySelector(".f-unique").checked,
          // A child field keeps the collection its children live in.
          ...(before && before.collection && type === before.type ? { collection: before.collection } : {}),
        };
      }).filter((f) => f.name);
    },
    renames() {
      const renames = {};
      for (const row of body.rows) {
        const before = originals.get(row);
        const now = row.querySelector(".f-name").value.trim();
        if (before && now && now !== before.name) renames[before.name] = now;
      }
      return renames;
    },
    removed() {
      const kept = new Set([...body.rows].map((row) => originals.get(row)).filter(Boolean));
      return initial.filter((f) => !kept.has(f));
    },
    onChange(listener) {
      element.addEventListener("input", listener);
      element.addEventListener("change", listener);
      element.addEventListener("click", (event) => { if (event.target.closest("button")) listener(); });
    },
    clear() { clear(body); },
  };
}
