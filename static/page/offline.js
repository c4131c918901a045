// Offline after the first visit: the service worker (sw.js, at the site's root) precaches this
// build. It is registered once the runtime is up and nothing has run for a few seconds: its
// precache (the whole build, Python's files included) slows neither the first load nor a run
// started at once (on two cores its first frame came two to four times later, after long tasks).
const QUIET_MS = 3000;

export function registerServiceWorkerWhenQuiet(store) {
  let timer = null, done = false;
  store.on(["ready", "running"], (s) => {
    clearTimeout(timer);
    if (done || !s.ready || s.running) return;
    timer = setTimeout(() => { done = true; registerServiceWorker(); }, QUIET_MS);
  });
}

async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const manifest = await (await fetch("static/vendor/manifest.json", { cache: "no-cache" })).json();
    await navigator.serviceWorker.register(`sw.js?build=${manifest.build}`);
  } catch (err) {
    console.warn("offline use is not available:", err);
  }
}
