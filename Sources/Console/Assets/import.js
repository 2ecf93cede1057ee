// Import (drop or pick a JSON array, JSON lines or CSV file; preview; upload with progress)
// and export (download JSON or CSV).
import { get, request, upload, restPath } from "./api.js";
import { h, clear, id, announce, count, plural, prose } from "./dom.js";
import { fieldsSummary } from "./schema.js";

const FORMATS = { json: "JSON array", jsonl: "JSON lines", csv: "CSV" };

function guessFormat(file) {
  const lower = file.name.toLowerCase();
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) return "jsonl";
  return "json";
}

function collectionFromFile(file) {
  const base = file.name.replace(/\.[^.]*$/, "").replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 64);
  return base || "imported";
}

/**
 * The server's message about a file, naming the file ("cats.json, line 3: ..." where the
 * server says "the file, line 3: ..."), after `heading`; backticks become code.
 */
function fileError(heading, error, fileName) {
  const message = fileName ? error.message.replace(/^the file\b/, fileName) : error.message;
  return [h("strong", {}, heading), prose(message),
    error.line && !new RegExp(`line ${error.line}\\b`).test(message) ? h("span", { class: "line" }, ` (line ${error.line})`) : null];
}

export async function importView(main, params, { setTitle }) {
  setTitle("Import & export");
  let file = null;
  let format = "json";

  const fileId = id("file"), fmtId = id("fmt"), collId = id("coll");
  const fileInput = h("input", { id: fileId, type: "file", accept: ".json,.jsonl,.ndjson,.csv,application/json,text/csv", class: "file-input" });
  const fileName = h("span", { class: "file-name" });
  const zone = h("div", { class: "dropzone" },
    h("p", { class: "drop-title" }, "Drop a JSON array, JSON lines or CSV file here"),
    h("p", {}, "or ", fileInput, h("label", { for: fileId, class: "button" }, "choose a file"), fileName),
    h("p", { class: "hint" }, "Mockaroo's JSON and CSV downloads work as they are."));
  const formatSelect = h("select", { id: fmtId }, Object.entries(FORMATS).map(([v, label]) => h("option", { value: v }, label)));
  const collInput = h("input", { id: collId, required: true, pattern: "[A-Za-z0-9_\\-]{1,64}", autocomplete: "off", spellcheck: "false", value: params.get("collection") || "" });
  const previewArea = h("div", { class: "preview", "aria-live": "polite" });
  const progress = h("progress", { max: "1", value: "0", "aria-label": "Upload progress", hidden: true });
  const progressText = h("span", { class: "progress-text", role: "status" });
  const result = h("div", { class: "result", role: "alert" });
  const importButton = h("button", { type: "submit", class: "primary", disabled: true }, "Import");
  const form = h("form", { class: "card import", "aria-labelledby": "import-title" },
    h("h2", { id: "import-title" }, "Import"),
    zone,
    h("div", { class: "row" },
      h("div", { class: "field" }, h("label", { for: fmtId }, "Format"), formatSelect),
      h("div", { class: "field" }, h("label", { for: collId }, "Into collection"), collInput)),
    previewArea,
    h("div", { class: "actions" }, importButton, progress, progressText),
    result);

  // Export
  const exportSelect = h("select", { id: id("exp") });
  const jsonLink = h("a", { class: "button", download: "" }, "Download JSON");
  const csvLink = h("a", { class: "button", download: "" }, "Download CSV");
  const updateLinks = () => {
    const name = exportSelect.value;
    jsonLink.href = `/_restlite/export/${encodeURIComponent(name)}?format=json`;
    jsonLink.setAttribute("download", `${name}.json`);
    csvLink.href = `/_restlite/export/${encodeURIComponent(name)}?format=csv`;
    csvLink.setAttribute("download", `${name}.csv`);
  };
  exportSelect.addEventListener("change", updateLinks);
  const exportCard = h("section", { class: "card export", "aria-labelledby": "export-title" },
    h("h2", { id: "export-title" }, "Export"),
    h("div", { class: "row" },
      h("div", { class: "field" }, h("label", { for: exportSelect.id }, "Collection"), exportSelect),
      h("div", { class: "field links" }, jsonLink, csvLink)),
    h("p", { class: "hint" }, "Every document with its _id, in restlite's date format; the JSON file imports again as it is."));

  clear(main, h("div", { class: "view-head" }, h("h1", {}, "Import & export")), form, exportCard);

  /** Fills the export list from the server (again after an import), keeping or choosing `pick`. */
  async function listCollections(pick = exportSelect.value) {
    try {
      const meta = await get("/rest/_meta");
      const names = (meta.collections || []).map((c) => c.name);
      clear(exportSelect, names.map((n) => h("option", { value: n, selected: n === pick }, n)));
      jsonLink.hidden = csvLink.hidden = exportSelect.disabled = names.length === 0;
      updateLinks();
    } catch {
      exportSelect.disabled = true;
    }
  }
  await listCollections();

  async function choose(chosen) {
    if (!chosen) return;
    file = chosen;
    // A new file starts afresh: no progress or result of the previous import.
    progress.hidden = true;
    progress.value = 0;
    progressText.textContent = "";
    fileName.textContent = file.name;
    format = guessFormat(file);
    formatSelect.value = format;
    if (!collInput.value) collInput.value = collectionFromFile(file);
    await preview();
  }

  async function preview() {
    clear(result);
    importButton.disabled = true;
    clear(previewArea, h("p", { class: "loading" }, `Reading ${file.name}…`));
    try {
      const { body } = await request("POST", `/_restlite/import/preview?format=${format}`, {
        body: file, headers: { "Content-Type": "application/octet-stream" },
      });
      const fields = (body.schema && body.schema.fields) || [];
      const rows = body.rows || [];
      const cols = fields.length ? fields.map((f) => f.name) : [...new Set(rows.flatMap((r) => Object.keys(r)))];
      clear(previewArea,
        h("h3", {}, `${file.name}: ${plural(body.count, "row")} (${FORMATS[body.format] || body.format})`),
        h("h4", {}, "Inferred schema"),
        h("p", { class: "schema-line" }, fieldsSummary(fields)),
        h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "First rows" },
          h("table", { class: "grid preview-rows" },
            h("caption", {}, `First ${rows.length} of ${count(body.count)} rows`),
            h("thead", {}, h("tr", {}, cols.map((c) => h("th", { scope: "col" }, c)))),
            h("tbody", {}, rows.map((r) => h("tr", {}, cols.map((c) => h("td", {},
              r[c] === undefined ? "" : typeof r[c] === "object" ? JSON.stringify(r[c]) : String(r[c])))))))));
      importButton.disabled = false;
      announce(`${plural(body.count, "row")} ready to import`);
    } catch (error) {
      clear(previewArea, h("div", { class: "error", role: "alert" }, fileError("This file cannot be imported: ", error, file.name)));
    }
  }

  fileInput.addEventListener("change", () => choose(fileInput.files[0]));
  formatSelect.addEventListener("change", () => { format = formatSelect.value; if (file) preview(); });
  for (const type of ["dragenter", "dragover"]) {
    zone.addEventListener(type, (event) => { event.preventDefault(); zone.classList.add("over"); });
  }
  for (const type of ["dragleave", "drop"]) {
    zone.addEventListener(type, () => zone.classList.remove("over"));
  }
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    const dropped = event.dataTransfer && event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!file) return;
    const name = collInput.value.trim();
    if (!collInput.checkValidity()) { collInput.reportValidity(); return; }
    importButton.disabled = true;
    progress.hidden = false;
    progress.value = 0;
    progressText.textContent = "Uploading…";
    clear(result);
    try {
      const answer = await upload(`/_restlite/import?collection=${encodeURIComponent(name)}&format=${format}`, file, (fraction) => {
        if (fraction === null) { progress.removeAttribute("value"); return; }
        progress.value = fraction;
        progressText.textContent = fraction < 1 ? `Uploading… ${Math.round(fraction * 100)}%` : "Importing…";
      });
      progress.value = 1;
      progressText.textContent = "Done";
      const collection = answer.collection || name;
      clear(result, h("div", { class: "success" },
        h("strong", {}, `Imported ${plural(answer.imported, "document")} into ${collection}. `),
        h("a", { href: `#/c/${encodeURIComponent(collection)}` }, `Open ${collection}`),
        answer.schema && answer.schema.fields ? h("p", {}, "Schema: ", fieldsSummary(answer.schema.fields)) : null));
      announce(`Imported ${plural(answer.imported, "document")} into ${collection}`);
      await listCollections(collection);
      result.scrollIntoView({ block: "nearest" });
    } catch (error) {
      progress.hidden = true;
      progressText.textContent = "";
      const nothing = /nothing was changed/i.test(error.message) ? null : h("p", {}, h("strong", {}, "Nothing was changed."));
      clear(result, h("div", { class: "error" }, fileError("Import failed: ", error, file.name), nothing));
      result.scrollIntoView({ block: "nearest" });
    } finally {
      importButton.disabled = false;
    }
  });
}

export { restPath };
