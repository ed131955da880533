import type { MouseEvent } from 'react';

/**
 * True for a click the app should handle as in-app navigation: a plain left click on a link that opens in
 * the same tab. Modifier clicks keep the browser's behaviour (open in a new tab or window).
 */
export function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (!target || target === '_self')
  );
}
