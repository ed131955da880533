/**
 * A markdown component in edit mode (part of edit mode's code, edit-mode.tsx): a double-click or its Edit
 * button opens the source editor, Escape or a click outside closes it, and the change is one undo step;
 * drag, delete and resize like the other components.
 */
import type { LayoutComponent } from '@lumen-bi/core';
import type { CSSProperties, PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { createIcon } from '../components/icons';
import type { DashboardStore } from './dashboard-store';
import { EditControls, ResizeHandle } from './edit-controls';
import { updateMeta } from './layout-edit';
import { useMarkdownEditing } from './markdown-editing';

const Pencil = /* @__PURE__ */ createIcon('pencil', ['M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z', 'm15 5 4 4']);

export interface EditableMarkdownProps {
  store: DashboardStore;
  component: LayoutComponent;
  /** The component's rendered markdown, its box (live resize included) and resize start: markdown-component.tsx's. */
  html: string;
  style: CSSProperties;
  holder: RefObject<HTMLDivElement | null>;
  onResizeStart(event: ReactPointerEvent<HTMLElement>): void;
}

export function EditableMarkdown({ store, component, html, style, holder, onResizeStart }: EditableMarkdownProps) {
  const code = String(component.meta?.code ?? '');
  const text = useMarkdownEditing(true, (value) => value !== code && store.updateLayout(updateMeta(store.layout.value, component.id, { code: value })));
  return (
    <div ref={holder} className={`bi-dash-markdown${text.open ? ' bi-dash-markdown--editing' : ''}`} style={style} data-layout-id={component.id} id={component.id}>
      {text.open ? (
        // While the source is edited the controls sit in a toolbar above it, never over the text.
        <>
          <div className="bi-dash-markdown__toolbar">
            <span className="bi-dash-markdown__mode">Editing markdown</span>
            <button type="button" className="bi-button" onClick={text.close}>
              Preview
            </button>
          </div>
          <textarea className="bi-input bi-input--code bi-dash-markdown__editor" aria-label="Markdown source" autoFocus defaultValue={code} onKeyDown={text.onKeyDown} onBlur={(e) => text.commit(e.target.value)} />
        </>
      ) : (
        <>
          <EditControls store={store} id={component.id} label="markdown">
            <button ref={text.editButton} type="button" className="bi-button bi-dash-markdown__edit" aria-label="Edit markdown" onClick={text.openEditor}>
              <Pencil size={14} aria-hidden="true" /> Edit
            </button>
          </EditControls>
          <div className="bi-dash-markdown__body" onDoubleClick={text.openEditor} dangerouslySetInnerHTML={{ __html: html }} />
          <ResizeHandle onPointerDown={onResizeStart} />
        </>
      )}
    </div>
  );
}
