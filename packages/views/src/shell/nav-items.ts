import { msg } from '@lumen-bi/core';

/** One entry of the top navigation. */
export interface NavItem {
  /** English source text, translated where it is shown. */
  label: string;
  /** The app route the link opens (the incumbent's paths, so bookmarks and links carry over). */
  href: string;
  /** Other paths under which this entry counts as the current page. */
  alsoActiveFor?: readonly string[];
}

/** The top navigation of the standalone app, in display order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: msg('Home'), href: '/superset/welcome/', alsoActiveFor: ['/'] },
  { label: msg('Charts'), href: '/chart/list/' },
  { label: msg('Dashboards'), href: '/dashboard/list/' },
  { label: msg('SQL'), href: '/sqllab/' },
  { label: msg('Datasets'), href: '/tablemodelview/list/' },
  { label: msg('Databases'), href: '/databaseview/list/' },
  // A report's execution log (/report/{id}/log/) belongs to Reports too.
  { label: msg('Reports'), href: '/report/list/', alsoActiveFor: ['/report/'] },
  // A tag's entity page belongs to Tags.
  { label: msg('Tags'), href: '/superset/tags/', alsoActiveFor: ['/superset/all_entities/'] },
];

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

/**
 * True when `pathname` is the item's page or below it. `/` only matches exactly, or every page would be Home.
 *
 * @example
 * isNavItemActive(NAV_ITEMS[1], '/chart/list/'); // true
 */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = withSlash(pathname);
  return [item.href, ...(item.alsoActiveFor ?? [])].some((href) => (href === '/' ? path === '/' : path.startsWith(withSlash(href))));
}
