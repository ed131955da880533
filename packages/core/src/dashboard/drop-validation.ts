/**
 * Rules for moving or adding a component in the layout editor (spec 2 §4, §5). The editor asks before it
 * changes the layout; a refused drop either does nothing (invalid parent) or shows the returned message.
 */
import { GRID_COLUMN_COUNT } from './grid-constants';
import { type DashboardLayout, type LayoutComponentType, ROW_TYPE, TAB_TYPE, TABS_TYPE } from './layout-types';
import { componentDepth, isTopLevelTabs, isValidChild, parentMap } from './nesting-rules';

export const NOT_ENOUGH_SPACE_MESSAGE =
  'There is not enough space for this component. Try decreasing its width, or increasing the destination width.';
export const TOP_LEVEL_TAB_MOVE_MESSAGE = 'Can not move top level tab into nested tabs';
/** Id used as the source of components dragged in from the "new components" panel. */
export const NEW_COMPONENTS_SOURCE_ID = 'NEW_COMPONENTS_SOURCE_ID';

export interface DropResult {
  source: { id: string; index?: number };
  destination: { id: string; index?: number };
  /** The dragged component; for a new one, its type and meta (width). */
  dragging: { id: string; type: LayoutComponentType; meta?: { width?: number } };
}

export type DropCheck =
  | { ok: true }
  | { ok: false; reason: 'invalid-parent' | 'no-space' | 'top-level-tab'; message?: string };

/** Width a component takes in a row: its own width, or its children's widest for a column. */
function widthOf(layout: DashboardLayout, id: string, fallback?: number): number {
  const c = layout[id];
  if (!c) return fallback ?? 0;
  return typeof c.meta?.width === 'number' ? c.meta.width : (fallback ?? 0);
}

/**
 * Whether the drop would overflow its destination row: the widths already in the row plus the dragged
 * component exceed GRID_COLUMN_COUNT. Moving within the same row never overflows.
 */
export function doesDropOverflow(layout: DashboardLayout, drop: DropResult): boolean {
  const dest = layout[drop.destination.id];
  if (!dest || dest.type !== ROW_TYPE || drop.source.id === drop.destination.id) return false;
  const occupied = dest.children.reduce((sum, child) => sum + widthOf(layout, child), 0);
  const width = widthOf(layout, drop.dragging.id, drop.dragging.meta?.width);
  return occupied + width > GRID_COLUMN_COUNT;
}

/**
 * Checks a drop against the nesting table and depth limits, the top-level-tab rule and the row width.
 *
 * @example
 * validateDrop(layout, { source: { id: 'ROW-a' }, destination: { id: 'ROW-b' }, dragging: { id: 'CHART-x', type: 'CHART' } });
 * // { ok: false, reason: 'no-space', message: 'There is not enough space ...' } when ROW-b is full
 */
export function validateDrop(layout: DashboardLayout, drop: DropResult): DropCheck {
  const parents = parentMap(layout);
  const dest = layout[drop.destination.id];
  if (!dest) return { ok: false, reason: 'invalid-parent' };
  const depth = componentDepth(layout, dest.id, parents);
  if (!isValidChild({ parentType: dest.type, childType: drop.dragging.type, parentDepth: depth })) {
    return { ok: false, reason: 'invalid-parent' };
  }
  // A top-level tab carries a whole page of the dashboard; nesting it would bury that page one level down.
  if (drop.dragging.type === TAB_TYPE && dest.type === TABS_TYPE && isTopLevelTabs(layout, drop.source.id, parents) && !isTopLevelTabs(layout, dest.id, parents)) {
    return { ok: false, reason: 'top-level-tab', message: TOP_LEVEL_TAB_MOVE_MESSAGE };
  }
  // Dragging a component into its own subtree would detach it from the root.
  let cursor: string | undefined = dest.id;
  while (cursor) {
    if (cursor === drop.dragging.id) return { ok: false, reason: 'invalid-parent' };
    cursor = parents.get(cursor);
  }
  if (doesDropOverflow(layout, drop)) return { ok: false, reason: 'no-space', message: NOT_ENOUGH_SPACE_MESSAGE };
  return { ok: true };
}

/**
 * Applies a validated move of an existing component: removes it from the source parent and inserts it at
 * the destination index. Returns a new layout; the input is not changed.
 */
export function moveComponent(layout: DashboardLayout, drop: DropResult): DashboardLayout {
  const out: DashboardLayout = { ...layout };
  const source = layout[drop.source.id];
  if (source) out[source.id] = { ...source, children: source.children.filter((c) => c !== drop.dragging.id) };
  const dest = out[drop.destination.id];
  if (!dest) return out;
  const children = dest.children.filter((c) => c !== drop.dragging.id);
  const index = Math.max(0, Math.min(drop.destination.index ?? children.length, children.length));
  children.splice(index, 0, drop.dragging.id);
  out[dest.id] = { ...dest, children };
  return out;
}
