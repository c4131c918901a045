// The preset menu: choosing one of the papers' experiments fills the entries, the puzzles, the
// runs and the sweep — and the time limit, a setting of the shared solver form (another
// part's: the patch is compare/presets.js `presetPatch`, through the settings table). Its note
// says what the paper ran and what the preset runs, quoting the published figures.
import { PRESETS, presetNote, presetPatch } from "./presets.js";
import { published } from "./fetch.js";

export function mountPresets(store, actions, ui) {
  for (const p of PRESETS) ui.preset.add(new Option(p.label, p.id));

  ui.preset.addEventListener("change", () => {
    actions.fieldEdited("preset");
    const patch = presetPatch(store.state, ui.preset.value);
    if (patch.settings) actions.fieldEdited("t");          // the time limit is the preset's now
    store.set(patch);
  });

  store.on(["compare"], (s) => {
    const id = s.compare.preset;
    if (ui.preset.value !== (id || "")) ui.preset.value = id || "";
    const preset = PRESETS.find((p) => p.id === id);
    ui.presetNote.textContent = preset && typeof preset.note === "string" ? preset.note : "";
    if (preset && typeof preset.note === "function") {
      published().then((pub) => { if (store.state.compare.preset === preset.id) ui.presetNote.textContent = presetNote(preset, pub); });
    }
  });

  store.on(["running"], (s) => { ui.preset.disabled = !!s.running; });
}
