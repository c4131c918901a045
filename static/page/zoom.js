// A large board (36×36 and more) in Solve fits its square frame — on a wide screen the window beside
// the view's Start, Stop, metrics and chart (style.css), so the board and what runs on it are seen
// together; on one column the screen's width. "Zoom in", offered at every width, shows its cells at
// reading size inside the same frame, which then scrolls: the layout around it does not move. A
// smaller puzzle has no zoom (it fits at reading size).
const LARGE = 6;                          // box size from which a board gets the zoom: 36×36

export function mountZoom(store) {
  const frame = document.getElementById("board-frame");
  const button = document.getElementById("board-zoom");
  const zoom = (on) => {
    frame.toggleAttribute("data-zoom", on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? "Fit the board" : "Zoom in";
  };
  button.addEventListener("click", () => zoom(!frame.hasAttribute("data-zoom")));
  let n = null;
  store.on(["puzzle"], (s) => {
    if (!s.puzzle || s.puzzle.n === n) return;      // no puzzle (a bad link's): the board keeps its size
    n = s.puzzle.n;
    button.hidden = n < LARGE;
    zoom(false);
  });
  zoom(false);
}
