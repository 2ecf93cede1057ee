// Placeholder: the console's user interface replaces this file.
const status = document.getElementById("status");
fetch("/_console/session", { credentials: "same-origin" }).then((answer) => {
  status.textContent = answer.ok ? "Signed in." : "Not signed in.";
});
