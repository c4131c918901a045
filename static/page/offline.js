// Offline after the first visit: the service worker (sw.js, at the site's root) precaches this
// build. It is registered once the runtime is up and nothing has run for a few seconds: its
// precache (the whole build, Python's files included) slows neither the first load nor a run
// started at once (on two cores its first frame came two to four times later, after long tasks).
// The footer's note (`offline-note`, a live region) says when the lab is ready to use offline: once
// this build's worker is active, its precache done (going offline before that showed the
// browser's error page).
const QUIET_MS = 3000;

export const OFFLINE = {
  saving: "Keeping the lab in this browser for offline use…",
  ready: "Ready to use offline: this browser keeps the lab, so it opens and runs without a network.",
  unavailable: "Offline use is not available in this browser",
};

export function registerServiceWorkerWhenQuiet(store, note) {
  let timer = null, done = false;
  store.on(["ready", "running"], (s) => {
    clearTimeout(timer);
    if (done || !s.ready || s.running) return;
    timer = setTimeout(() => { done = true; registerServiceWorker(note); }, QUIET_MS);
  });
}

function say(note, state, text) {
  note.dataset.state = state;
  note.textContent = text;
}

async function registerServiceWorker(note) {
  if (!("serviceWorker" in navigator)) { say(note, "unavailable", `${OFFLINE.unavailable}.`); return; }
  say(note, "saving", OFFLINE.saving);
  try {
    const manifest = await (await fetch("static/vendor/manifest.json", { cache: "no-cache" })).json();
    const reg = await navigator.serviceWorker.register(`sw.js?build=${manifest.build}`);
    const state = await activation(reg.installing || reg.waiting || reg.active);
    if (state !== "activated") throw new Error("its precache failed");
    say(note, "ready", OFFLINE.ready);
  } catch (err) {
    console.warn("offline use is not available:", err);
    say(note, "unavailable", `${OFFLINE.unavailable}: ${err.message}.`);
  }
}

// The worker's last state: "activated" (its precache done), or "redundant" (its install failed).
function activation(worker) {
  return new Promise((resolve) => {
    const settled = () => worker.state === "activated" || worker.state === "redundant";
    if (settled()) { resolve(worker.state); return; }
    worker.addEventListener("statechange", () => { if (settled()) resolve(worker.state); });
  });
}
