// The experiment's table is wider than a phone: its box scrolls sideways, and while columns lie
// past its right edge a line over it says so (the seconds and iterations columns were off-screen
// with nothing to tell). It goes once the box is scrolled to its end or the table fits.
export function mountScrollHint(box, hint) {
  const update = () => {
    const more = box.scrollWidth - box.clientWidth - box.scrollLeft > 1;
    if (hint.hidden === more) hint.hidden = !more;
    box.toggleAttribute("data-more", more);
  };
  new ResizeObserver(update).observe(box);
  new MutationObserver(update).observe(box, { childList: true, subtree: true });
  box.addEventListener("scroll", update, { passive: true });
  return update;
}
