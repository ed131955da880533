/**
 * Fitting text labels into the room they have, where no layout engine measures them (renderers run
 * before layout, and in tests): a width estimate that errs wide, truncation with an ellipsis, and the
 * every-k-th choice of labels that keeps neighbours apart.
 */

/** Widest a category label may get before it is cut (the full text stays in its tooltip). */
export const CATEGORY_LABEL_MAX = 120;

const ELLIPSIS = '…';
/** Fewest characters a cut label keeps. */
const MIN_KEPT = 3;

/** Em width of a character in a proportional sans-serif, generous so fitted labels really fit. */
function charEm(ch: string): number {
  // The ellipsis is a full em in common sans-serifs.
  if (ch === ELLIPSIS) return 1;
  if (/[.,:;'!|il1 ]/.test(ch)) return 0.34;
  if (/[MWmw@%]/.test(ch)) return 0.92;
  if (/[A-Z]/.test(ch)) return 0.7;
  return 0.58;
}

/**
 * Estimated width in px of a label at a font size.
 *
 * @example
 * estimateLabelWidth('North America', 12); // ~83
 */
export function estimateLabelWidth(label: string, fontPx: number): number {
  let em = 0;
  for (const ch of label) em += charEm(ch);
  return em * fontPx;
}

/**
 * The label cut with an ellipsis to fit `maxWidth`, or '' when fewer than three characters would be left
 * (a stub like 'd…' says nothing; the tooltip or legend still names it).
 *
 * @example
 * truncateLabel('Classic Cars and Vintage Cars', 60, 12); // 'Classic C…'
 */
export function truncateLabel(label: string, maxWidth: number, fontPx: number): string {
  if (estimateLabelWidth(label, fontPx) <= maxWidth) return label;
  const chars = [...label];
  let width = estimateLabelWidth(ELLIPSIS, fontPx);
  let n = 0;
  while (n < chars.length && width + estimateLabelWidth(chars[n], fontPx) <= maxWidth) width += estimateLabelWidth(chars[n++], fontPx);
  return n >= MIN_KEPT ? chars.slice(0, n).join('').trimEnd() + ELLIPSIS : '';
}

/**
 * Indices of `count` evenly spread labels, every k-th so that each gets `labelWidth` px of `span` px.
 *
 * @example
 * thinnedIndices(10, 300, 60); // [0, 2, 4, 6, 8]
 */
export function thinnedIndices(count: number, span: number, labelWidth: number): number[] {
  const step = count ? Math.max(0, span) / count : 0;
  const every = step > 0 ? Math.max(1, Math.ceil(labelWidth / step)) : Math.max(1, count);
  const out: number[] = [];
  for (let i = 0; i < count; i += every) out.push(i);
  return out;
}
