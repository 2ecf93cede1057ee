// API keys: list, add a full or a scoped web key, copy, remove.
import { get, post, del, isFullKey } from "./api.js";
import { h, clear, id, announce, confirmThen, copyButton, prose, refreshList, showMessage } from "./dom.js";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function describe(key) {
  if (isFullKey(key)) return h("span", { class: "badge full" }, "full access");
  const methods = (key.methods || []).join(", ") || "no methods";
  return [h("span", { class: "badge scoped" }, "scoped"), " ", methods, " on ", h("code", {}, key.path || "/**"),
    key.origins && key.origins.length ? [" from ", key.origins.join(", ")] : null,
    key.note ? h("span", { class: "muted" }, ` (${key.note})`) : null];
}

async function fetchKeys() {
  const answer = await get("/_restlite/keys");
  return Array.isArray(answer) ? answer : answer.keys || [];
}

function mask(key) {
  return key.length > 8 ? `${key.slice(0, 4)}…${key.slice(-4)}` : key;
}

export async function keysView(main, { setTitle }) {
  setTitle("API keys");
  const errors = h("div", { class: "error", role: "alert", hidden: true });
  const list = h("div", { class: "keys", "aria-busy": "true" });
  const created = h("div", { class: "created", "aria-live": "polite" });

  const fullId = id("kind"), scopedId = id("kind"), pathId = id("path"), originId = id("origin");
  const full = h("input", { type: "radio", name: "kind", id: fullId, value: "full" });
  const scoped = h("input", { type: "radio", name: "kind", id: scopedId, value: "scoped", checked: true });
  const methodBoxes = METHODS.map((m) => h("input", { type: "checkbox", value: m, id: id("m"), checked: m === "GET" }));
  const path = h("input", { id: pathId, value: "/a3cats/**", spellcheck: "false", autocomplete: "off", "aria-describedby": `${pathId}-hint` });
  const origin = h("input", { id: originId, type: "text", placeholder: "http://localhost:3000", spellcheck: "false", autocomplete: "off", "aria-describedby": `${originId}-hint` });
  const scopeFields = h("div", { class: "scope" },
    h("fieldset", { class: "methods" }, h("legend", {}, "Methods"),
      methodBoxes.map((box) => h("label", { for: box.id, class: "check" }, box, box.value))),
    h("div", { class: "field" }, h("label", { for: pathId }, "Path glob"), path,
      h("p", { class: "hint", id: `${pathId}-hint` }, "Matched after /rest: /a3cats/** is the a3cats collection and its documents.")),
    h("div", { class: "field" }, h("label", { for: originId }, "Allowed origins (optional)"), origin,
      h("p", { class: "hint", id: `${originId}-hint` }, "Comma-separated; empty allows any origin.")));
  const syncKind = () => { scopeFields.hidden = full.checked; };
  full.addEventListener("change", syncKind);
  scoped.addEventListener("change", syncKind);
  const formErrors = h("div", { class: "error", role: "alert", hidden: true });
  const form = h("form", { class: "card add-key", "aria-labelledby": "add-key-title" },
    h("h2", { id: "add-key-title" }, "Add a key"),
    h("fieldset", { class: "kind" }, h("legend", {}, "Access"),
      h("label", { for: scopedId, class: "check" }, scoped, "Scoped web key (for a web page or an app)"),
      h("label", { for: fullId, class: "check" }, full, "Full access (everything, including bulk deletes and keys)")),
    scopeFields, formErrors,
    h("div", { class: "actions" }, h("button", { type: "submit", class: "primary" }, "Add key")));

  clear(main, h("div", { class: "view-head" }, h("h1", {}, "API keys")), errors, created, list, form);
  const refresh = () => refreshList(list, errors, fetchKeys, (keys) => keysTable(keys, errors, refresh));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formErrors.hidden = true;
    const body = full.checked ? { full: true } : {
      methods: methodBoxes.filter((b) => b.checked).map((b) => b.value),
      path: path.value.trim() || "/**",
      origins: origin.value.split(",").map((s) => s.trim()).filter(Boolean),
    };
    try {
      const answer = await post("/_restlite/keys", body);
      const key = answer.key;
      clear(created, h("div", { class: "success" },
        h("p", {}, h("strong", {}, "New key: "), h("code", { class: "new-key" }, key), " ", copyButton(() => key, "Copy key")),
        h("p", { class: "hint" }, "Send it as the x-apikey header. It is in the list below too.")));
      announce("Key added");
      await refresh();
      created.scrollIntoView({ block: "nearest" });
      created.querySelector("button").focus({ preventScroll: true });
    } catch (error) {
      showMessage(formErrors, prose(error.message));
    }
  });

  await refresh();
}

function keysTable(keys, errors, refresh) {
  if (keys.length === 0) return h("p", { class: "empty" }, "No keys.");
  return h("div", { class: "table-wrap" }, h("table", { class: "grid keys-table" },
    h("caption", { class: "offscreen" }, "API keys"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Key"), h("th", { scope: "col" }, "Access"), h("th", { scope: "col" }, h("span", { class: "offscreen" }, "Actions")))),
    h("tbody", {}, keys.map((k) => keyRow(k, errors, refresh)))));
}

function keyRow(k, errors, refresh) {
  const remove = h("button", { type: "button", class: "small danger", "aria-label": `Remove key ${mask(k.key)}` }, "Remove");
  remove.addEventListener("click", () => confirmThen(
    { title: "Remove this key?", message: `Apps using ${mask(k.key)} get 403 Forbidden from now on.`, confirm: "Remove key" },
    async () => {
      await del(`/_restlite/keys/${encodeURIComponent(k.key)}`);
      announce("Key removed");
    }, errors, refresh));
  return h("tr", { dataset: { key: k.key } },
    h("th", { scope: "row" }, h("code", { class: "key", title: k.key }, k.key)),
    h("td", {}, describe(k)),
    h("td", { class: "row-actions" }, copyButton(() => k.key, "Copy", `Copy key ${mask(k.key)}`), remove));
}
