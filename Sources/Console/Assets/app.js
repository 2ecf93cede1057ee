// The console's entry point: session, header, routing and the collections list.
import { get, post, del, put, request, setSession, restPath } from "./api.js";
import { h, clear, id, announce, confirmDialog, count, editKeys, plural, prose } from "./dom.js";
import { schemaEditor, fieldsSummary } from "./schema.js";
import { indexesCard } from "./indexes.js";

const main = document.getElementById("main");
const nav = document.getElementById("nav");
const account = document.getElementById("account");
let signedIn = false;
let renderToken = 0;

/** Parses "#/c/a3cats/schema?skip=20" into {parts: ["c","a3cats","schema"], params}. */
export function currentRoute() {
  const hash = location.hash.replace(/^#\/?/, "");
  const [path, query = ""] = hash.split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  return { parts, params: new URLSearchParams(query) };
}

export function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

/** Shows an error in `el` (an aria-live alert) or clears it with null. */
export function showError(el, error, extra) {
  if (!error) {
    el.hidden = true;
    clear(el);
    return;
  }
  el.hidden = false;
  clear(el, h("strong", {}, error.status ? `${error.body.name || "Error"} (${error.status}): ` : ""),
    prose(error.message), extra ? h("span", { class: "extra" }, " ", extra) : null);
}

export function errorBox() {
  return h("div", { class: "error", role: "alert", hidden: true });
}

function setHeader() {
  nav.hidden = !signedIn;
  account.hidden = !signedIn;
  const section = currentRoute().parts[0] || "collections";
  const active = section === "c" ? "collections" : section;
  for (const link of nav.querySelectorAll("a")) {
    if (link.dataset.nav === active) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

function setTitle(text) {
  document.title = text ? `${text} · restlite console` : "restlite console";
}

// ---- Sign in ----------------------------------------------------------------------------------

function signInView() {
  setTitle("Sign in");
  const keyId = id("key");
  const hintId = id("hint");
  const errors = errorBox();
  const input = h("input", {
    id: keyId, name: "key", type: "password", autocomplete: "current-password", required: true,
    spellcheck: "false", "aria-describedby": hintId,
  });
  const form = h("form", { class: "card signin", "aria-labelledby": "signin-title" },
    h("h1", { id: "signin-title" }, "Sign in to restlite"),
    h("label", { for: keyId }, "API key"),
    input,
    h("p", { id: hintId, class: "hint" },
      "A full-access key: the one restlite serve printed in its banner (the ",
      h("code", {}, "api key:"), " line), or use the banner's one-click sign-in link."),
    errors,
    h("div", { class: "actions" }, h("button", { type: "submit", class: "primary" }, "Sign in")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(errors, null);
    const key = input.value.trim();
    try {
      const answer = await post("/_console/session", { key });
      setSession(answer.csrf, key);
      signedIn = true;
      announce("Signed in");
      if (!location.hash || location.hash === "#/signin") location.hash = "#/";
      route();
    } catch (error) {
      showError(errors, error);
      input.setAttribute("aria-invalid", "true");
      input.focus();
    }
  });
  clear(main, form);
  input.focus();
}

async function signOut() {
  try {
    await del("/_console/session");
  } catch {
    // Signed out already: the view below is right either way.
  }
  setSession("");
  signedIn = false;
  announce("Signed out");
  history.replaceState(null, "", "#/");
  route();
}

// ---- Collections ------------------------------------------------------------------------------

async function collectionsView(token) {
  setTitle("Collections");
  const errors = errorBox();
  const list = h("div", { class: "collections", "aria-busy": "true" }, h("p", { class: "loading" }, "Loading collections…"));
  const createButton = h("button", { type: "button", class: "primary", "aria-expanded": "false" }, "New collection");
  const createArea = h("div", { class: "create-area" });
  clear(main,
    h("div", { class: "view-head" }, h("h1", {}, "Collections"), createButton),
    createArea, errors, list);
  createButton.addEventListener("click", () => {
    const open = createArea.childElementCount > 0;
    if (open) {
      clear(createArea);
      createButton.setAttribute("aria-expanded", "false");
    } else {
      clear(createArea, createForm(() => { clear(createArea); createButton.setAttribute("aria-expanded", "false"); createButton.focus(); }));
      createButton.setAttribute("aria-expanded", "true");
      createArea.querySelector("input").focus();
    }
  });

  let meta;
  try {
    meta = await get("/rest/_meta");
  } catch (error) {
    if (token !== renderToken) return;
    showError(errors, error);
    list.removeAttribute("aria-busy");
    clear(list);
    return;
  }
  const collections = (meta && meta.collections) || [];
  const details = await Promise.all(collections.map((c) =>
    get(`${restPath(c.name)}/_meta`).catch(() => ({ fields: [] }))));
  if (token !== renderToken) return;
  list.removeAttribute("aria-busy");
  if (collections.length === 0) {
    clear(list, h("p", { class: "empty" }, "No collections yet. Create one, or import a JSON or CSV file under ",
      h("a", { href: "#/import" }, "Import & export"), "."));
    return;
  }
  const rows = collections.map((c, i) => {
    const fields = details[i].fields || [];
    const open = h("a", { href: `#/c/${encodeURIComponent(c.name)}`, class: "name" }, c.name);
    const empty = h("button", { type: "button", class: "danger small", "aria-label": `Empty ${c.name}`, disabled: c.count === 0 }, "Empty…");
    empty.addEventListener("click", () => emptyCollection(c.name, c.count));
    const drop = h("button", { type: "button", class: "danger small", "aria-label": `Drop ${c.name}` }, "Drop…");
    const children = fields.filter((f) => f.type === "child" && f.collection).map((f) => f.collection);
    drop.addEventListener("click", () => dropCollection(c.name, c.count, children));
    return h("tr", {},
      h("th", { scope: "row" }, open),
      h("td", { class: "num" }, count(c.count)),
      h("td", { class: "fields" }, fieldsSummary(fields)),
      h("td", { class: "row-actions" },
        h("a", { href: `#/c/${encodeURIComponent(c.name)}/schema`, class: "button small" }, "Schema"),
        empty, drop));
  });
  clear(list, h("div", { class: "table-wrap" }, h("table", { class: "grid" },
    h("caption", { class: "offscreen" }, "Collections with their document counts and fields"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Name"), h("th", { scope: "col", class: "num" }, "Documents"),
      h("th", { scope: "col" }, "Fields"), h("th", { scope: "col" }, h("span", { class: "offscreen" }, "Actions")))),
    h("tbody", {}, rows))));
}

function createForm(done) {
  const nameId = id("name");
  const errors = errorBox();
  const name = h("input", { id: nameId, required: true, pattern: "[A-Za-z0-9_\\-]{1,64}", autocomplete: "off", spellcheck: "false" });
  const editor = schemaEditor([]);
  const form = h("form", { class: "card create", "aria-label": "New collection" },
    h("h2", {}, "New collection"),
    h("label", { for: nameId }, "Name"), name,
    h("p", { class: "hint" }, "1 to 64 letters, digits, - or _. The schema is optional: without one any JSON object is accepted."),
    h("fieldset", {}, h("legend", {}, "Schema (optional)"), editor.element),
    errors,
    h("div", { class: "actions" },
      h("button", { type: "button", onclick: done }, "Cancel"),
      h("button", { type: "submit", class: "primary" }, "Create")));
  editKeys(form, { cancel: done });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(errors, null);
    try {
      const fields = editor.value();
      await put(`${restPath(name.value)}/_meta`, { name: name.value, fields });
      announce(`Collection ${name.value} created`);
      go(`#/c/${encodeURIComponent(name.value)}`);
    } catch (error) {
      showError(errors, error);
    }
  });
  return form;
}

async function emptyCollection(name, n) {
  const ok = await confirmDialog({
    title: `Empty ${name}?`,
    message: `This deletes all ${plural(n, "document")} of ${name}; ${name} itself stays, empty, with its schema.`,
    confirm: `Delete ${plural(n, "document")}`,
  });
  if (!ok) return;
  try {
    const answer = await del(`${restPath(name)}/*?q=${encodeURIComponent("{}")}`);
    const gone = answer && answer.result ? answer.result.length : n;
    announce(`${plural(gone, "document")} deleted; ${name} is empty`);
  } catch (error) {
    announce(`Not emptied: ${error.message}`);
    alertBanner(error.message);
  }
  route();
}

async function dropCollection(name, n, children = []) {
  const childNote = children.length
    ? ` Their children in ${children.join(", ")} go too (those collections stay).`
    : "";
  const ok = await confirmDialog({
    title: `Drop ${name}?`,
    message: `This deletes ${name} with its ${plural(n, "document")}, its schema and its indexes.${childNote} It cannot be undone (export it first to keep a copy).`,
    confirm: `Drop ${name}`,
  });
  if (!ok) return;
  try {
    const answer = await del(`/_restlite/collections/${encodeURIComponent(name)}`);
    announce(`${name} dropped with ${plural(answer ? answer.documents : n, "document")}`);
  } catch (error) {
    announce(`Not dropped: ${error.message}`);
    alertBanner(error.message);
  }
  route();
}

function alertBanner(message) {
  const banner = h("div", { class: "error", role: "alert" }, prose(message));
  main.prepend(banner);
}

// ---- Schema view -----------------------------------------------------------------------------

async function schemaView(name, token) {
  setTitle(`${name} schema`);
  const errors = errorBox();
  const body = h("div", { "aria-busy": "true" }, h("p", { class: "loading" }, "Loading schema…"));
  clear(main, collectionHead(name, "schema"), errors, body);
  let meta;
  try {
    meta = await get(`${restPath(name)}/_meta`);
  } catch (error) {
    if (token !== renderToken) return;
    body.removeAttribute("aria-busy");
    clear(body);
    showError(errors, error);
    return;
  }
  if (token !== renderToken) return;
  body.removeAttribute("aria-busy");
  const fields = meta.fields || [];
  clear(body, meta.count === 0 ? emptySchemaForm(name, fields, errors) : liveSchemaForm(name, meta, errors), indexesCard(name));
}

/** The schema of a new or empty collection: set as a whole (PUT _meta). */
function emptySchemaForm(name, fields, errors) {
  const editor = schemaEditor(fields);
  const form = h("form", { class: "card", "aria-label": `Schema of ${name}` },
    h("p", { class: "hint" }, `${name} is empty, so its schema can be set. `, "Types: text, number (whole), float_number, date, bool, json."),
    editor.element,
    h("div", { class: "actions" }, h("button", { type: "submit", class: "primary" }, "Save schema")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(errors, null);
    try {
      await put(`${restPath(name)}/_meta`, { name, fields: editor.value() });
      announce("Schema saved");
      route();
    } catch (error) {
      showError(errors, error);
    }
  });
  return form;
}

/**
 * The schema of a collection holding documents, edited as restdb's data manager does: add,
 * rename, remove and retype fields. "Check changes" asks the server what the edit would do
 * (how many documents do not fit a new type, which documents change); "Apply changes" does it.
 */
function liveSchemaForm(name, meta, errors) {
  const fields = meta.fields || [];
  const editor = schemaEditor(fields);
  const removeId = id("rmvals");
  const removeValues = h("input", { id: removeId, type: "checkbox", class: "remove-values" });
  const report = h("div", { class: "schema-report", role: "status", hidden: true });
  const check = h("button", { type: "submit", class: "primary" }, "Check changes");
  const apply = h("button", { type: "button", class: "danger", disabled: true }, "Apply changes");
  const form = h("form", { class: "card", "aria-label": `Schema of ${name}` },
    h("p", { class: "hint" }, `${name} holds ${plural(meta.count, "document")}. Add, rename, remove or retype fields, check what that does to the documents, then apply. `,
      "A renamed field is renamed in every document. Values that do not fit a new type stay as they are (and are counted first)."),
    editor.element,
    h("label", { class: "check", for: removeId }, removeValues, "Delete removed fields' values from the documents (unticked, the values stay in the documents, outside the schema)"),
    report,
    h("div", { class: "actions" }, check, apply));
  const edit = (dryRun) => post(`/_restlite/collections/${encodeURIComponent(name)}/schema`, {
    fields: editor.value(), renames: editor.renames(), removeValues: removeValues.checked, dryRun,
  });
  const stale = () => { apply.disabled = true; report.hidden = true; };
  editor.onChange(stale);
  removeValues.addEventListener("change", stale);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(errors, null);
    try {
      const answer = await edit(true);
      clear(report, schemaReport(answer));
      report.hidden = false;
      apply.disabled = false;
      apply.focus();
    } catch (error) {
      stale();
      showError(errors, error);
    }
  });
  apply.addEventListener("click", async () => {
    showError(errors, null);
    try {
      const answer = await edit(false);
      announce(`Schema saved; ${plural(answer.changedDocuments, "document")} changed`);
      await schemaView(name, renderToken);
      const done = h("div", { class: "success", role: "status" }, h("strong", {}, "Schema saved. "),
        `${plural(answer.changedDocuments, "document")} changed.`,
        answer.misfits.length ? ` ${answer.misfits.map((m) => `${plural(m.documents, "document")} keep a ${m.field} that ${m.message}`).join("; ")}.` : "");
      main.querySelector(".view-head").after(done);
    } catch (error) {
      showError(errors, error);
    }
  });
  return form;
}

/** What a schema edit would do, as a list a person reads before applying it. */
function schemaReport(answer) {
  const items = [];
  for (const r of answer.renamed) items.push(h("li", {}, "Rename ", h("code", {}, r.from), " to ", h("code", {}, r.to), " in every document"));
  for (const f of answer.added) items.push(h("li", {}, "Add ", h("code", {}, f)));
  for (const f of answer.removed) {
    items.push(h("li", {}, "Remove ", h("code", {}, f), answer.removedValues ? ": its values are deleted from the documents" : ": its values stay in the documents"));
  }
  for (const t of answer.retyped) items.push(h("li", {}, "Change ", h("code", {}, t.field), ` from ${t.from} to ${t.to}`));
  const misfits = answer.misfits.map((m) => h("li", { class: "misfit" },
    h("strong", {}, `${plural(m.documents, "document")} ${m.documents === 1 ? "does" : "do"} not fit `), h("code", {}, m.field), `: the value ${m.message}. Those values stay as they are; the documents must be corrected before they are next saved.`));
  return [
    h("h3", {}, `Of ${plural(answer.documents, "document")}, ${plural(answer.changedDocuments, "document")} change`),
    items.length ? h("ul", {}, items) : h("p", {}, "Only required or unique marks change."),
    misfits.length ? h("ul", { class: "misfits" }, misfits) : h("p", { class: "fits" }, "Every document fits the new schema."),
  ];
}

/** The heading of a collection's pages, with its tabs. */
export function collectionHead(name, active) {
  const base = `#/c/${encodeURIComponent(name)}`;
  const tab = (key, href, label) => h("a", { href, class: "tab", "aria-current": key === active ? "page" : null }, label);
  return h("div", { class: "view-head" },
    h("h1", {}, h("a", { href: "#/", class: "crumb" }, "Collections"), h("span", { "aria-hidden": "true" }, " / "), name),
    h("nav", { class: "tabs", "aria-label": `${name} pages` },
      tab("documents", base, "Documents"), tab("schema", `${base}/schema`, "Schema"), tab("code", `${base}/code`, "Use it from code")));
}

// ---- Router ------------------------------------------------------------------------------------

async function route() {
  renderToken += 1;
  const token = renderToken;
  setHeader();
  if (!signedIn) {
    signInView();
    return;
  }
  const { parts, params } = currentRoute();
  const focusMain = () => { if (document.activeElement === document.body) main.focus({ preventScroll: true }); };
  try {
    if (parts[0] === "c" && parts[1]) {
      if (parts[2] === "schema") await schemaView(parts[1], token);
      else if (parts[2] === "code") {
        const { codeView } = await import("./code.js");
        await codeView(main, parts[1], params, { collectionHead, setTitle });
      } else {
        const { documentsView } = await import("./documents.js");
        await documentsView(main, parts[1], params, { collectionHead, setTitle, token: () => token === renderToken });
      }
    } else if (parts[0] === "import") {
      const { importView } = await import("./import.js");
      await importView(main, params, { setTitle });
    } else if (parts[0] === "media") {
      const { mediaView } = await import("./media.js");
      await mediaView(main, { setTitle });
    } else if (parts[0] === "keys") {
      const { keysView } = await import("./keys.js");
      await keysView(main, { setTitle });
    } else {
      await collectionsView(token);
    }
  } catch (error) {
    if (token === renderToken) {
      clear(main, h("div", { class: "error", role: "alert" }, prose(error.message || String(error))));
    }
  }
  focusMain();
  performance.mark("console-ready");
}

window.addEventListener("hashchange", () => {
  route();
  // Keyboard users land on the new page's content.
  main.focus({ preventScroll: true });
});
window.addEventListener("console:signed-out", () => {
  if (!signedIn) return;
  signedIn = false;
  setSession("");
  announce("Your session ended; sign in again.");
  route();
});
document.getElementById("signout").addEventListener("click", signOut);

async function start() {
  try {
    const { body } = await request("GET", "/_console/session");
    if (body && body.signedIn) {
      setSession(body.csrf);
      signedIn = true;
    }
  } catch {
    signedIn = false;
  }
  await route();
}

start();

export { put, del };
