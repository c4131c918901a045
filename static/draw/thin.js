// Thinning a chart's line so it stays equally dense all along the axis the chart draws it on:
// the axis is cut into equal buckets — equal in log x on a log axis, where the
// first second spans as much as the last ten — and each bucket keeps its first and last point.
// Halving by index instead keeps only every 2^k-th early point after k thinnings, and a log
// axis then shows a run's first seconds as one flat step. Pure: node --test runs it.

// The indices of xs (ascending) to keep: the first and last, and the first and last point of
// each of `buckets` equal parts of the axis (at most 2·buckets + 2 indices, in order).
export function evenIndices(xs, buckets, { log = false } = {}) {
  const n = xs.length;
  if (n <= 2) return [...xs.keys()];
  const tiny = log ? xs.find((x) => x > 0) ?? 1 : 0;     // a log axis draws no x ≤ 0: as its smallest x
  const at = log ? (x) => Math.log(Math.max(x, tiny)) : (x) => x;
  const lo = at(xs[0]);
  const width = (at(xs[n - 1]) - lo) / buckets;
  const bucket = (i) => (width > 0 ? Math.min(buckets - 1, Math.floor((at(xs[i]) - lo) / width)) : 0);
  const keep = [0];
  let prev = bucket(0), here = bucket(1);
  for (let i = 1; i < n - 1; i++) {
    const next = bucket(i + 1);
    if (here !== prev || here !== next) keep.push(i);   // first or last of its bucket
    prev = here;
    here = next;
  }
  keep.push(n - 1);
  return keep;
}

// Columns (the x column first) thinned to the even indices of the x column.
export function thinColumns(columns, buckets, opts = {}) {
  const keep = evenIndices(columns[0], buckets, opts);
  return columns.map((col) => keep.map((i) => col[i]));
}
