/** Chart row thresholds (spec 1 §9): warn above 100000 rows, refuse above 500000 without confirmation. */
import { CHART_ROW_THRESHOLDS } from '@lumen-bi/core';

/** Row count above which a chart warns. */
export const ROW_WARNING_THRESHOLD: number = CHART_ROW_THRESHOLDS[0];
/** Row count above which a chart refuses to draw until the user confirms. */
export const ROW_BLOCK_THRESHOLD: number = CHART_ROW_THRESHOLDS[1];

/** What a chart may do with a result of a given size. */
export type RowThresholdState = 'ok' | 'warn' | 'block';

/**
 * The threshold state of a row count.
 *
 * @example
 * rowThresholdState(1000);   // 'ok'
 * rowThresholdState(100001); // 'warn'
 * rowThresholdState(500001); // 'block'
 */
export function rowThresholdState(rowcount: number): RowThresholdState {
  if (rowcount > ROW_BLOCK_THRESHOLD) return 'block';
  if (rowcount > ROW_WARNING_THRESHOLD) return 'warn';
  return 'ok';
}

/** Threshold facts every chart's render props carry. */
export interface RowGate {
  rowcount: number;
  rowState: RowThresholdState;
  /** True when the state is 'block' and the user has not confirmed: render shows a prompt instead. */
  blocked: boolean;
}

/**
 * The gate for a result.
 *
 * @example
 * rowGate(600000, false); // { rowcount: 600000, rowState: 'block', blocked: true }
 */
export function rowGate(rowcount: number, confirmed = false): RowGate {
  const rowState = rowThresholdState(rowcount);
  return { rowcount, rowState, blocked: rowState === 'block' && !confirmed };
}
