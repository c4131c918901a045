// A race's places, computed from its lanes' results (never read back from the page): solved
// lanes by their own solving time, all lanes having started together; the first is the
// winner. Pure (no DOM): node tests it (tests/js/compare.test.mjs).
import { stateOf } from "../python/messages.js";

// places(results)[i]: lane i's place (1, 2, …) or null when it has not solved (or has no result
// yet). Equal times keep the lanes' order.
export function places(results) {
  const solved = results.map((r, i) => ({ r, i })).filter(({ r }) => r && stateOf(r) === "solved")
    .sort((a, b) => a.r.seconds - b.r.seconds);
  const out = results.map(() => null);
  solved.forEach(({ i }, k) => { out[i] = k + 1; });
  return out;
}

// 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st
export const ordinal = (k) =>
  `${k}${k % 10 === 1 && k % 100 !== 11 ? "st" : k % 10 === 2 && k % 100 !== 12 ? "nd" : k % 10 === 3 && k % 100 !== 13 ? "rd" : "th"}`;

// what a solved lane's place says in large type
export const placeText = (place) => (place === 1 ? "1st · winner" : ordinal(place));
