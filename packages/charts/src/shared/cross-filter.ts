/**
 * Cross-filter selection helpers shared by the interactive renderers: toggling a value, comparing raw
 * values, and the keyboard activation (Enter/Space) of focusable marks.
 */
import type { CrossFilterSelection } from '../types';
import { type DrillPoint, offerDrillPoint } from './drill-point';

/** Whether two raw values denote the same member (numbers and their string forms are the same). */
export function sameCrossFilterValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  return String(a) === String(b);
}

/** Whether `value` is in the selection. */
export function isCrossFilterSelected(values: readonly unknown[] | undefined, value: unknown): boolean {
  return Boolean(values?.some((v) => sameCrossFilterValue(v, value)));
}

/**
 * The selection after a click on `value` (the incumbent's behaviour): a selected value is removed (null
 * once nothing is left), another value replaces the selection, or joins it when `additive` (Ctrl/Cmd
 * click).
 *
 * @example
 * toggleCrossFilter('product_line', ['Cars'], 'Cars'); // null
 * toggleCrossFilter('product_line', ['Cars'], 'Ships'); // { column: 'product_line', values: ['Ships'] }
 */
export function toggleCrossFilter(column: string, current: readonly unknown[] | undefined, value: unknown, additive = false): CrossFilterSelection | null {
  const selected = current ?? [];
  if (isCrossFilterSelected(selected, value)) {
    const rest = selected.filter((v) => !sameCrossFilterValue(v, value));
    return rest.length ? { column, values: rest } : null;
  }
  return { column, values: additive ? [...selected, value] : [value] };
}

/**
 * Makes an element a keyboard-operable toggle: focusable, role button with aria-pressed, activated by
 * click, Enter or Space. `activate` receives whether Ctrl/Cmd was held. With `point`, a right-click on it
 * offers that point for drill to detail (drill-point.ts).
 */
export function makeCrossFilterTarget(el: Element, label: string, pressed: boolean, activate: (additive: boolean) => void, point?: DrillPoint): void {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-pressed', String(pressed));
  el.setAttribute('aria-label', label);
  el.setAttribute('data-cross-filter', '');
  el.addEventListener('click', (event) => {
    const e = event as MouseEvent;
    activate(Boolean(e.ctrlKey || e.metaKey));
  });
  el.addEventListener('keydown', (event) => {
    const e = event as KeyboardEvent;
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    activate(Boolean(e.ctrlKey || e.metaKey));
  });
  if (point) el.addEventListener('contextmenu', (event) => offerDrillPoint(event as MouseEvent, el, point));
}

/** Opacity of a mark given the selection: dimmed when something else is selected. */
export const crossFilterOpacity = (values: readonly unknown[] | undefined, value: unknown): number =>
  !values?.length || isCrossFilterSelected(values, value) ? 1 : 0.3;
