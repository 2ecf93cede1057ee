// The documents view's state in the URL's query parameters, so a view can be linked and turned
// into code (code.js reads it too).

/** The state of `params`: skip, max, sort, dir, q, h and filter, with defaults for what is missing. */
export function stateFromParams(params) {
  const num = (name, fallback) => {
    const n = Number.parseInt(params.get(name) || "", 10);
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  return {
    skip: num("skip", 0), max: num("max", 20) || 20,
    sort: params.get("sort") || "", dir: params.get("dir") === "-1" ? -1 : 1,
    q: params.get("q") || "", h: params.get("h") || "", filter: params.get("filter") || "",
  };
}

/** The parameters of `state`, leaving out what has its default (but max, always). */
export function paramsFromState(state) {
  const p = new URLSearchParams();
  if (state.q) p.set("q", state.q);
  if (state.h) p.set("h", state.h);
  if (state.filter) p.set("filter", state.filter);
  if (state.sort) { p.set("sort", state.sort); p.set("dir", String(state.dir)); }
  if (state.skip) p.set("skip", String(state.skip));
  p.set("max", String(state.max));
  return p;
}
