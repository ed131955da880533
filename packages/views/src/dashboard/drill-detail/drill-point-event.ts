/**
 * The event a chart dispatches when a data point is right-clicked (charts' shared/drill-point.ts, which
 * documents it): `bi-drill-point`, bubbling and composed, cancelable, its detail the point. The DOM event
 * is the contract between the two packages; the dashboard cancels it to say it takes the point.
 */
export const DRILL_POINT_EVENT = 'bi-drill-point';

export interface DrillPointDetail {
  column: string;
  value: unknown;
  /** The value as the chart shows it. */
  label: string;
  clientX: number;
  clientY: number;
}
