/**
 * Edit mode (spec 2 §9): what the layout components do only while a dashboard is edited. Every container
 * is a drop zone (HTML5 drag and drop) validated with core's nesting rules, with the spec's messages;
 * components get a drag handle and a delete button, charts and markdown a resize handle, tabs a title
 * editor and an Add tab button; the builder pane lists what can be dropped. The layout components
 * (layout-grid.tsx, chart-holder.tsx, tabs-component.tsx, markdown-component.tsx) call in here through the
 * dashboard context's `edit`, set once this module has loaded (edit-mode-code.ts).
 */
import type { Signal } from '@preact/signals-react';
import { CHART_TYPE, GRID_BASE_UNIT, GRID_COLUMN_COUNT, type LayoutComponent } from '@lumen-bi/core';
import type { DragEvent, PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { createIcon } from '../components/icons';
import type { DashboardStore } from './dashboard-store';
import { dropIndex, dropIndexAmong, indicatorBox, layoutChildBoxes, readDragPayload, type Box, type DragPayload } from './drag-drop';
import type { DropTarget } from './drop-target';
import { FILTER_SCOPE_MOVED_MESSAGE, moveChangesFilterScope } from './filter-scope-move';
import { addComponent, moveExisting, resizeComponent, updateMeta } from './layout-edit';

export { BuilderPane } from './builder-pane';
export { DASHBOARD_EDIT_CSS } from './dashboard-edit-styles';
export { EditControls, ResizeHandle } from './edit-controls';
export { EditableMarkdown } from './markdown-editable';
export { TabTitleEditor } from './tab-title-editor';
export { updateMeta };

/** Edit mode's line icons (lucide's, as components/icons.tsx draws them). */
const Plus = /* @__PURE__ */ createIcon('plus', ['M5 12h14', 'M12 5v14']);

/** The drag handlers of a drop container: the drop line follows the pointer, the drop edits the layout. */
export function dropZoneHandlers(store: DashboardStore, target: Signal<DropTarget | null>, containerId: string, horizontal: boolean, setLine: (line: Box | null) => void) {
  return {
    onDragOver(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      event.stopPropagation();
      const children = layoutChildBoxes(event.currentTarget);
      const index = dropIndexAmong(children, event.clientX, event.clientY, horizontal);
      const current = target.peek();
      if (current?.containerId === containerId && current.index === index) return;
      setLine(indicatorBox(event.currentTarget.getBoundingClientRect(), children, index, horizontal));
      target.value = { containerId, index };
    },
    onDragLeave(event: DragEvent<HTMLElement>) {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      if (target.peek()?.containerId === containerId) target.value = null;
    },
    onDrop(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      event.stopPropagation();
      target.value = null;
      const payload = readDragPayload(event);
      if (payload) applyDrop(store, payload, containerId, dropIndex(event.currentTarget, event.clientX, event.clientY, horizontal));
    },
  };
}

/** Adds or moves the dragged component, with core's refusal messages as toasts. */
function applyDrop(store: DashboardStore, payload: DragPayload, containerId: string, index: number) {
  const layout = store.layout.value;
  const result = payload.kind === 'new' ? addComponent(layout, containerId, index, payload.type, payload.meta) : moveExisting(layout, payload.id, containerId, index);
  if (!result.ok) {
    if (result.message) store.toasts?.warning(result.message);
    return;
  }
  store.updateLayout(result.layout);
  if (payload.kind === 'existing' && moveChangesFilterScope(layout, result.layout, store.filters.value, payload.id)) store.toasts?.warning(FILTER_SCOPE_MOVED_MESSAGE);
  if (payload.kind === 'new' && payload.type === CHART_TYPE && typeof payload.meta?.chartId === 'number') {
    void store.ensureChart(payload.meta.chartId);
  }
}

/** A live resize in grid units from a press on the resize handle; committed to the layout (one undo step) on release. */
export function startResize(
  event: ReactPointerEvent<HTMLElement>,
  store: DashboardStore,
  component: LayoutComponent,
  holder: RefObject<HTMLElement | null>,
  setPreview: (size: { width: number; height: number } | null) => void,
) {
  event.preventDefault();
  const row = holder.current?.parentElement;
  const columnPx = row ? row.getBoundingClientRect().width / GRID_COLUMN_COUNT : 80;
  const start = { x: event.clientX, y: event.clientY, width: Number(component.meta?.width) || 4, height: Number(component.meta?.height) || 50 };
  let latest = { width: start.width, height: start.height };
  const move = (e: PointerEvent) => {
    latest = { width: Math.round(start.width + (e.clientX - start.x) / columnPx), height: Math.round(start.height + (e.clientY - start.y) / GRID_BASE_UNIT) };
    const clamped = resizeComponent(store.layout.value, component.id, latest)[component.id]?.meta;
    setPreview({ width: Number(clamped?.width), height: Number(clamped?.height) });
  };
  const up = () => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    setPreview(null);
    const next = resizeComponent(store.layout.value, component.id, latest);
    if (next !== store.layout.value) store.updateLayout(next);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
}

export interface EditActionsProps {
  store: DashboardStore;
  /** The store's state, read by the header (which re-renders on its changes). */
  canUndo: boolean;
  canRedo: boolean;
  unsaved: boolean;
  saving: boolean;
  onEditProperties(): void;
}

/** The header's actions while editing: Undo, Redo, Edit properties, Discard, Save. */
export function EditActions({ store, canUndo, canRedo, unsaved, saving, onEditProperties }: EditActionsProps) {
  return (
    <>
      <button type="button" className="bi-button" disabled={!canUndo} onClick={() => store.undo()}>
        Undo
      </button>
      <button type="button" className="bi-button" disabled={!canRedo} onClick={() => store.redo()}>
        Redo
      </button>
      <button type="button" className="bi-button" onClick={onEditProperties}>
        Edit properties
      </button>
      <button type="button" className="bi-button" onClick={() => store.discard()}>
        Discard
      </button>
      <button type="button" className="bi-button bi-button--primary" disabled={!unsaved || saving} onClick={() => void store.save()}>
        {saving ? 'Saving…' : 'Save'}
      </button>
    </>
  );
}

/** Beside a tabs component's tab list (a tab list holds tabs only): appends a tab. */
export function AddTabButton({ store, tabs }: { store: DashboardStore; tabs: LayoutComponent }) {
  const add = () => {
    const result = addComponent(store.layout.value, tabs.id, tabs.children.length, 'TAB');
    if (result.ok) store.updateLayout(result.layout);
  };
  return (
    <button type="button" className="bi-dash-icon-button" aria-label="Add tab" title="Add tab" onClick={add}>
      <Plus size={16} aria-hidden="true" />
    </button>
  );
}
