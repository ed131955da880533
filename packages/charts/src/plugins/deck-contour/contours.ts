/**
 * The incumbent's contours control (form data `contours`): isolines (a lower threshold alone) and isobands
 * (lower and upper), each with a colour and a stroke width, as deck.gl's ContourLayer takes them.
 */
import { colorRange, toRgba, type Rgba } from '../deck-shared/colors';

/** A contour as deck.gl takes it. */
export interface DeckContour {
  threshold: number | [number, number];
  color: Rgba;
  strokeWidth: number;
}

/** Bands when none are saved: a decade each from 1 (cell weights of a few to many points). */
const DEFAULT_LOWER_BOUNDS = [1, 10, 100, 1000];

/**
 * The saved contours, or default decade bands on linear_color_scheme; a contour without a numeric lower
 * threshold is a named error.
 *
 * @example
 * readContours([{ lowerThreshold: 5, color: { r: 255, g: 0, b: 0, a: 1 }, strokeWidth: 2 }], undefined);
 * // [{ threshold: 5, color: [255, 0, 0, 255], strokeWidth: 2 }]
 */
export function readContours(value: unknown, scheme: unknown): DeckContour[] {
  if (value === undefined || value === null || (Array.isArray(value) && !value.length)) return defaultContours(scheme);
  if (!Array.isArray(value)) throw new Error('Contours must be a list');
  return value.map((item: Record<string, unknown>, i) => {
    const lower = Number(item?.lowerThreshold);
    if (item?.lowerThreshold === undefined || item?.lowerThreshold === '' || !Number.isFinite(lower)) throw new Error(`Contours: contour ${i + 1} needs a numeric lower threshold`);
    const upperSet = item.upperThreshold !== undefined && item.upperThreshold !== null && item.upperThreshold !== '';
    const upper = Number(item.upperThreshold);
    if (upperSet && !Number.isFinite(upper)) throw new Error(`Contours: contour ${i + 1} has a non-numeric upper threshold`);
    const width = Number(item.strokeWidth);
    return { threshold: upperSet ? [lower, upper] : lower, color: toRgba(item.color, [0, 122, 135, 255]), strokeWidth: Number.isFinite(width) && width > 0 ? width : 1 };
  });
}

function defaultContours(scheme: unknown): DeckContour[] {
  const colors = colorRange(scheme, DEFAULT_LOWER_BOUNDS.length + 1).slice(1);
  return DEFAULT_LOWER_BOUNDS.map((lower, i) => ({ threshold: [lower, DEFAULT_LOWER_BOUNDS[i + 1] ?? Number.MAX_SAFE_INTEGER], color: colors[i], strokeWidth: 1 }));
}
