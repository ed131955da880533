/**
 * Which layout components may hold which (spec 2 §4 table) and how deep. The depth limits are the
 * incumbent's: they keep a chart at most one row and one column below a tab, so layouts stay printable.
 */
import {
  CHART_TYPE,
  COLUMN_TYPE,
  DASHBOARD_ROOT_ID,
  type DashboardLayout,
  DIVIDER_TYPE,
  DYNAMIC_TYPE,
  GRID_TYPE,
  HEADER_TYPE,
  type LayoutComponentType,
  MARKDOWN_TYPE,
  ROOT_TYPE,
  ROW_TYPE,
  TAB_TYPE,
  TABS_TYPE,
} from './layout-types';

const GRID_CHILDREN: LayoutComponentType[] = [ROW_TYPE, TABS_TYPE, CHART_TYPE, MARKDOWN_TYPE, DIVIDER_TYPE, HEADER_TYPE, DYNAMIC_TYPE];

/** Spec 2 §4: parent type -> child types it may contain. */
export const NESTING_RULES: Readonly<Record<LayoutComponentType, readonly LayoutComponentType[]>> = {
  [ROOT_TYPE]: [GRID_TYPE, TABS_TYPE],
  [GRID_TYPE]: GRID_CHILDREN,
  [TABS_TYPE]: [TAB_TYPE],
  [TAB_TYPE]: GRID_CHILDREN,
  [ROW_TYPE]: [CHART_TYPE, MARKDOWN_TYPE, DYNAMIC_TYPE, COLUMN_TYPE],
  [COLUMN_TYPE]: [CHART_TYPE, MARKDOWN_TYPE, DYNAMIC_TYPE, HEADER_TYPE, DIVIDER_TYPE],
  [CHART_TYPE]: [],
  [MARKDOWN_TYPE]: [],
  [DIVIDER_TYPE]: [],
  [HEADER_TYPE]: [],
  [DYNAMIC_TYPE]: [],
};

/**
 * Whether a component of `parentType` may directly contain one of `childType`.
 *
 * @example
 * canContain('ROW', 'CHART'); // true
 * canContain('ROW', 'TABS');  // false
 */
export function canContain(parentType: LayoutComponentType, childType: LayoutComponentType): boolean {
  return NESTING_RULES[parentType]?.includes(childType) ?? false;
}

/**
 * Deepest parent depth at which each child type may be dropped (root is depth 0; a grid and a top-level
 * tab are depth 1). Absent pairs are not allowed at all.
 */
const MAX_PARENT_DEPTH: Partial<Record<LayoutComponentType, Partial<Record<LayoutComponentType, number>>>> = {
  [ROOT_TYPE]: { [TABS_TYPE]: 0, [GRID_TYPE]: 0 },
  [GRID_TYPE]: Object.fromEntries(GRID_CHILDREN.map((t) => [t, 1])),
  [TABS_TYPE]: { [TAB_TYPE]: 2 },
  [TAB_TYPE]: { [CHART_TYPE]: 3, [MARKDOWN_TYPE]: 3, [DIVIDER_TYPE]: 3, [HEADER_TYPE]: 3, [DYNAMIC_TYPE]: 3, [ROW_TYPE]: 3, [TABS_TYPE]: 3 },
  [ROW_TYPE]: { [CHART_TYPE]: 4, [MARKDOWN_TYPE]: 4, [COLUMN_TYPE]: 4, [DYNAMIC_TYPE]: 4 },
  [COLUMN_TYPE]: { [CHART_TYPE]: 5, [HEADER_TYPE]: 5, [MARKDOWN_TYPE]: 5, [DIVIDER_TYPE]: 5, [DYNAMIC_TYPE]: 5 },
};

/**
 * Whether `childType` may be dropped into a parent of `parentType` sitting at `parentDepth`.
 *
 * @example
 * isValidChild({ parentType: 'ROW', childType: 'CHART', parentDepth: 2 }); // true
 */
export function isValidChild(args: { parentType: LayoutComponentType; childType: LayoutComponentType; parentDepth: number }): boolean {
  if (!canContain(args.parentType, args.childType)) return false;
  const max = MAX_PARENT_DEPTH[args.parentType]?.[args.childType];
  return typeof max === 'number' && args.parentDepth <= max;
}

/** Parent id of every component, from `children` (the source of truth). */
export function parentMap(layout: DashboardLayout): Map<string, string> {
  const map = new Map<string, string>();
  for (const [id, c] of Object.entries(layout)) for (const child of c.children) map.set(child, id);
  return map;
}

/** Whether the component is the TABS directly under the root (rendered as the dashboard's top tabs). */
export function isTopLevelTabs(layout: DashboardLayout, id: string, parents = parentMap(layout)): boolean {
  const c = layout[id];
  if (!c || c.type !== TABS_TYPE) return false;
  const parent = layout[parents.get(id) ?? ''];
  return parent?.type === ROOT_TYPE;
}

/**
 * Drop depth of a component. Top-level tabs behave as the grid does: the TABS adds no depth and each of
 * its TABs is at depth 1, so a top-level tab may hold what the grid holds.
 *
 * @example
 * componentDepth(layout, 'GRID_ID'); // 1
 */
export function componentDepth(layout: DashboardLayout, id: string, parents = parentMap(layout)): number {
  let depth = 0;
  let current: string | undefined = id;
  const seen = new Set<string>();
  while (current && current !== DASHBOARD_ROOT_ID && layout[current]?.type !== ROOT_TYPE && !seen.has(current)) {
    seen.add(current);
    if (!isTopLevelTabs(layout, current, parents)) depth += 1;
    current = parents.get(current);
  }
  return depth;
}
