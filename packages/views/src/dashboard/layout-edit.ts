/**
 * Pure edits of the dashboard layout used by edit mode: add a new component from the builder pane, move,
 * delete, resize and change meta. Validation is core's (validateDrop) so the messages are the spec's.
 */
import {
  CHART_TYPE,
  COLUMN_TYPE,
  DIVIDER_TYPE,
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_MAX_INT,
  GRID_MIN_COLUMN_WIDTH,
  GRID_TYPE,
  HEADER_TYPE,
  MARKDOWN_TYPE,
  MEDIUM_HEADER,
  NEW_COMPONENTS_SOURCE_ID,
  ROW_TYPE,
  TAB_TYPE,
  TABS_TYPE,
  BACKGROUND_TRANSPARENT,
  moveComponent,
  parentMap,
  validateDrop,
  withParents,
  type DashboardLayout,
  type DropCheck,
  type LayoutComponent,
  type LayoutComponentMeta,
  type LayoutComponentType,
} from '@lumen-bi/core';

/** Text a new markdown component starts with (the incumbent's placeholder wording). */
export const MARKDOWN_PLACEHOLDER = '# ✨Header 1\n\nClick here to edit [markdown](https://bit.ly/1dQOfRK)';
/** Smallest height a resize may leave, in grid base units. */
export const MIN_HEIGHT_UNITS = 10;

let sequence = 0;
/** Ids like the incumbent's (TYPE-random); unique within a session without needing crypto. */
export function newComponentId(type: LayoutComponentType): string {
  sequence += 1;
  return `${type}-${Date.now().toString(36)}${sequence.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A fresh component of a type with the defaults the builder pane gives it. */
export function createComponent(type: LayoutComponentType, meta: LayoutComponentMeta = {}): LayoutComponent {
  const id = newComponentId(type);
  const defaults: Partial<Record<LayoutComponentType, LayoutComponentMeta>> = {
    [CHART_TYPE]: { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT },
    [MARKDOWN_TYPE]: { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT, code: MARKDOWN_PLACEHOLDER },
    [COLUMN_TYPE]: { width: GRID_DEFAULT_CHART_WIDTH, background: BACKGROUND_TRANSPARENT },
    [ROW_TYPE]: { background: BACKGROUND_TRANSPARENT },
    [HEADER_TYPE]: { text: 'New header', headerSize: MEDIUM_HEADER, background: BACKGROUND_TRANSPARENT },
    [TAB_TYPE]: { text: 'New tab' },
  };
  return { id, type, children: [], meta: { ...defaults[type], ...meta } };
}

export type EditResult = { ok: true; layout: DashboardLayout; id: string } | { ok: false; message?: string };

const needsRow = (child: LayoutComponentType, parent: LayoutComponentType | undefined) =>
  (parent === GRID_TYPE || parent === TAB_TYPE) && (child === CHART_TYPE || child === MARKDOWN_TYPE || child === COLUMN_TYPE);

function refusal(check: DropCheck): EditResult {
  return check.ok ? { ok: false } : { ok: false, message: check.message };
}

/**
 * Adds a new component at `index` of `parentId`. Charts, markdown and columns dropped straight on a grid or
 * tab get a row of their own, as the incumbent does, so every sized component sits in a row.
 *
 * @example
 * addComponent(layout, 'GRID_ID', 0, 'MARKDOWN'); // { ok: true, layout, id: 'MARKDOWN-...' }
 */
export function addComponent(layout: DashboardLayout, parentId: string, index: number, type: LayoutComponentType, meta: LayoutComponentMeta = {}): EditResult {
  const parent = layout[parentId];
  const component = createComponent(type, meta);
  const wrap = needsRow(type, parent?.type);
  const dragging: { id: string; type: LayoutComponentType; meta?: { width?: number } } = wrap ? { id: 'new-row', type: ROW_TYPE } : { id: component.id, type, meta: { width: component.meta?.width } };
  const check = validateDrop(layout, { source: { id: NEW_COMPONENTS_SOURCE_ID }, destination: { id: parentId, index }, dragging });
  if (!check.ok) return refusal(check);
  let out: DashboardLayout = { ...layout, [component.id]: component };
  let insertedId = component.id;
  if (type === TABS_TYPE) {
    const tab = createComponent(TAB_TYPE);
    out[tab.id] = tab;
    out[component.id] = { ...component, children: [tab.id] };
  }
  if (wrap) {
    const row = createComponent(ROW_TYPE);
    out[row.id] = { ...row, children: [component.id] };
    insertedId = row.id;
  }
  out = moveComponent(out, { source: { id: NEW_COMPONENTS_SOURCE_ID }, destination: { id: parentId, index }, dragging: { id: insertedId, type: out[insertedId].type } });
  return { ok: true, layout: withParents(out), id: component.id };
}

/**
 * Moves an existing component to `index` of `parentId` after checking the nesting rules, depth, top-level
 * tabs and row width (core's messages).
 */
export function moveExisting(layout: DashboardLayout, id: string, parentId: string, index: number): EditResult {
  const c = layout[id];
  const source = parentMap(layout).get(id);
  if (!c || !source) return { ok: false };
  const drop = { source: { id: source }, destination: { id: parentId, index }, dragging: { id, type: c.type, meta: { width: c.meta?.width } } };
  const check = validateDrop(layout, drop);
  if (!check.ok) return refusal(check);
  // Moving down within one parent: the removal shifts the target index by one.
  const from = layout[source].children.indexOf(id);
  const adjusted = source === parentId && from < index ? index - 1 : index;
  let out = moveComponent(layout, { ...drop, destination: { id: parentId, index: adjusted } });
  out = dropEmptyRow(out, source);
  return { ok: true, layout: withParents(out), id };
}

/** A row left empty by a move or delete disappears, as in the incumbent, instead of leaving a gap. */
function dropEmptyRow(layout: DashboardLayout, id: string): DashboardLayout {
  const c = layout[id];
  if (!c || c.type !== ROW_TYPE || c.children.length > 0) return layout;
  return deleteComponent(layout, id);
}

/** Removes a component and everything below it. */
export function deleteComponent(layout: DashboardLayout, id: string): DashboardLayout {
  const parentId = parentMap(layout).get(id);
  const out: DashboardLayout = { ...layout };
  const stack = [id];
  while (stack.length) {
    const next = stack.pop()!;
    stack.push(...(out[next]?.children ?? []));
    delete out[next];
  }
  if (parentId && out[parentId]) out[parentId] = { ...out[parentId], children: out[parentId].children.filter((c) => c !== id) };
  return withParents(parentId ? dropEmptyRow(out, parentId) : out);
}

/** Room a component may take in its row: the row's columns minus its siblings' widths. */
export function availableWidth(layout: DashboardLayout, id: string): number {
  const parent = layout[parentMap(layout).get(id) ?? ''];
  if (!parent || parent.type !== ROW_TYPE) return GRID_COLUMN_COUNT;
  const others = parent.children.filter((c) => c !== id).reduce((sum, c) => sum + (Number(layout[c]?.meta?.width) || 0), 0);
  return Math.max(GRID_MIN_COLUMN_WIDTH, GRID_COLUMN_COUNT - others);
}

/**
 * Resizes in grid units: width in columns clamped to [GRID_MIN_COLUMN_WIDTH, room left in the row], height
 * in base units clamped to [MIN_HEIGHT_UNITS, GRID_MAX_INT].
 */
export function resizeComponent(layout: DashboardLayout, id: string, size: { width?: number; height?: number }): DashboardLayout {
  const c = layout[id];
  if (!c) return layout;
  const meta = { ...c.meta };
  if (size.width !== undefined) meta.width = Math.max(GRID_MIN_COLUMN_WIDTH, Math.min(Math.round(size.width), availableWidth(layout, id)));
  if (size.height !== undefined) meta.height = Math.max(MIN_HEIGHT_UNITS, Math.min(Math.round(size.height), GRID_MAX_INT));
  if (meta.width === c.meta?.width && meta.height === c.meta?.height) return layout;
  return { ...layout, [id]: { ...c, meta } };
}

export function updateMeta(layout: DashboardLayout, id: string, meta: LayoutComponentMeta): DashboardLayout {
  const c = layout[id];
  if (!c) return layout;
  return { ...layout, [id]: { ...c, meta: { ...c.meta, ...meta } } };
}
