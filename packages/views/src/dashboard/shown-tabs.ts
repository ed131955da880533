/**
 * The tabs a viewer sees. The store records only the tabs a viewer has chosen (a click, a permalink, an
 * anchor); every other tabs container shows its first tab. Hosts asking getActiveTabs() want what is on
 * screen, including those defaults, from the moment the dashboard has loaded.
 */
import { DASHBOARD_ROOT_ID, type DashboardLayout } from '@lumen-bi/core';

/**
 * The shown tab of every visible tabs container, outermost first; tabs nested in a hidden tab are not
 * shown, so they are not listed.
 *
 * @example
 * shownTabs(layout, []);          // ['TAB-overview'] (the first tab of the top-level tabs)
 * shownTabs(layout, ['TAB-map']); // ['TAB-map', 'TAB-map-inner-first']
 */
export function shownTabs(layout: DashboardLayout, chosen: readonly string[]): string[] {
  const shown: string[] = [];
  const visit = (id: string, seen: Set<string>) => {
    const component = layout[id];
    // A malformed layout may loop: each component is visited once.
    if (!component || seen.has(id)) return;
    seen.add(id);
    if (component.type === 'TABS') {
      const active = component.children.find((tab) => chosen.includes(tab)) ?? component.children[0];
      if (active === undefined) return;
      shown.push(active);
      visit(active, seen);
      return;
    }
    for (const child of component.children) visit(child, seen);
  };
  visit(DASHBOARD_ROOT_ID, new Set());
  return shown;
}
