// Shows the EGF class and adjusted time of the time control as the director types it.
// The class is the core's (GET /dashboard/time-class computes it); this module only
// sends the fields and shows the answer. A form that keeps the tournament's time control
// shows the class the page came with.

const output = document.getElementById("t-class");

if (output) {
  const form = output.closest("form");
  const kept = output.textContent;
  let asked = 0;
  const show = async () => {
    const fields = new FormData(form);
    if (fields.get("time_system") === "keep") {
      output.textContent = kept;
      return;
    }
    const query = new URLSearchParams({
      time_system: fields.get("time_system") || "",
      main_minutes: fields.get("main_minutes") || "",
      periods: fields.get("periods") || "",
      period_seconds: fields.get("period_seconds") || "",
      online: output.dataset.online === "true" ? "true" : "false",
    });
    const mine = ++asked;
    const response = await fetch(`/dashboard/time-class?${query}`, {
      credentials: "same-origin",
    });
    const text = await response.text();
    // An older answer arriving late does not replace a newer one.
    if (mine === asked) {
      output.textContent = text;
    }
  };
  for (const id of ["t-system", "t-main", "t-periods", "t-period"]) {
    document.getElementById(id)?.addEventListener("input", () => {
      show().catch(() => {});
    });
  }
}
