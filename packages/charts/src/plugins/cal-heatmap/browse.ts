/**
 * Browsing the domains (months, weeks, ...) of a calendar heatmap: the incumbent draws one line of
 * domains and moves it with previous/next buttons; here the line holds as many domains as fit the card's
 * width, and the buttons shift it by one domain, stopping at the first and the last.
 */

/** The domains shown and whether each button can move. */
export interface DomainWindow {
  from: number;
  to: number;
  canPrevious: boolean;
  canNext: boolean;
}

/**
 * How many domains of `domainWidth` px fit on one line of `width` px with `gap` px between them (at least one).
 *
 * @example
 * domainsPerLine(400, 90, 10); // 4
 */
export function domainsPerLine(width: number, domainWidth: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (domainWidth + gap)));
}

/**
 * The window of `perLine` domains out of `count` starting at `offset`, clamped so it never runs past the end.
 *
 * @example
 * domainWindow(12, 4, 10); // { from: 8, to: 12, canPrevious: true, canNext: false }
 */
export function domainWindow(count: number, perLine: number, offset: number): DomainWindow {
  const from = Math.max(0, Math.min(offset, count - perLine));
  const to = Math.min(count, from + perLine);
  return { from, to, canPrevious: from > 0, canNext: to < count };
}
