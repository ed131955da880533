import { useState, type UIEvent } from 'react';

export interface WindowedRows {
  /** First and one-past-last index to draw. */
  start: number;
  end: number;
  /** The full list's height in px, so the scrollbar is true to the list. */
  totalHeight: number;
  onScroll(event: UIEvent<HTMLElement>): void;
}

/** Rows drawn above and below the visible ones, so a quick scroll shows no gap. */
const OVERSCAN = 8;

/**
 * Windowing for a scroll box of fixed-height rows: only the rows in view (and a few either side) are drawn,
 * so a list of thousands of permission pairs scrolls and filters as fast as one of ten.
 *
 * @example
 * const w = useWindowedRows(lines.length, 30, 360);
 * lines.slice(w.start, w.end).map(...)
 */
export function useWindowedRows(count: number, rowHeight: number, viewHeight: number): WindowedRows {
  const [scrollTop, setScrollTop] = useState(0);
  // A filter may shorten the list below the scroll position: clamp rather than show an empty window.
  const top = Math.min(scrollTop, Math.max(0, count * rowHeight - viewHeight));
  const start = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const end = Math.min(count, Math.ceil((top + viewHeight) / rowHeight) + OVERSCAN);
  return { start, end, totalHeight: count * rowHeight, onScroll: (event) => setScrollTop(event.currentTarget.scrollTop) };
}
