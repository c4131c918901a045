// The page's colours for canvas drawing (charts), read from the CSS variables so the light
// and dark themes (style.css) reach the charts too. Series colours keep ≥ 3:1 contrast with
// the background of either theme.
export const LIGHT = ["#2563eb", "#dc2626", "#047857", "#b45309", "#7c3aed", "#0e7490", "#be185d", "#4b5563"];
export const DARK = ["#60a5fa", "#f87171", "#34d399", "#fbbf24", "#c4b5fd", "#22d3ee", "#f472b6", "#d1d5db"];

export function theme() {
  const css = getComputedStyle(document.documentElement);
  const dark = matchMedia("(prefers-color-scheme: dark)").matches;
  return { ink: css.getPropertyValue("--ink").trim() || "#1f2937", line: css.getPropertyValue("--line").trim() || "#d1d5db",
    bg: css.getPropertyValue("--bg").trim() || "#ffffff", muted: css.getPropertyValue("--muted").trim() || "#5b6472",
    dark, series: dark ? DARK : LIGHT };
}
