// Small DOM helpers: elements are built with h(), never from HTML strings, so data is always text.

/** Builds an element: h("button", {class: "primary", onclick: f}, "Save"). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      el.className = value;
    } else if (name === "dataset") {
      Object.assign(el.dataset, value);
    } else if (name in el && typeof value !== "string") {
      el[name] = value;
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/**
 * A server message as nodes: `text in backticks` becomes <code>, the rest stays text
 * ("use a key that `restlite keys list` shows" shows the command as code, no backticks).
 */
export function prose(text) {
  const parts = String(text ?? "").split(/`([^`\n]+)`/);
  return parts.map((part, i) => (i % 2 === 1 ? h("code", {}, part) : part)).filter((part) => part !== "");
}

/** Replaces the children of `el`. */
export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

let uid = 0;
/** A fresh id for label/aria wiring. */
export function id(prefix = "f") {
  uid += 1;
  return `${prefix}-${uid}`;
}

/** Shows `children` in a message box that is hidden while it has nothing to say. */
export function showMessage(box, ...children) {
  box.hidden = false;
  clear(box, ...children);
}

/**
 * Keys of a form or an editing row: Escape calls `cancel`; Enter in a one-line input calls
 * `submit`, when given (a textarea keeps its Enter).
 */
export function editKeys(el, { cancel, submit }) {
  el.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      cancel();
    } else if (submit && event.key === "Enter" && event.target.tagName === "INPUT") {
      event.preventDefault();
      submit();
    }
  });
}

/**
 * Fills `list` with `render(items)` from `fetchItems()` (async), `aria-busy` while it loads. A
 * failure shows in `errors` and leaves the list as it was; a success hides `errors`.
 */
export async function refreshList(list, errors, fetchItems, render) {
  list.setAttribute("aria-busy", "true");
  let items;
  try {
    items = await fetchItems();
    errors.hidden = true;
  } catch (error) {
    showMessage(errors, prose(error.message));
    return;
  } finally {
    list.removeAttribute("aria-busy");
  }
  clear(list, render(items));
}

/** Announces `text` in the page's polite live region (screen readers). */
export function announce(text) {
  const region = document.getElementById("announce");
  if (!region) return;
  region.textContent = "";
  // A new text node after a tick makes screen readers read the same message twice in a row too.
  setTimeout(() => { region.textContent = text; }, 30);
}

/**
 * A modal confirm dialog (native <dialog>: Escape cancels, focus stays inside).
 * Resolves true when the user confirms.
 */
export function confirmDialog({ title, message, confirm = "Delete", danger = true }) {
  return new Promise((resolve) => {
    const titleId = id("dlg");
    const ok = h("button", { type: "submit", value: "ok", class: danger ? "danger" : "primary" }, confirm);
    const cancel = h("button", { type: "submit", value: "cancel" }, "Cancel");
    const dialog = h("dialog", { class: "confirm", "aria-labelledby": titleId },
      h("form", { method: "dialog" },
        h("h2", { id: titleId }, title),
        h("p", {}, message),
        h("div", { class: "actions" }, cancel, ok)));
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue === "ok");
      dialog.remove();
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}

/**
 * Asks with confirmDialog(`dialog`); on yes runs `action` (async), a failure of which shows in
 * `errors`, and then `after` (a refresh of what it changed) either way.
 */
export async function confirmThen(dialog, action, errors, after) {
  if (!(await confirmDialog(dialog))) return;
  try {
    await action();
  } catch (error) {
    showMessage(errors, prose(error.message));
  }
  await after();
}

/** A copy button for the text `get()` returns; says "Copied" for a moment. */
export function copyButton(get, label = "Copy", ariaLabel = undefined) {
  const button = h("button", { type: "button", class: "copy", "aria-label": ariaLabel }, label);
  button.addEventListener("click", async () => {
    const text = get();
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard permission (an http page that is not localhost): select a hidden copy.
      const area = h("textarea", { class: "offscreen", "aria-hidden": "true" });
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    button.textContent = "Copied";
    announce("Copied to the clipboard");
    setTimeout(() => { button.textContent = label; }, 1500);
  });
  return button;
}

/** Formats a count: 1234 -> "1,234". */
export function count(n) {
  return Number(n).toLocaleString("en-US");
}

export function plural(n, word) {
  return `${count(n)} ${word}${n === 1 ? "" : "s"}`;
}
