/**
 * deck_contour's contours (form data `contours`, the incumbent's ContourControl): a list of
 * {color, lowerThreshold, upperThreshold, strokeWidth}. A lower threshold alone is an isoline; lower and upper
 * an isoband. Edited as text drafts that only become a saved contour once valid.
 */
import { colorToHex, type RgbaColor } from './color-picker-control';

/** A saved contour as the incumbent saves it (and readContours in the charts package reads it). */
export interface SavedContour {
  color: RgbaColor;
  lowerThreshold: number;
  upperThreshold?: number;
  strokeWidth: number;
}

/** A contour being edited: thresholds and width as typed. */
export interface ContourDraft {
  color: unknown;
  lowerThreshold: string;
  upperThreshold: string;
  strokeWidth: string;
}

export type ContourErrors = Partial<Record<keyof ContourDraft, string>>;

/** The incumbent's default contour colour ({r: 0, g: 122, b: 135}). */
export const DEFAULT_CONTOUR_COLOR: RgbaColor = { r: 0, g: 122, b: 135, a: 1 };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const text = (v: unknown) => (blank(v) ? '' : String(v));

/** The saved list, dropping entries that are not objects. */
export const asContours = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null) : [];

/**
 * The draft of a saved contour (or a new one).
 *
 * @example
 * contourToDraft({ lowerThreshold: 1, upperThreshold: 5, strokeWidth: 2, color: '#ff0000' });
 * // { color: '#ff0000', lowerThreshold: '1', upperThreshold: '5', strokeWidth: '2' }
 */
export function contourToDraft(contour: Record<string, unknown> | null): ContourDraft {
  if (!contour) return { color: DEFAULT_CONTOUR_COLOR, lowerThreshold: '', upperThreshold: '', strokeWidth: '1' };
  return { color: contour.color ?? DEFAULT_CONTOUR_COLOR, lowerThreshold: text(contour.lowerThreshold), upperThreshold: text(contour.upperThreshold), strokeWidth: text(contour.strokeWidth) || '1' };
}

const toRgba = (color: unknown): RgbaColor | null => {
  if (typeof color === 'object' && color !== null && colorToHex(color)) {
    const c = color as RgbaColor;
    return { r: c.r, g: c.g, b: c.b, a: typeof c.a === 'number' ? c.a : 1 };
  }
  const hex = colorToHex(color);
  if (!hex) return null;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return { r, g, b, a: 1 };
};

/**
 * A saved contour from a draft, or the errors naming what is wrong.
 *
 * @example
 * draftToContour({ color: '#ff0000', lowerThreshold: '9', upperThreshold: '3', strokeWidth: '1' }).errors;
 * // { upperThreshold: 'Upper threshold must be greater than the lower threshold (9)' }
 */
export function draftToContour(draft: ContourDraft): { contour: SavedContour | null; errors: ContourErrors } {
  const errors: ContourErrors = {};
  const lower = Number(draft.lowerThreshold);
  if (blank(draft.lowerThreshold)) errors.lowerThreshold = 'Lower threshold cannot be empty';
  else if (!Number.isFinite(lower)) errors.lowerThreshold = 'Lower threshold must be a number';
  const upperSet = !blank(draft.upperThreshold);
  const upper = Number(draft.upperThreshold);
  if (upperSet && !Number.isFinite(upper)) errors.upperThreshold = 'Upper threshold must be a number';
  else if (upperSet && !errors.lowerThreshold && upper <= lower) errors.upperThreshold = `Upper threshold must be greater than the lower threshold (${lower})`;
  const width = Number(draft.strokeWidth);
  if (blank(draft.strokeWidth)) errors.strokeWidth = 'Stroke width cannot be empty';
  // 0 is the incumbent's isobands' stroke (filled bands without an outline), as its example charts save it.
  else if (!Number.isFinite(width) || width < 0) errors.strokeWidth = 'Stroke width must be a number, 0 or more';
  const color = toRgba(draft.color);
  if (!color) errors.color = 'Pick a colour';
  if (Object.keys(errors).length || !color) return { contour: null, errors };
  return { contour: { color, lowerThreshold: lower, ...(upperSet ? { upperThreshold: upper } : {}), strokeWidth: width }, errors };
}

/**
 * One line for the list: 'Isoband 1 – 5' or 'Isoline 3', with its stroke width.
 *
 * @example
 * describeContour({ lowerThreshold: 1, upperThreshold: 5, strokeWidth: 2 }); // 'Isoband 1 – 5, stroke 2'
 */
export function describeContour(contour: Record<string, unknown>): string {
  const lower = text(contour.lowerThreshold) || '?';
  const stroke = text(contour.strokeWidth) || '1';
  return blank(contour.upperThreshold) ? `Isoline ${lower}, stroke ${stroke}` : `Isoband ${lower} – ${text(contour.upperThreshold)}, stroke ${stroke}`;
}
