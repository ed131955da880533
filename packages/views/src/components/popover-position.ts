const GAP = 4;
const MARGIN = 8;

/**
 * Places a fixed-position popover under its anchor's left edge, flipped above when there is no room
 * below and shifted sideways to stay inside the window. Called again on scroll and resize.
 */
export function placePopover(popover: HTMLElement, anchor: HTMLElement) {
  const view = popover.ownerDocument.defaultView;
  if (!view) return;
  const box = anchor.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = popover;
  let top = box.bottom + GAP;
  if (top + height > view.innerHeight - MARGIN && box.top - GAP - height >= MARGIN) top = box.top - GAP - height;
  const left = Math.min(box.left, view.innerWidth - width - MARGIN);
  popover.style.top = `${Math.max(MARGIN, top)}px`;
  popover.style.left = `${Math.max(MARGIN, left)}px`;
  popover.style.visibility = 'visible';
}

/**
 * Keeps a popover placed against its anchor while the page scrolls or resizes; returns the cleanup.
 */
export function followAnchor(popover: HTMLElement, anchor: HTMLElement): () => void {
  const view = popover.ownerDocument.defaultView!;
  const follow = () => placePopover(popover, anchor);
  follow();
  view.addEventListener('resize', follow);
  view.addEventListener('scroll', follow, true);
  return () => {
    view.removeEventListener('resize', follow);
    view.removeEventListener('scroll', follow, true);
  };
}
