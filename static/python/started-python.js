// The build's image of a started Python (docs/architecture.md, "A started Python, kept"): fetched
// under its sha256, checked against the manifest's before use, and inflated. Any fault gives no
// image and says why; Python then starts the ordinary way, since the image only saves time.

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

// {image: Uint8Array | null, why: null | what kept it from use}; `entry` is the manifest's
// `python_snapshot` ({file, sha256, bytes}, or null when the build made none).
export async function startedPython(base, entry) {
  if (!entry) return { image: null, why: "the build made none" };
  try {
    const res = await fetch(new URL(`${entry.file}?v=${entry.sha256}`, base));
    if (!res.ok) return { image: null, why: `${entry.file}: HTTP ${res.status}` };
    const packed = await res.arrayBuffer();
    if (hex(await crypto.subtle.digest("SHA-256", packed)) !== entry.sha256) {
      return { image: null, why: `${entry.file}: its sha256 is not the manifest's` };
    }
    const inflated = new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip")));
    return { image: new Uint8Array(await inflated.arrayBuffer()), why: null };
  } catch (e) {
    return { image: null, why: `${entry.file}: ${e.message}` };
  }
}
