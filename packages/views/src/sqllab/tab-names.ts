import { TAB_NAME_MAX_LENGTH } from '@lumen-bi/core';

/** Prefix of the names of tabs the user has not named (spec 3 §4). */
export const UNTITLED_QUERY = 'Untitled Query';

/**
 * The name of a new untitled tab: 'Untitled Query N', N the highest existing N plus 1.
 *
 * @example
 * nextUntitledName(['Untitled Query 1', 'Sales', 'Untitled Query 4']); // 'Untitled Query 5'
 */
export function nextUntitledName(names: readonly string[]): string {
  let highest = 0;
  for (const name of names) {
    const match = /^Untitled Query (\d+)$/.exec(name);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `${UNTITLED_QUERY} ${highest + 1}`;
}

/**
 * A tab name as shown in the tab strip: at most 20 characters, then an ellipsis (spec 3 §5/§9).
 *
 * @example
 * truncateTabName('A very long query name indeed'); // 'A very long query na…'
 */
export function truncateTabName(name: string, max = TAB_NAME_MAX_LENGTH): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
