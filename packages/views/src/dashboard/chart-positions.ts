/**
 * Where each chart of the shown tabs will stand, estimated from the layout alone (grid units, before the
 * layout has rendered), so the charts of the first viewport can be queried while the layout renders and
 * the others later. Estimates only: containers stack their children, rows set them side by side, headers
 * and tab bars take a nominal height; the chart holders still load whatever becomes visible themselves.
 */
import { chartIdOf, DASHBOARD_ROOT_ID, GRID_BASE_UNIT, GRID_GUTTER_SIZE, type DashboardLayout, type LayoutComponent } from '@lumen-bi/core';

/** Nominal heights (px) of what has no stored height: a header row, a tab bar. */
const HEADER_HEIGHT = 6 * GRID_BASE_UNIT;
const TAB_BAR_HEIGHT = 6 * GRID_BASE_UNIT;
const DEFAULT_HEIGHT_UNITS = 50;

export interface ChartPosition {
  chartId: number;
  /** Estimated distance (px) from the top of the dashboard's grid. */
  top: number;
}

/**
 * The charts of the shown tabs in reading order (top to bottom, left to right) with their estimated tops.
 *
 * @example
 * chartPositions(layout, shownTabs(layout, activeTabs)).filter((c) => c.top < window.innerHeight);
 */
export function chartPositions(layout: DashboardLayout, shownTabIds: readonly string[]): ChartPosition[] {
  const positions: ChartPosition[] = [];
  const seen = new Set<string>();
  /** Places the component at `top`; returns its height. */
  const place = (id: string, top: number): number => {
    const component = layout[id];
    // A malformed layout may loop or name missing components: each is placed once.
    if (!component || seen.has(id)) return 0;
    seen.add(id);
    const chartId = chartIdOf(component);
    if (chartId !== undefined) {
      positions.push({ chartId, top });
      return ownHeight(component);
    }
    switch (component.type) {
      case 'ROW':
        return Math.max(0, ...component.children.map((child) => place(child, top)));
      case 'TABS': {
        const shown = component.children.find((tab) => shownTabIds.includes(tab)) ?? component.children[0];
        return TAB_BAR_HEIGHT + (shown === undefined ? 0 : place(shown, top + TAB_BAR_HEIGHT));
      }
      case 'HEADER':
        return HEADER_HEIGHT;
      case 'MARKDOWN':
      case 'DIVIDER':
        return component.type === 'DIVIDER' ? GRID_GUTTER_SIZE : ownHeight(component);
      default:
        return stack(component, top);
    }
  };
  /** ROOT, GRID, TAB, COLUMN: children one under the other, a gutter between rows. */
  const stack = (component: LayoutComponent, top: number): number => {
    let height = 0;
    for (const child of component.children) {
      const childHeight = place(child, top + height);
      if (childHeight > 0) height += childHeight + GRID_GUTTER_SIZE;
    }
    return height;
  };
  place(DASHBOARD_ROOT_ID, 0);
  return positions;
}

function ownHeight(component: LayoutComponent): number {
  return (Number(component.meta?.height) || DEFAULT_HEIGHT_UNITS) * GRID_BASE_UNIT;
}
