// A collection's field indexes on its schema page: declared and automatic, what each serves,
// how reads used an automatic one, and Remove (DELETE /_restlite/indexes/<collection>/<field>).
import { get, del } from "./api.js";
import { h, announce, confirmThen, refreshList } from "./dom.js";

const PURPOSES = { filter: "filter (equality, $in, ranges)", sort: "sort" };

/** The card listing `name`'s indexes; it fills itself and refreshes after a removal. */
export function indexesCard(name) {
  const errors = h("div", { class: "error", role: "alert", hidden: true });
  const list = h("div", { class: "index-list", "aria-busy": "true" }, h("p", { class: "loading" }, "Loading indexes…"));
  const card = h("section", { class: "card indexes", "aria-labelledby": "indexes-title" },
    h("h2", { id: "indexes-title" }, "Indexes"), errors, list);
  const fetchIndexes = async () => {
    const answer = await get(`/_restlite/indexes?collection=${encodeURIComponent(name)}`);
    return answer.indexes || [];
  };
  const refresh = () => refreshList(list, errors, fetchIndexes, (indexes) => indexesTable(name, indexes, errors, refresh));
  refresh();
  return card;
}

function indexesTable(name, indexes, errors, refresh) {
  if (indexes.length === 0) {
    return h("p", { class: "empty" }, `${name} has no indexes. restlite indexes a field by itself when slow reads keep filtering or sorting on it (and drops the index after an hour unused); declare one with `,
      h("code", {}, `restlite index add --collection ${name} --field <field>`), ".");
  }
  return h("div", { class: "table-wrap" }, h("table", { class: "grid indexes-table" },
    h("caption", { class: "offscreen" }, `Indexes of ${name}`),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Field"), h("th", { scope: "col" }, "Kind"),
      h("th", { scope: "col" }, "Serves"), h("th", { scope: "col" }, "Use since the server started"),
      h("th", { scope: "col" }, h("span", { class: "offscreen" }, "Actions")))),
    h("tbody", {}, indexes.map((index) => indexRow(name, index, errors, refresh)))));
}

function indexRow(name, index, errors, refresh) {
  const remove = h("button", { type: "button", class: "small danger", "aria-label": `Remove the index on ${index.field}` }, "Remove");
  remove.addEventListener("click", () => confirmThen(
    {
      title: `Remove the index on ${index.field}?`,
      message: index.automatic
        ? `Reads that filter or sort on ${index.field} scan ${name} again; restlite may index it by itself again if they stay slow.`
        : `Reads that filter or sort on ${index.field} scan ${name} from now on. Declare it again with restlite index add.`,
      confirm: "Remove index",
    },
    async () => {
      await del(`/_restlite/indexes/${encodeURIComponent(name)}/${encodeURIComponent(index.field)}`);
      announce(`Index on ${index.field} removed`);
    }, errors, refresh));
  const kind = index.automatic
    ? h("span", { class: "badge auto", title: "Made by restlite for a field slow reads used" }, "automatic")
    : h("span", { class: "badge declared" }, "declared");
  return h("tr", { dataset: { field: index.field, automatic: String(index.automatic) } },
    h("th", { scope: "row" }, h("code", {}, index.field)),
    h("td", { class: "kind" }, kind),
    h("td", { class: "purposes" }, (index.purposes || []).map((p) => PURPOSES[p] || p).join("; ")),
    h("td", { class: "use" }, usage(index)),
    h("td", { class: "row-actions" }, remove));
}

/** "12 reads, last 11:02:03" for an automatic index; a declared one is not counted. */
function usage(index) {
  if (!index.automatic) return h("span", { class: "muted" }, "not counted");
  const reads = index.reads || 0;
  if (reads === 0 || !index.lastRead) return h("span", { class: "muted" }, "no reads yet");
  const last = new Date(index.lastRead);
  return `${reads.toLocaleString("en-US")} read${reads === 1 ? "" : "s"}, last ${last.toLocaleString()}`;
}
