/** One entry of the top navigation. */
export interface NavItem {
  label: string;
  /** The app route the link opens (the incumbent's paths, so bookmarks and links carry over). */
  href: string;
  /** Other paths under which this entry counts as the current page. */
  alsoActiveFor?: readonly string[];
}

/** The top navigation of the standalone app, in display order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', href: '/superset/welcome/', alsoActiveFor: ['/'] },
  { label: 'Charts', href: '/chart/list/' },
  { label: 'Dashboards', href: '/dashboard/list/' },
  { label: 'SQL', href: '/sqllab/' },
  { label: 'Datasets', href: '/tablemodelview/list/' },
  { label: 'Databases', href: '/databaseview/list/' },
  // A report's execution log (/report/{id}/log/) belongs to Reports too.
  { label: 'Reports', href: '/report/list/', alsoActiveFor: ['/report/'] },
  // A tag's entity page belongs to Tags.
  { label: 'Tags', href: '/superset/tags/', alsoActiveFor: ['/superset/all_entities/'] },
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
