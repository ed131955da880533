/**
 * Drill to detail by a data point: a right-click (contextmenu) on a mark that stands for one value of one
 * column offers that point to whatever hosts the chart, as a DOM event — `bi-drill-point`, bubbling and
 * composed (it leaves a shadow root), its detail a DrillPointDetail. A host that takes it (a dashboard,
 * which offers "Drill to detail by <value>") cancels it; only then is the browser's own menu kept closed.
 */
export const DRILL_POINT_EVENT = 'bi-drill-point';

export interface DrillPoint {
  column: string;
  value: unknown;
  /** The value as the chart shows it (a slice's name, a category's label). */
  label: string;
}

export interface DrillPointDetail extends DrillPoint {
  /** Where the pointer was (viewport px): the host places its menu there. */
  clientX: number;
  clientY: number;
}

/**
 * @example
 * path.addEventListener('contextmenu', (event) => offerDrillPoint(event, path, { column: 'region', value: 'East', label: 'East' }));
 */
export function offerDrillPoint(event: MouseEvent, target: EventTarget, point: DrillPoint): void {
  const detail: DrillPointDetail = { ...point, clientX: event.clientX, clientY: event.clientY };
  const offer = new CustomEvent<DrillPointDetail>(DRILL_POINT_EVENT, { detail, bubbles: true, composed: true, cancelable: true });
  if (!target.dispatchEvent(offer)) event.preventDefault();
}
