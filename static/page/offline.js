// Offline after the first visit: the service worker (sw.js, at the site's root) precaches this
// build. It is registered once the runtime is up, so its downloads never slow a first load.
export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const manifest = await (await fetch("static/vendor/manifest.json", { cache: "no-cache" })).json();
    await navigator.serviceWorker.register(`sw.js?build=${manifest.build}`);
  } catch (err) {
    console.warn("offline use is not available:", err);
  }
}
