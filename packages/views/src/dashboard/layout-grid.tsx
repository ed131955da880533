/**
 * The 12-column layout grid (spec 2 §9): renders position_json recursively. Widths are in columns of the
 * row, heights in base units of 8 px. In edit mode every container is a drop zone (HTML5 drag and drop)
 * that validates with core's nesting rules and shows the spec's messages.
 */
import { Tooltip } from '../components/tooltip';
import { GripVertical, Trash2 } from 'lucide-react';
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
import { useEffect, useState, type CSSProperties, type DragEvent, type ReactNode } from 'react';
import { ChartHolder } from './chart-holder';
import { useDashboard } from './dashboard-context';
import type { DashboardStore } from './dashboard-store';
import { dropIndex, dropIndexAmong, indicatorBox, layoutChildBoxes, readDragPayload, setDragPayload, type Box, type DragPayload } from './drag-drop';
import { dropTargetOf } from './drop-target';
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

/** Drop handling shared by grid, tab, row and column containers, with the indicator of where it lands. */
export function useDropZone(containerId: string, horizontal: boolean) {
  useSignals();
  const { store } = useDashboard();
  const target = dropTargetOf(store);
  const [line, setLine] = useState<Box | null>(null);
  const over = store.editMode.value && target.value?.containerId === containerId;
  useClearTargetOnDragEnd(over, target);
  if (!store.editMode.value) return { over: false, handlers: {}, indicator: null };
  const handlers = {
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
  // The line sits in the gap where the component will land; an empty container is highlighted whole.
  const indicator = over && line ? <div className="bi-dash-drop-indicator" data-drop-index={target.value?.index} aria-hidden="true" style={line} /> : null;
  return { over, handlers, indicator };
}

/** A drag cancelled (Escape, dropped outside) ends without a drop or leave on the zone: clear its line. */
function useClearTargetOnDragEnd(active: boolean, target: ReturnType<typeof dropTargetOf>) {
  useEffect(() => {
    if (!active) return;
    const clear = () => {
      target.value = null;
    };
    document.addEventListener('dragend', clear, true);
    return () => document.removeEventListener('dragend', clear, true);
  }, [active, target]);
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

/** Drag handle and delete button of a component in edit mode (and any component-specific buttons). */
export function EditControls({ id, label, children }: { id: string; label: string; children?: ReactNode }) {
  const { store } = useDashboard();
  if (!store.editMode.value) return null;
  return (
    <div className="bi-dash-edit-controls">
      {children}
      <Tooltip content="Drag to move">
        <span className="bi-dash-drag-handle" role="img" tabIndex={0} draggable onDragStart={(e) => setDragPayload(e, { kind: 'existing', id })} aria-label={`Drag ${label}`}>
          <GripVertical size={16} aria-hidden="true" />
        </span>
      </Tooltip>
      <Tooltip content={`Delete ${label}`}>
        <button type="button" className="bi-dash-icon-button" aria-label={`Delete ${label}`} onClick={() => store.updateLayout(deleteComponent(store.layout.value, id))}>
          <Trash2 size={16} aria-hidden="true" />
        </button>
      </Tooltip>
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
  const { over, handlers, indicator } = useDropZone(component.id, false);
  const editing = useDashboard().store.editMode.value;
  return (
    <div className={`bi-dash-grid${over ? ' bi-dash-drop--over' : ''}${editing ? ' bi-dash-grid--editing' : ''}`} data-layout-container={component.id} {...handlers}>
      {component.children.map((child) => (
        <LayoutNode key={child} id={child} />
      ))}
      {editing && component.children.length === 0 && <p className="bi-dash-empty-drop">Drag and drop components here</p>}
      {indicator}
    </div>
  );
}

function RowComponent({ component }: { component: LayoutComponent }) {
  const { over, handlers, indicator } = useDropZone(component.id, true);
  const background = component.meta?.background === BACKGROUND_WHITE ? ' bi-dash-bg--white' : '';
  return (
    <div className={`bi-dash-row${background}${over ? ' bi-dash-drop--over' : ''}`} data-layout-id={component.id} data-layout-container={component.id} {...handlers}>
      <EditControls id={component.id} label="row" />
      {component.children.map((child) => (
        <LayoutNode key={child} id={child} />
      ))}
      {indicator}
    </div>
  );
}

function ColumnComponent({ component }: { component: LayoutComponent }) {
  const { over, handlers, indicator } = useDropZone(component.id, false);
  const background = component.meta?.background === BACKGROUND_WHITE ? ' bi-dash-bg--white' : '';
  return (
    <div className={`bi-dash-column${background}${over ? ' bi-dash-drop--over' : ''}`} style={columnWidthStyle(component.meta?.width)} data-layout-id={component.id} data-layout-container={component.id} {...handlers}>
      <EditControls id={component.id} label="column" />
      {component.children.map((child) => (
        <LayoutNode key={child} id={child} inColumn />
      ))}
      {indicator}
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
          className="bi-input bi-dash-header__input"
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
