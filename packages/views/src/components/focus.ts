/** What the keyboard reaches with Tab, in document order (disabled and hidden controls left out). */
const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
  '[contenteditable="true"]',
].join(',');

/**
 * The focused element, looking inside shadow roots (document.activeElement stops at a custom element).
 *
 * @example
 * const opener = deepActiveElement(document);
 */
export function deepActiveElement(root: Document | ShadowRoot): HTMLElement | null {
  let active = root.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

/**
 * The elements inside `container` that Tab moves between, in order: no negative tabindex, nothing
 * disabled, inside a closed <details> or not rendered.
 *
 * @example
 * tabbables(dialog)[0]?.focus();
 */
export function tabbables(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => {
    if (element.tabIndex < 0) return false;
    if (element.closest('[hidden], [inert]')) return false;
    // A radio group is one stop: its checked radio, or its first when none is checked.
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      const group = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((r) => r.name === element.name && !r.disabled);
      const stop = group.find((r) => r.checked) ?? group[0];
      if (stop !== element) return false;
    }
    // Layout-free environments (tests) report no boxes: only browsers can say what is rendered.
    const rendered = element.getClientRects().length > 0 || typeof element.checkVisibility !== 'function' || element.checkVisibility();
    return rendered;
  });
}

/**
 * Keeps Tab and Shift+Tab inside `container`: from the last stop Tab goes to the first, from the first
 * Shift+Tab goes to the last, and focus outside the container comes back in.
 */
export function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  const stops = tabbables(container);
  if (stops.length === 0) {
    event.preventDefault();
    container.focus();
    return;
  }
  const active = deepActiveElement(container.ownerDocument);
  const inside = active !== null && container.contains(active);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (event.shiftKey && (!inside || active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}
