/** The shared part of every deck chart's transformProps. */
import { getNumberFormatter } from '../../shared/format';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { SkippedRows } from './skipped-rows';
import type { LonLat } from './spatial';
import type { DeckProps } from './types';
import { pointBounds, readViewport } from './viewport';

/**
 * Viewport, autozoom bounds (form data `autozoom`, on unless false, as the incumbent's default) and the
 * skipped rows' notice.
 *
 * @example
 * const base = deckBaseProps(input, 'Scatter of 120 points', points, skipped);
 */
export function deckBaseProps(input: TransformPropsInput, ariaLabel: string, points: Iterable<LonLat>, skipped: SkippedRows): DeckProps {
  const fd = input.formData;
  return {
    ...baseProps(input, ariaLabel),
    viewport: readViewport(fd.viewport),
    fitBounds: fd.autozoom === false ? null : pointBounds(points),
    skippedMessages: skipped.messages(),
    mapStyleUrl: input.mapStyleUrl ?? null,
  };
}

/**
 * A number format function for tooltips (y_axis_format or the default).
 *
 * @example
 * deckNumberFormat({ y_axis_format: ',d' })(1234); // '1,234'
 */
export function deckNumberFormat(formData: Record<string, unknown>): (value: number | null | undefined) => string {
  const format = getNumberFormatter(formData.y_axis_format ?? formData.number_format);
  return (value) => (value === null || value === undefined || !Number.isFinite(value) ? 'No data' : format.format(value));
}

/**
 * A positive number control (a select that saves strings), its default when unset; a set value that is
 * not a positive number is a named error.
 *
 * @example
 * positiveNumber({ grid_size: '20' }, 'grid_size', 'Grid Size', 40); // 20
 */
export function positiveNumber(formData: Record<string, unknown>, name: string, label: string, fallback: number): number {
  const value = formData[name];
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${label} must be a positive number`);
  return n;
}
