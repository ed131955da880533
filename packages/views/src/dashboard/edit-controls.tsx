/**
 * The controls every layout component shows in edit mode (edit mode's code, edit-mode.tsx): a drag handle,
 * a delete button, and a resize handle for charts and markdown.
 */
import type { PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import { createIcon } from '../components/icons';
import { Tooltip } from '../components/tooltip';
import type { DashboardStore } from './dashboard-store';
import { setDragPayload } from './drag-drop';
import { deleteComponent } from './layout-edit';

const GripVertical = /* @__PURE__ */ createIcon('grip-vertical', [{ circle: [9, 12, 1] }, { circle: [9, 5, 1] }, { circle: [9, 19, 1] }, { circle: [15, 12, 1] }, { circle: [15, 5, 1] }, { circle: [15, 19, 1] }]);
const Trash2 = /* @__PURE__ */ createIcon('trash trash-2', ['M10 11v6', 'M14 11v6', 'M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6', 'M3 6h18', 'M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2']);

/** Drag handle and delete button of a component (and any component-specific buttons before them). */
export function EditControls({ store, id, label, children }: { store: DashboardStore; id: string; label: string; children?: ReactNode }) {
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

/** The corner handle that resizes a chart or markdown component in grid units (edit-mode.tsx's startResize). */
export function ResizeHandle({ onPointerDown }: { onPointerDown(e: ReactPointerEvent<HTMLElement>): void }) {
  return <span className="bi-dash-resize-handle" role="separator" aria-label="Resize" onPointerDown={onPointerDown} />;
}
