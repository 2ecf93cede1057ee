// The console's one way to the server: fetch with the session cookie and the CSRF header.

let csrf = "";
let signedInKey = "";

export class APIError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : `The server answered ${status}.`);
    this.status = status;
    this.body = body || {};
    this.line = this.body.line;
  }
}

export function setSession(token, key = "") {
  csrf = token || "";
  if (key) signedInKey = key;
  if (!token) signedInKey = "";
}

/** The key typed at sign-in on this page load (never stored), for the code examples. */
export function knownKey() {
  return signedInKey;
}

async function parse(response) {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/**
 * Sends a request; resolves with {status, body, headers} on 2xx, throws APIError otherwise.
 * `body` may be an object (sent as JSON), a string, or a Blob/File.
 */
export async function request(method, path, { body, headers = {}, signal } = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers }, credentials: "same-origin", signal };
  if (method !== "GET" && method !== "HEAD") init.headers["X-CSRF-Token"] = csrf;
  if (body !== undefined) {
    if (body instanceof Blob || body instanceof FormData || typeof body === "string") {
      init.body = body;
    } else {
      init.body = JSON.stringify(body);
      init.headers["Content-Type"] = "application/json";
    }
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new APIError(0, { message: "The server cannot be reached. Is restlite serve still running?" });
  }
  const parsed = await parse(response);
  if (!response.ok) {
    const err = new APIError(response.status, parsed);
    if (response.status === 401 && !path.startsWith("/_console/session")) {
      window.dispatchEvent(new CustomEvent("console:signed-out"));
    }
    throw err;
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export const get = (path, opts) => request("GET", path, opts).then((r) => r.body);
export const post = (path, body, opts = {}) => request("POST", path, { ...opts, body }).then((r) => r.body);
export const put = (path, body, opts = {}) => request("PUT", path, { ...opts, body }).then((r) => r.body);
export const del = (path, body, opts = {}) => request("DELETE", path, { ...opts, body }).then((r) => r.body);

/** Path of a collection, or of one of its documents. */
export function restPath(collection, id) {
  const base = `/rest/${encodeURIComponent(collection)}`;
  return id ? `${base}/${encodeURIComponent(id)}` : base;
}

/**
 * Uploads `file` with XMLHttpRequest so the upload's progress can be shown.
 * onProgress(fraction) is called with 0..1 (or null when the size is unknown).
 */
export function upload(path, file, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("X-CSRF-Token", csrf);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.addEventListener("progress", (event) => {
      onProgress(event.lengthComputable ? event.loaded / event.total : null);
    });
    xhr.addEventListener("load", () => {
      let body = null;
      try { body = JSON.parse(xhr.responseText); } catch { body = { message: xhr.responseText }; }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new APIError(xhr.status, body));
    });
    xhr.addEventListener("error", () => reject(new APIError(0, { message: "The upload failed: the server cannot be reached." })));
    xhr.send(file);
  });
}

/** Uploads `files` to the media archive as one multipart POST /media; resolves with their ids. */
export async function uploadMedia(files) {
  const data = new FormData();
  for (const file of files) data.append("file", file, file.name);
  const { body } = await request("POST", "/media", { body: data });
  return (body && body.ids) || [];
}

/** A key of GET /_restlite/keys gives full access ({"kind":"full"}; {"full":true} also read). */
export function isFullKey(key) {
  return key.kind === "full" || key.full === true;
}
