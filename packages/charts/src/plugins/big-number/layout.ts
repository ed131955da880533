/**
 * Sizing of the big numbers: the value's font follows the card's height (the header_font_size control),
 * then shrinks until the value fits the card's width, so '$166M' never reads '$16' in a narrow card; with
 * a trendline the text keeps to its share of the height and the line gets the rest.
 */
import type { BigNumberProps } from './types';

/** Width of the text at a font size in px, or null when it cannot be measured here. */
export type TextMeasure = (fontPx: number) => number | null;

export interface BigNumberLayout {
  padding: number;
  /** Width available to a line of text. */
  innerWidth: number;
  /** Font sizes before fitting the width. */
  headerPx: number;
  subheaderPx: number;
  minHeaderPx: number;
  minSubheaderPx: number;
  /** The trendline's least height: the text never squeezes it below its share of the card. */
  minTrendHeight: number;
  /** Height of the text block for a header size, where the page cannot measure it. */
  estimatedTextHeight(headerPx: number): number;
}

const HEADER_LINE = 1.1;
const SUBHEADER_LINE = 1.3;
/** With a trendline, the text takes at most this share of the height. */
const TEXT_SHARE_WITH_TREND = 0.6;

/**
 * Font sizes and limits of a big number for its size and controls.
 *
 * @example
 * bigNumberLayout({ width: 300, height: 200, trendline: null, headerFontSize: 0.4, subheaderFontSize: 0.15, subheader: '' }).headerPx; // 80
 */
export function bigNumberLayout(p: Pick<BigNumberProps, 'width' | 'height' | 'trendline' | 'headerFontSize' | 'subheaderFontSize' | 'subheader'>): BigNumberLayout {
  const padding = p.width < 160 || p.height < 100 ? 4 : 8;
  const innerWidth = Math.max(1, p.width - 2 * padding);
  const subheaderPx = p.subheader ? Math.max(10, Math.round(p.height * p.subheaderFontSize * 0.5)) : 0;
  const subLine = subheaderPx * SUBHEADER_LINE;
  const textHeight = (p.trendline ? TEXT_SHARE_WITH_TREND : 1) * p.height - 2 * padding - subLine;
  const wanted = p.height * (p.trendline ? 0.5 : 1) * p.headerFontSize;
  const headerPx = Math.max(8, Math.floor(Math.min(wanted, textHeight / HEADER_LINE)));
  return {
    padding,
    innerWidth,
    headerPx,
    subheaderPx,
    minHeaderPx: 6,
    minSubheaderPx: 6,
    minTrendHeight: p.trendline ? Math.max(20, Math.round(p.height * (1 - TEXT_SHARE_WITH_TREND))) : 0,
    estimatedTextHeight: (px) => 2 * padding + px * HEADER_LINE + subLine,
  };
}

/** Em widths of a bold sans-serif, generous so an estimate errs towards a smaller font. */
function charEm(ch: string): number {
  if (/[0-9$€£¥#?]/.test(ch)) return 0.62;
  if (/[.,:;'!|il]/.test(ch)) return 0.32;
  if (/[%@MWmw]/.test(ch)) return 0.95;
  if (/[A-Z]/.test(ch)) return 0.72;
  if (ch === ' ') return 0.3;
  return 0.6;
}

/**
 * Width of a text at a font size, estimated from the characters (where no layout engine measures it).
 *
 * @example
 * estimateTextWidth('166M', 10); // ~28
 */
export function estimateTextWidth(text: string, fontPx: number): number {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  return em * fontPx;
}

/**
 * The largest font size, at most `target`, at which `text` fits `maxWidth` (never below `min`).
 *
 * @example
 * fitFontSize('$166,123,456', 80, 120, 6, () => null); // 17: the estimate at 80px is far wider than 120px
 */
export function fitFontSize(text: string, target: number, maxWidth: number, min: number, measure: TextMeasure): number {
  let size = target;
  for (let i = 0; i < 6; i++) {
    const width = measure(size) ?? estimateTextWidth(text, size);
    if (width <= maxWidth || size <= min) return size;
    // Text width grows with the font size; a little below the ratio converges in one or two steps.
    size = Math.max(min, Math.floor(size * (maxWidth / width) * 0.98 * 2) / 2);
  }
  return size;
}
