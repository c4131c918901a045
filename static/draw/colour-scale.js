// The heat maps' colours (docs/design.md, "The atlas"): a value to a colour, the legend's ticks,
// the ink a cell's text takes. One sequential ramp, bright where a solver does well (a high
// success rate, a short median time), dark where it does badly; the same in both themes (the
// maps' cells are filled, so the background does not carry their meaning). Pure, no DOM:
// node tests it (tests/js/atlas.test.mjs).

// The ramp's stops, dark indigo to yellow: lightness rises steadily, so it reads in grey too.
const RAMP = ["#2c1a5a", "#2e5e9e", "#1f9a8a", "#7cc45a", "#f4e04d"];

// The entries' colours on the "fastest" map: distinct hues, each with black or white text legible.
export const ENTRY_COLOURS = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#7f7f7f",
  "#8c564b", "#17becf"];

const hex = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
const toHex = (rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

// The ramp's colour at t in [0, 1] (clamped), "#rrggbb".
export function ramp(t) {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (RAMP.length - 1);
  const i = Math.min(Math.floor(x), RAMP.length - 2);
  const [a, b] = [hex(RAMP[i]), hex(RAMP[i + 1])];
  return toHex(a.map((v, k) => v + (b[k] - v) * (x - i)));
}

// A success rate (0–1) as its colour: 0 dark, 1 bright.
export const successColour = (rate) => ramp(rate);

// Where seconds lie on a log scale from lo to hi, 0–1 (clamped).
export function logPosition(seconds, [lo, hi]) {
  if (!(hi > lo)) return 0;
  const at = (Math.log10(Math.max(seconds, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo));
  return Math.min(1, Math.max(0, at));
}

// A median time as its colour on the domain [lo, hi] (log): short bright, long dark.
export const timeColour = (seconds, domain) => ramp(1 - logPosition(seconds, domain));

// The time scale's domain: from the power of ten at or below the shortest median (at least 1 ms)
// to the time limit (or, with none, the power of ten at or above the longest median).
export function timeDomain(medians, max_seconds = null) {
  const xs = medians.filter((x) => Number.isFinite(x) && x > 0);
  const lo = 10 ** Math.floor(Math.log10(Math.max(Math.min(...xs, max_seconds || Infinity), 1e-3)));
  const top = max_seconds || 10 ** Math.ceil(Math.log10(Math.max(...xs, lo * 10)));
  return [lo, Math.max(top, lo * 10)];
}

// The success legend's ticks: [{value, label}].
export const successTicks = () => [0, 0.25, 0.5, 0.75, 1].map((v) => ({ value: v, label: `${v * 100} %` }));

// A number of seconds as a tick's words: "0.001 s", "0.5 s", "10 s".
export const secondsLabel = (s) => `${Number(s.toPrecision(3)).toLocaleString("en-US", { maximumFractionDigits: 3 })} s`;

// The time legend's ticks on [lo, hi]: every power of ten within it, and both ends.
export function timeTicks([lo, hi]) {
  const values = [lo];
  for (let e = Math.floor(Math.log10(lo) + 1e-9) + 1; 10 ** e < hi * (1 - 1e-9); e += 1) values.push(10 ** e);
  values.push(hi);
  return values.map((v) => ({ value: v, label: secondsLabel(v) }));
}

// WCAG relative luminance of "#rrggbb".
export function luminance(colour) {
  const [r, g, b] = hex(colour).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// The ink for text on a fill: black or white, whichever contrasts more.
export function inkOn(fill) {
  const l = luminance(fill);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
}

// The colour of the entry at `index` on the fastest map.
export const entryColour = (index) => ENTRY_COLOURS[index % ENTRY_COLOURS.length];
