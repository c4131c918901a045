// A sweep's two phase plots: success rate and median time of solved runs against p, one line per
// entry, with the published figures of that size as marks (data/published.json); entries whose
// success lines coincide are drawn nested (draw/lines.js) and the note under the plot says where.
// What each point is: sweep-points.js.
import { Lines, coincidences } from "../draw/lines.js";
import { coincidenceNote, phaseMarks } from "./sweep-points.js";

const P_AXIS = { xLabel: "p (share of cells given)", xMin: 0, xMax: 1 };

export class PhasePlots {
  // els: {box (shown with the plots), success, time (the charts' elements), note (under them)}
  constructor(els) {
    this.els = els;
    this.success = this.time = null;
  }

  // The plots afresh: hidden unless `shown`, else for a sweep at `size` with the entries' `names`.
  begin({ shown, size, names, published }) {
    for (const c of [this.success, this.time]) if (c) c.destroy();
    this.success = this.time = null;
    this.els.box.hidden = !shown;
    this.els.note.hidden = true;
    if (!shown) return;
    this.count = names.length;
    const marks = phaseMarks(published, size);
    const chart = (el, extra, opts) => {
      const made = new Lines(el, [...names, ...extra.map((m) => ({ label: m.label, marks: true }))], opts);
      extra.forEach((m, k) => made.set(names.length + k, m.points.sort((a, b) => a[0] - b[0])));
      return made;
    };
    this.success = chart(this.els.success, marks.success, { title: `Success against p, ${size}×${size}`,
      ...P_AXIS, yLabel: "share of runs solved", yMax: 1, nested: true });
    this.time = chart(this.els.time, marks.time, { title: `Median time of solved runs against p, ${size}×${size}`,
      ...P_AXIS, yLabel: "seconds", logY: true });
  }

  // Each entry's points (points[i]: {success, time}, sweep-points.js phasePoints), then the note.
  draw(points) {
    points.forEach((p, ei) => {
      this.success.set(ei, p.success);
      this.time.set(ei, p.time);
    });
    const { coincide, text } = coincidenceNote(coincidences(this.success.lines.slice(0, this.count)));
    this.els.success.dataset.coincide = JSON.stringify(coincide);
    this.els.note.hidden = !text;
    if (this.els.note.textContent !== text) this.els.note.textContent = text;
  }

  resize() {
    for (const c of [this.success, this.time]) if (c) c.resize();
  }
}
