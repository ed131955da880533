/**
 * The 12-column layout grid (spec 2 §9): renders position_json recursively. Widths are in columns of the
 * row, heights in base units of 8 px. In edit mode every container is a drop zone (HTML5 drag and drop)
 * that validates with core's nesting rules and shows the spec's messages.
 */
import { useSignals } from '@preact/signals-react/runtime';
import {
  BACKGROUND_WHITE,
  CHART_TYPE,
  COLUMN_TYPE,
  DIVIDER_TYPE,
  GRID_BASE_UNIT,
  GRID_COLUMN_COUNT,
  GRID_GUTTER_SIZE,
  GRID_TYPE,
  HEADER_TYPE,
  LARGE_HEADER,
  MARKDOWN_TYPE,
  ROW_TYPE,
  SMALL_HEADER,
  TAB_TYPE,
  TABS_TYPE,
  type LayoutComponent,
} from '@lumen-bi/core';
import { useState, type CSSProperties, type DragEvent, type ReactNode } from 'react';
import { ChartHolder } from './chart-holder';
import { useDashboard } from './dashboard-context';
import { dropIndex, readDragPayload, setDragPayload } from './drag-drop';
import { FILTER_SCOPE_MOVED_MESSAGE, moveChangesFilterScope } from './filter-scope-move';
import { addComponent, deleteComponent, moveExisting, updateMeta } from './layout-edit';
import { MarkdownComponent } from './markdown-component';
import { TabsComponent } from './tabs-component';

/** flex-basis of a component `width` columns wide inside a row, gutters accounted for. */
export function columnWidthStyle(width: number | undefined): CSSProperties {
  const w = Math.max(1, Math.min(GRID_COLUMN_COUNT, Number(width) || GRID_COLUMN_COUNT));
  return { flex: `0 0 calc((100% + ${GRID_GUTTER_SIZE}px) * ${w} / ${GRID_COLUMN_COUNT} - ${GRID_GUTTER_SIZE}px)`, minWidth: 0 };
}

export const heightPx = (units: number | undefined, fallback = 50) => (Number(units) || fallback) * GRID_BASE_UNIT;

/** Drop handling shared by grid, tab, row and column containers. */
export function useDropZone(containerId: string, horizontal: boolean) {
  const { store } = useDashboard();
  const [over, setOver] = useState(false);
  if (!store.editMode.value) return { over: false, handlers: {} };
  const handlers = {
    onDragOver(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      event.stopPropagation();
      if (!over) setOver(true);
    },
    onDragLeave(event: DragEvent<HTMLElement>) {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      setOver(false);
    },
    onDrop(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      event.stopPropagation();
      setOver(false);
      const payload = readDragPayload(event);
      if (!payload) return;
      const index = dropIndex(event.currentTarget, event.clientX, event.clientY, horizontal);
      const layout = store.layout.value;
      const result =
        payload.kind === 'new' ? addComponent(layout, containerId, index, payload.type, payload.meta) : moveExisting(layout, payload.id, containerId, index);
      if (!result.ok) {
        if (result.message) store.toasts?.warning(result.message);
        return;
      }
      store.updateLayout(result.layout);
      if (payload.kind === 'existing' && moveChangesFilterScope(layout, result.layout, store.filters.value, payload.id)) store.toasts?.warning(FILTER_SCOPE_MOVED_MESSAGE);
      if (payload.kind === 'new' && payload.type === CHART_TYPE && typeof payload.meta?.chartId === 'number') {
        void store.ensureChart(payload.meta.chartId);
      }
    },
  };
  return { over, handlers };
}

/** Drag handle and delete button of a component in edit mode. */
export function EditControls({ id, label }: { id: string; label: string }) {
  const { store } = useDashboard();
  if (!store.editMode.value) return null;
  return (
    <div className="bi-dash-edit-controls">
      <span className="bi-dash-drag-handle" draggable onDragStart={(e) => setDragPayload(e, { kind: 'existing', id })} aria-label={`Drag ${label}`} title="Drag to move">
        ⠿
      </span>
      <button type="button" className="bi-dash-icon-button" aria-label={`Delete ${label}`} onClick={() => store.updateLayout(deleteComponent(store.layout.value, id))}>
        🗑
      </button>
    </div>
  );
}

export function LayoutNode({ id, inColumn = false }: { id: string; inColumn?: boolean }): ReactNode {
  useSignals();
  const { store } = useDashboard();
  const component = store.layout.value[id];
  if (!component) return null;
  switch (component.type) {
    case GRID_TYPE:
    case TAB_TYPE:
      return <GridContainer component={component} />;
    case TABS_TYPE:
      return <TabsComponent component={component} />;
    case ROW_TYPE:
      return <RowComponent component={component} />;
    case COLUMN_TYPE:
      return <ColumnComponent component={component} />;
    case CHART_TYPE:
      return <ChartHolder component={component} inColumn={inColumn} />;
    case MARKDOWN_TYPE:
      return <MarkdownComponent component={component} inColumn={inColumn} />;
    case HEADER_TYPE:
      return <HeaderComponent component={component} />;
    case DIVIDER_TYPE:
      return <DividerComponent component={component} />;
    default:
      return null;
  }
}

/** A grid or a tab's content: a vertical list of rows, tabs, headers, dividers... */
export function GridContainer({ component }: { component: LayoutComponent }) {
  const { over, handlers } = useDropZone(component.id, false);
  const editing = useDashboard().store.editMode.value;
  return (
    <div className={`bi-dash-grid${over ? ' bi-dash-drop--over' : ''}${editing ? ' bi-dash-grid--editing' : ''}`} data-layout-container={component.id} {...handlers}>
      {component.children.map((child) => (
        <LayoutNode key={child} id={child} />
      ))}
      {editing && component.children.length === 0 && <p className="bi-dash-empty-drop">Drag and drop components here</p>}
    </div>
  );
}

function RowComponent({ component }: { component: LayoutComponent }) {
  const { over, handlers } = useDropZone(component.id, true);
  const background = component.meta?.background === BACKGROUND_WHITE ? ' bi-dash-bg--white' : '';
  return (
    <div className={`bi-dash-row${background}${over ? ' bi-dash-drop--over' : ''}`} data-layout-id={component.id} data-layout-container={component.id} {...handlers}>
      <EditControls id={component.id} label="row" />
      {component.children.map((child) => (
        <LayoutNode key={child} id={child} />
      ))}
    </div>
  );
}

function ColumnComponent({ component }: { component: LayoutComponent }) {
  const { over, handlers } = useDropZone(component.id, false);
  const background = component.meta?.background === BACKGROUND_WHITE ? ' bi-dash-bg--white' : '';
  return (
    <div className={`bi-dash-column${background}${over ? ' bi-dash-drop--over' : ''}`} style={columnWidthStyle(component.meta?.width)} data-layout-id={component.id} data-layout-container={component.id} {...handlers}>
      <EditControls id={component.id} label="column" />
      {component.children.map((child) => (
        <LayoutNode key={child} id={child} inColumn />
      ))}
    </div>
  );
}

const HEADER_TAGS: Record<string, 'h2' | 'h3' | 'h4'> = { [LARGE_HEADER]: 'h2', [SMALL_HEADER]: 'h4' };

function HeaderComponent({ component }: { component: LayoutComponent }) {
  const { store } = useDashboard();
  const size = String(component.meta?.headerSize ?? 'MEDIUM_HEADER');
  const Tag = HEADER_TAGS[size] ?? 'h3';
  const text = String(component.meta?.text ?? '');
  const background = component.meta?.background === BACKGROUND_WHITE ? ' bi-dash-bg--white' : '';
  return (
    <div className={`bi-dash-header bi-dash-header--${size.toLowerCase()}${background}`} data-layout-id={component.id} id={component.id}>
      <EditControls id={component.id} label="header" />
      {store.editMode.value ? (
        <input
          className="bi-dash-header__input"
          aria-label="Header text"
          defaultValue={text}
          onBlur={(e) => e.target.value !== text && store.updateLayout(updateMeta(store.layout.value, component.id, { text: e.target.value }))}
        />
      ) : (
        <Tag className="bi-dash-header__text">{text}</Tag>
      )}
    </div>
  );
}

function DividerComponent({ component }: { component: LayoutComponent }) {
  return (
    <div className="bi-dash-divider" data-layout-id={component.id}>
      <EditControls id={component.id} label="divider" />
      <hr />
    </div>
  );
}
