// "Use it from code": the table's current view as curl, Swift (URLSession and RestDBClient)
// and a Postman request, ready to copy.
import { get, knownKey, restPath, isFullKey } from "./api.js";
import { h, clear, id, copyButton } from "./dom.js";
import { stateFromParams, paramsFromState } from "./query-state.js";

const KEY_PLACEHOLDER = "YOUR_API_KEY";

/** The GET the table sends for `state`, without the console-only totals/metafields. */
export function requestFor(origin, name, state) {
  const params = paramsFromState(state);
  const query = params.toString();
  return { url: `${origin}${restPath(name)}${query ? `?${query}` : ""}`, params, path: restPath(name) };
}

/** Does the key glob (matched after /rest) cover `path`? "**" spans segments, "*" one segment. */
export function globMatches(glob, path) {
  const pattern = glob.split("**").map((part) => part.split("*").map((t) => t.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]*")).join(".*");
  return new RegExp(`^${pattern}$`).test(path) || new RegExp(`^${pattern}$`).test(`${path}/x`);
}

const shellQuote = (s) => `'${s.replaceAll("'", `'"'"'`)}'`;
const swiftRaw = (s) => (s.includes('"#') ? JSON.stringify(s) : `#"${s}"#`);

export function curlCode(req, key) {
  return `curl -s ${shellQuote(req.url)} \\\n  -H ${shellQuote(`x-apikey: ${key}`)}`;
}

const SWIFT_TYPES = { text: "String", number: "Int", float_number: "Double", date: "Date", bool: "Bool", image: "[String]", file: "[String]" };

// Words a property cannot be named as it is: Swift's keywords, and the struct's own `id`
// (the document's _id, for Identifiable) and `CodingKeys`.
const SWIFT_RESERVED = new Set(`associatedtype class deinit enum extension fileprivate func import init inout internal let
  open operator private precedencegroup protocol public rethrows static struct subscript typealias var break case catch
  continue default defer do else fallthrough for guard if in repeat return throw switch where while Any as await false
  is nil self Self super throws true try Type Protocol async actor some any id CodingKeys`.split(/\s+/));

/** A Swift property name for a field: "owner name" -> ownerName, "class" -> classField, "2nd" -> _2nd. */
function swiftName(field) {
  const words = field.split(/[^A-Za-z0-9_]+/).filter(Boolean);
  let name = words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join("") || "field";
  if (/^[0-9]/.test(name)) name = `_${name}`;
  return SWIFT_RESERVED.has(name) ? `${name}Field` : name;
}

/** The fields a document struct decodes: every field with a value in the document (not child collections). */
function valueFields(fields) {
  return fields.filter((f) => f.type !== "child");
}

/** Any JSON value, for fields of type json (objects, arrays, mixed). */
const SWIFT_JSON_VALUE = `/// Any JSON value: the type of json fields (objects, arrays, mixed).
enum JSONValue: Codable {
    case string(String), number(Double), bool(Bool), object([String: JSONValue]), array([JSONValue]), null

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}`;

/** A Codable struct for the schema's fields (every property optional: a document may lack any). */
export function swiftStruct(fields) {
  const props = [];
  const keys = [`        case id = "_id"`];
  const used = new Set(["id"]);
  let json = false;
  for (const f of valueFields(fields)) {
    let prop = swiftName(f.name);
    for (let n = 2; used.has(prop); n += 1) prop = `${swiftName(f.name)}${n}`;
    used.add(prop);
    const type = SWIFT_TYPES[f.type] || "JSONValue";
    if (type === "JSONValue") json = true;
    props.push(`    var ${prop}: ${type}?`);
    keys.push(prop === f.name ? `        case ${prop}` : `        case ${prop} = ${JSON.stringify(f.name)}`);
  }
  const struct = [
    "struct Document: Codable, Identifiable {",
    "    var id: String?",
    ...props,
    "",
    "    enum CodingKeys: String, CodingKey {",
    ...keys,
    "    }",
    "}",
  ].join("\n");
  return json ? `${struct}\n\n${SWIFT_JSON_VALUE}` : struct;
}

export function swiftURLSessionCode(req, key, fields, origin, name) {
  const items = [...req.params].map(([k, v]) => `    URLQueryItem(name: ${JSON.stringify(k)}, value: ${swiftRaw(v)}),`);
  const plusNote = [...req.params].some(([, v]) => v.includes("+"))
    ? "// restdb reads '+' in a query as a space: percent-encode it as %2B (percentEncodedQueryItems).\n" : "";
  return `import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking  // URLSession on Linux
#endif

${swiftStruct(fields)}

/// restdb's date format: 2015-11-08T08:58:51.000Z
func restDBDateFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZ"
    return formatter
}

/// The documents of the table's view; call it from a Task or an async function:
/// let documents = try await fetchDocuments()
func fetchDocuments() async throws -> [Document] {
    var components = URLComponents(string: ${JSON.stringify(`${origin}${restPath(name)}`)})!
${plusNote}    components.queryItems = [
${items.join("\n")}
    ]
    var request = URLRequest(url: components.url!)
    request.setValue(${JSON.stringify(key)}, forHTTPHeaderField: "x-apikey")
    let (data, response) = try await URLSession.shared.data(for: request)
    guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
        throw URLError(.badServerResponse)
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .formatted(restDBDateFormatter())
    return try decoder.decode([Document].self, from: data)
}`;
}

export function swiftClientCode(state, key, fields, origin, name) {
  const args = [];
  if (state.q) args.push(`.raw(${swiftRaw(state.q)})`);
  if (state.sort) args.push(`sort: [.${state.dir === -1 ? "descending" : "ascending"}(${JSON.stringify(state.sort)})]`);
  if (state.skip) args.push(`skip: ${state.skip}`);
  args.push(`max: ${state.max}`);
  if (state.filter) args.push(`filter: ${JSON.stringify(state.filter)}`);
  const hints = state.h ? `// The hints h=${state.h} have no RestDBClient argument here; list(...) takes sort, skip, max and fields.\n` : "";
  return `import Foundation
import RestDBClient
#if canImport(RestDBClientSocketTransport)
import RestDBClientSocketTransport  // Linux: the client's transport (iOS and macOS use URLSession)
#endif

${swiftStruct(fields)}

let client = RestDBClient(baseURL: URL(string: ${JSON.stringify(origin)})!, apiKey: ${JSON.stringify(key)})
let documents = client.collection(${JSON.stringify(name)}, of: Document.self)

${hints}// One page, with the total count (totals=true); list(...) takes the same arguments.
let page = try await documents.page(${args.join(", ")})
print(page.totals.total, page.data.count)`;
}

/** JavaScript with fetch (browsers, Node 18 and later, Deno), as restdb's own API page shows. */
export function javascriptCode(req, key) {
  return `// The documents of the table's current view, with fetch (a browser page, or Node 18+ as an ES module).
const url = ${JSON.stringify(req.url)};

const response = await fetch(url, { headers: { "x-apikey": ${JSON.stringify(key)} } });
if (!response.ok) throw new Error(\`\${response.status}: \${await response.text()}\`);
const documents = await response.json();
console.log(documents.length, "documents");
for (const doc of documents.slice(0, 3)) console.log(doc._id, doc);
`;
}

export function postmanCode(req, key, origin, name) {
  const query = [...req.params].map(([k, v]) => ({ key: k, value: v }));
  const rawQuery = req.params.toString();
  const item = {
    info: {
      name: `restlite ${name}`,
      schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
    },
    item: [{
      name: `GET ${name}`,
      request: {
        method: "GET",
        header: [{ key: "x-apikey", value: "{{apikey}}" }],
        url: {
          raw: `{{baseUrl}}${req.path}${rawQuery ? `?${rawQuery}` : ""}`,
          host: ["{{baseUrl}}"],
          path: req.path.split("/").filter(Boolean).map(decodeURIComponent),
          query,
        },
      },
    }],
    variable: [{ key: "baseUrl", value: origin }, { key: "apikey", value: key }],
  };
  return JSON.stringify(item, null, 2);
}

export async function codeView(main, name, params, { collectionHead, setTitle }) {
  setTitle(`${name} from code`);
  const state = stateFromParams(params);
  let fields = [];
  try {
    fields = (await get(`${restPath(name)}/_meta`)).fields || [];
  } catch {
    fields = [];
  }
  const origin = location.origin;
  // The examples use a real key of this server: the one signed in with, else the first that reads
  // this collection (a scoped GET key is the better choice for an app).
  let keys = [];
  try {
    const answer = await get("/_restlite/keys");
    keys = Array.isArray(answer) ? answer : answer.keys || [];
  } catch {
    keys = [];
  }
  const reads = (k) => isFullKey(k) || ((k.methods || []).includes("GET") && globMatches(k.path || "/**", `/${name}`));
  const usable = keys.filter(reads);
  let key = knownKey() || (usable.find(isFullKey) || usable[0] || {}).key || KEY_PLACEHOLDER;
  const keyId = id("codekey");
  const keySelect = h("select", { id: keyId },
    (usable.length ? usable : [{ key }]).map((k) => h("option", { value: k.key, selected: k.key === key },
      `${k.key}${isFullKey(k) ? " (full access)" : k.methods ? ` (${k.methods.join(", ")} ${k.path})` : ""}`)));
  const tabs = h("div", { class: "code-tabs", role: "tablist", "aria-label": "Languages" });
  const panels = h("div", { class: "code-panels" });
  const buttons = [];
  const pres = [];
  const req = requestFor(origin, name, state);
  const samples = () => [
    ["curl", "curl", curlCode(req, key)],
    ["swift", "Swift (URLSession)", swiftURLSessionCode(req, key, fields, origin, name)],
    ["client", "Swift (RestDBClient)", swiftClientCode(state, key, fields, origin, name)],
    ["javascript", "JavaScript (fetch)", javascriptCode(req, key)],
    ["postman", "Postman (collection JSON)", postmanCode(req, key, origin, name)],
  ];
  const texts = [];
  samples().forEach(([slug, label], i) => {
    const tabId = id("tab");
    const panelId = id("panel");
    const button = h("button", { type: "button", role: "tab", id: tabId, "aria-controls": panelId, "aria-selected": i === 0 ? "true" : "false", tabindex: i === 0 ? "0" : "-1", dataset: { lang: slug } }, label);
    const code = h("code");
    const pre = h("pre", { class: "code", tabindex: "0", "aria-label": `${label} code` }, code);
    const panel = h("div", { role: "tabpanel", id: panelId, "aria-labelledby": tabId, hidden: i !== 0, class: "code-panel", dataset: { lang: slug } },
      h("div", { class: "code-actions" }, copyButton(() => texts[i], `Copy ${label}`)), pre);
    buttons.push(button);
    pres.push(code);
    tabs.append(button);
    panels.append(panel);
  });
  const fill = () => samples().forEach(([, , text], i) => { texts[i] = text; pres[i].textContent = text; });
  fill();
  keySelect.addEventListener("change", () => { key = keySelect.value; fill(); });
  const select = (index) => {
    buttons.forEach((b, i) => {
      b.setAttribute("aria-selected", i === index ? "true" : "false");
      b.tabIndex = i === index ? 0 : -1;
      panels.children[i].hidden = i !== index;
    });
    buttons[index].focus();
  };
  buttons.forEach((b, i) => {
    b.addEventListener("click", () => select(i));
    b.addEventListener("keydown", (event) => {
      const to = { ArrowRight: (i + 1) % buttons.length, ArrowLeft: (i + buttons.length - 1) % buttons.length, Home: 0, End: buttons.length - 1 }[event.key];
      if (to !== undefined) { event.preventDefault(); select(to); }
    });
  });
  const back = `#/c/${encodeURIComponent(name)}?${paramsFromState(state)}`;
  clear(main,
    collectionHead(name, "code"),
    h("p", { class: "lead" }, "The request behind ", h("a", { href: back }, "the table's current view"), ": ",
      h("code", { class: "request-line" }, `GET ${req.url.slice(origin.length)}`)),
    h("div", { class: "field key-pick" }, h("label", { for: keyId }, "Key in the examples"), keySelect,
      h("p", { class: "hint" }, "For an app, prefer a scoped key: add one under ", h("a", { href: "#/keys" }, "API keys"), ".")),
    tabs, panels);
}
