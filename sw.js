// The service worker: the lab offline after the first visit. It is registered as
// sw.js?build=<id>, <id> being the hash of the build's precache list (build.py writes both
// into static/vendor/manifest.json), so a new build installs a new worker with a new cache
// and the old cache is deleted when it takes over: never a mix of two builds' files.
// The pinned runtime (Pyodide, uPlot, and the package zip, whose URL carries its hash) is
// served from the cache first (scipy's files, not precached, are kept on their first fetch); the page's own files and the build's other files in vendor/
// (the manifest, the settings table, the solvers' titles, the puzzles' sources) from the
// network first, from the cache when offline, so a page never pairs new modules with an
// older build's settings table.
// It lives at the site's root because a service worker only controls pages at or below
// its own path. Every URL here is relative to it, so a copy of the lab works under any
// sub-path (docs/page.md, "The page": Publish). Caches belong to an origin, not a path:
// the cache's name carries the path (empty at the origin's root), so copies of the lab at
// two paths of one origin (GitHub Pages serves all of a user's projects from one) never
// delete each other's cache.

const BUILD = new URL(self.location.href).searchParams.get("build") || "dev";
const PATH = new URL("./", self.location.href).pathname.replace(/\/$/, "");
const CACHE = `sudoku-lab-${BUILD}${PATH}`;
const RUNTIME = ["pyodide/", "uplot/", "sudoku_lab.zip"].map((p) => new URL(`static/vendor/${p}`, self.location.href).href);
const pathOf = (name) => (name.includes("/") ? name.slice(name.indexOf("/")) : "");

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await fetch("static/vendor/manifest.json", { cache: "no-store" })).json();
    const cache = await caches.open(CACHE);
    await cache.addAll([...manifest.precache.map(([url]) => new Request(url, { cache: "no-cache" })),
      new Request("static/vendor/manifest.json", { cache: "no-store" })]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("sudoku-lab-") && pathOf(name) === PATH && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith(RUNTIME.some((p) => req.url.startsWith(p)) ? cacheFirst(req) : networkFirst(req));
});

// The pinned runtime never changes within a build: a file not precached (scipy's, fetched only
// for an experiment's statistics) is kept the first time it is fetched, for offline use after.
// Neither function opens the cache to read it (caches.open creates a cache that is missing): a
// fetch still in this worker's hands after a newer build deleted its cache must not bring that
// cache back, so a file is kept only while the cache still exists.
async function cacheFirst(req) {
  const hit = await caches.match(req, { cacheName: CACHE });
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await keep(req, res.clone());
  return res;
}

// A fetched file kept in this build's cache while it exists. A newer build's worker that took
// over between the look and the write has deleted the cache, and open() made it anew: then it
// goes again, so two builds' caches never stand side by side.
async function keep(req, res) {
  if (!(await caches.has(CACHE))) return;
  await (await caches.open(CACHE)).put(req, res);
  const active = self.registration.active;
  if (active && active.scriptURL !== self.location.href) await caches.delete(CACHE);
}

async function networkFirst(req) {
  try {
    return await fetch(req);
  } catch (err) {
    const hit = (await caches.match(req, { cacheName: CACHE, ignoreSearch: req.mode === "navigate" })) ||
      (req.mode === "navigate" ? await caches.match("./", { cacheName: CACHE }) : undefined);
    if (hit) return hit;
    throw err;
  }
}
