/**
 * Dashboard layout (position_json) as the incumbent stores it: a flat map of component id -> component,
 * plus a version marker. Keeping the incumbent's upper-case type names means exported dashboards and
 * hand-written position_json from its users load unchanged.
 */

export const ROOT_TYPE = 'ROOT';
export const GRID_TYPE = 'GRID';
export const HEADER_TYPE = 'HEADER';
export const TABS_TYPE = 'TABS';
export const TAB_TYPE = 'TAB';
export const ROW_TYPE = 'ROW';
export const COLUMN_TYPE = 'COLUMN';
export const CHART_TYPE = 'CHART';
export const MARKDOWN_TYPE = 'MARKDOWN';
export const DIVIDER_TYPE = 'DIVIDER';
export const DYNAMIC_TYPE = 'DYNAMIC';

/** Every layout component type of spec 2 §3. */
export const LAYOUT_COMPONENT_TYPES = [
  ROOT_TYPE,
  GRID_TYPE,
  HEADER_TYPE,
  TABS_TYPE,
  TAB_TYPE,
  ROW_TYPE,
  COLUMN_TYPE,
  CHART_TYPE,
  MARKDOWN_TYPE,
  DIVIDER_TYPE,
  DYNAMIC_TYPE,
] as const;
export type LayoutComponentType = (typeof LAYOUT_COMPONENT_TYPES)[number];

export const DASHBOARD_ROOT_ID = 'ROOT_ID';
export const DASHBOARD_GRID_ID = 'GRID_ID';
export const DASHBOARD_HEADER_ID = 'HEADER_ID';
/** position_json carries `"DASHBOARD_VERSION_KEY": "v2"` beside the components. */
export const DASHBOARD_VERSION_KEY = 'DASHBOARD_VERSION_KEY';
export const DASHBOARD_VERSION = 'v2';

export interface LayoutComponentMeta {
  width?: number;
  height?: number;
  text?: string;
  chartId?: number;
  sliceName?: string;
  sliceNameOverride?: string;
  uuid?: string;
  headerSize?: string;
  background?: string;
  code?: string;
  defaultText?: string;
  placeholder?: string;
  [key: string]: unknown;
}

export interface LayoutComponent {
  id: string;
  type: LayoutComponentType;
  children: string[];
  /** Ancestor ids from the root down; informative only (rebuilt by `withParents`). */
  parents?: string[];
  meta?: LayoutComponentMeta;
}

/** Component id -> component. The version marker is dropped by `toLayout`. */
export type DashboardLayout = Record<string, LayoutComponent>;

export function isLayoutComponentType(value: unknown): value is LayoutComponentType {
  return typeof value === 'string' && (LAYOUT_COMPONENT_TYPES as readonly string[]).includes(value);
}

/**
 * The components of a position_json document, without the version marker or anything that is not a
 * component (stored documents sometimes carry stray keys).
 *
 * @example
 * toLayout({ DASHBOARD_VERSION_KEY: 'v2', ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: [] } });
 * // { ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: [] } }
 */
export function toLayout(position: unknown): DashboardLayout {
  const out: DashboardLayout = {};
  if (!position || typeof position !== 'object' || Array.isArray(position)) return out;
  for (const [key, value] of Object.entries(position as Record<string, unknown>)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const c = value as Partial<LayoutComponent>;
    if (!isLayoutComponentType(c.type)) continue;
    out[key] = { ...c, id: typeof c.id === 'string' ? c.id : key, type: c.type, children: Array.isArray(c.children) ? c.children.filter((x) => typeof x === 'string') : [] };
  }
  return out;
}

/** Chart id of a CHART component, when it has a valid one. */
export function chartIdOf(component: LayoutComponent | undefined): number | undefined {
  if (!component || component.type !== CHART_TYPE) return undefined;
  const id = component.meta?.chartId;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}

/**
 * Returns a copy of the layout with every `parents` array recomputed from `children`, so code that trusts
 * `parents` (the incumbent's scope helpers do) never reads a stale list after a move.
 */
export function withParents(layout: DashboardLayout, rootId = DASHBOARD_ROOT_ID): DashboardLayout {
  const out: DashboardLayout = {};
  for (const [id, c] of Object.entries(layout)) out[id] = { ...c, children: [...c.children] };
  const visit = (id: string, parents: string[], seen: Set<string>) => {
    const c = out[id];
    if (!c || seen.has(id)) return;
    seen.add(id);
    c.parents = parents;
    for (const child of c.children) visit(child, [...parents, id], seen);
  };
  visit(rootId, [], new Set());
  return out;
}
