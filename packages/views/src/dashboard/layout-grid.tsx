/**
 * The 12-column layout grid (spec 2 §9): renders position_json recursively. Widths are in columns of the
 * row, heights in base units of 8 px. In edit mode every container is a drop zone (HTML5 drag and drop)
 * that validates with core's nesting rules and shows the spec's messages (edit-mode.tsx, loaded then).
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
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { ChartHolder } from './chart-holder';
import { useDashboard } from './dashboard-context';
import type { Box } from './drag-drop';
import { dropTargetOf } from './drop-target';
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
  const { store, edit } = useDashboard();
  const target = dropTargetOf(store);
  const [line, setLine] = useState<Box | null>(null);
  const over = edit !== null && target.value?.containerId === containerId;
  useClearTargetOnDragEnd(over, target);
  if (!edit) return { over: false, handlers: {}, indicator: null };
  const handlers = edit.dropZoneHandlers(store, target, containerId, horizontal, setLine);
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

/** Drag handle and delete button of a component in edit mode (and any component-specific buttons). */
export function EditControls({ id, label, children }: { id: string; label: string; children?: ReactNode }) {
  const { store, edit } = useDashboard();
  if (!edit) return null;
  return (
    <edit.EditControls store={store} id={id} label={label}>
      {children}
    </edit.EditControls>
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
  const editing = useDashboard().edit !== null;
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
  const { store, edit } = useDashboard();
  const size = String(component.meta?.headerSize ?? 'MEDIUM_HEADER');
  const Tag = HEADER_TAGS[size] ?? 'h3';
  const text = String(component.meta?.text ?? '');
  const background = component.meta?.background === BACKGROUND_WHITE ? ' bi-dash-bg--white' : '';
  return (
    <div className={`bi-dash-header bi-dash-header--${size.toLowerCase()}${background}`} data-layout-id={component.id} id={component.id}>
      <EditControls id={component.id} label="header" />
      {edit ? (
        <input
          className="bi-input bi-dash-header__input"
          aria-label="Header text"
          defaultValue={text}
          onBlur={(e) => e.target.value !== text && store.updateLayout(edit.updateMeta(store.layout.value, component.id, { text: e.target.value }))}
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
