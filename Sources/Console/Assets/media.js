// The media archive: upload files (multipart, as restdb's own upload form), see them with their
// thumbnails, copy their URLs, delete them.
import { get, del, uploadMedia } from "./api.js";
import { h, clear, id, announce, confirmThen, copyButton, count, plural, prose, refreshList, showMessage } from "./dom.js";

function size(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const PICTURES = ["image/jpeg", "image/png", "image/gif"];

export async function mediaView(main, { setTitle }) {
  setTitle("Media");
  const errors = h("div", { class: "error", role: "alert", hidden: true });
  const list = h("div", { class: "media-list", "aria-busy": "true" });
  const fileId = id("files");
  const input = h("input", { id: fileId, type: "file", name: "file", multiple: true, required: true, "aria-describedby": `${fileId}-hint` });
  const formErrors = h("div", { class: "error", role: "alert", hidden: true });
  const progress = h("p", { class: "hint", role: "status" });
  const submit = h("button", { type: "submit", class: "primary" }, "Upload");
  const form = h("form", { class: "card upload-media", "aria-labelledby": "upload-title" },
    h("h2", { id: "upload-title" }, "Upload files"),
    h("label", { for: fileId }, "Files"), input,
    h("p", { class: "hint", id: `${fileId}-hint` },
      "Stored in the data folder's media/ as POST /media stores them; image and file fields of a schema hold their ids."),
    formErrors, progress,
    h("div", { class: "actions" }, submit));

  clear(main, h("div", { class: "view-head" }, h("h1", {}, "Media")), errors, list, form);
  const refresh = (fresh = []) => refreshList(list, errors, () => get("/media"), (files) => filesTable(files, fresh, errors, refresh));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formErrors.hidden = true;
    if (input.files.length === 0) return;
    submit.disabled = true;
    progress.textContent = `Uploading ${plural(input.files.length, "file")}…`;
    try {
      const ids = await uploadMedia(input.files);
      progress.textContent = "";
      announce(`${plural(ids.length, "file")} uploaded`);
      form.reset();
      await refresh(ids);
    } catch (error) {
      progress.textContent = "";
      showMessage(formErrors, prose(error.message));
    } finally {
      submit.disabled = false;
    }
  });

  await refresh();
}

function filesTable(files, fresh, errors, refresh) {
  if (!files.length) return h("p", { class: "empty" }, "No files yet. Upload some below, or with POST /media.");
  const newest = [...files].reverse();
  return [h("p", { class: "status" }, `${count(files.length)} ${files.length === 1 ? "file" : "files"}`),
    h("div", { class: "table-wrap" }, h("table", { class: "grid media-table" },
      h("caption", { class: "offscreen" }, "Media files, newest first"),
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, h("span", { class: "offscreen" }, "Preview")),
        h("th", { scope: "col" }, "Name"), h("th", { scope: "col" }, "Type"),
        h("th", { scope: "col", class: "num" }, "Size"), h("th", { scope: "col" }, "Id"),
        h("th", { scope: "col" }, h("span", { class: "offscreen" }, "Actions")))),
      h("tbody", {}, newest.map((file) => fileRow(file, fresh.includes(file._id), errors, refresh)))))];
}

function fileRow(file, isNew, errors, refresh) {
  const url = `/media/${encodeURIComponent(file._id)}`;
  const preview = PICTURES.includes(file.mimetype)
    ? h("img", { src: `${url}?s=t`, alt: "", class: "thumb", loading: "lazy", width: 64, height: 64 })
    : h("span", { class: "thumb file", "aria-hidden": "true" }, (file.origname.split(".").pop() || "file").slice(0, 4));
  const remove = h("button", { type: "button", class: "small danger", "aria-label": `Delete ${file.origname}` }, "Delete");
  remove.addEventListener("click", () => confirmThen({
    title: `Delete ${file.origname}?`,
    message: `Documents whose image or file fields hold ${file._id} keep the id, but it no longer opens.`,
    confirm: "Delete file",
  }, async () => {
    await del(url);
    announce(`${file.origname} deleted`);
  }, errors, refresh));
  return h("tr", { dataset: { id: file._id }, class: isNew ? "fresh" : null },
    h("td", { class: "preview" }, preview),
    h("th", { scope: "row" }, h("a", { href: url, target: "_blank", rel: "noopener" }, file.origname)),
    h("td", {}, h("code", {}, file.mimetype)),
    h("td", { class: "num" }, size(file.size)),
    h("td", {}, h("code", { class: "media-id" }, file._id)),
    h("td", { class: "row-actions" },
      copyButton(() => new URL(url, location.href).href, "Copy URL", `Copy the URL of ${file.origname}`), remove));
}
