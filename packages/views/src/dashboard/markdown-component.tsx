/**
 * A markdown component: sanitised HTML in view mode; in edit mode a double-click or its Edit button opens
 * the source editor, Escape or a click outside closes it, and the change is one undo step.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { LayoutComponent } from '@lumen-bi/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Pencil } from 'lucide-react';
import { ResizeHandle, useResize } from './chart-holder';
import { useDashboard } from './dashboard-context';
import { columnWidthStyle, EditControls, heightPx } from './layout-grid';
import { updateMeta } from './layout-edit';
import { useMarkdownEditing } from './markdown-editing';
import type * as Markdown from './markdown';

/**
 * The markdown renderer and its sanitiser (DOMPurify) are loaded with the first markdown component: most
 * dashboards have none, and an embedding host's first load should not carry them (issue 15: weight).
 */
let markdownModule: Promise<typeof Markdown> | null = null;
let loadedRenderer: ((source: string) => string) | null = null;

function loadMarkdown(): Promise<typeof Markdown> {
  markdownModule ??= import('./markdown').then((module) => {
    loadedRenderer = module.renderMarkdown;
    return module;
  });
  return markdownModule;
}

/** The sanitised HTML of `code`; '' until the renderer has loaded (at once after the first time). */
function useRenderedMarkdown(code: string): string {
  const [render, setRender] = useState(() => loadedRenderer);
  useEffect(() => {
    if (render) return;
    let live = true;
    void loadMarkdown().then((module) => live && setRender(() => module.renderMarkdown));
    return () => {
      live = false;
    };
  }, [render]);
  return useMemo(() => (render ? render(code) : ''), [render, code]);
}

export function MarkdownComponent({ component, inColumn }: { component: LayoutComponent; inColumn: boolean }) {
  useSignals();
  const { store } = useDashboard();
  const ref = useRef<HTMLDivElement>(null);
  const { preview, onPointerDown } = useResize(component, ref);
  const code = String(component.meta?.code ?? '');
  const html = useRenderedMarkdown(code);
  const editing = store.editMode.value;
  const text = useMarkdownEditing(editing, (value) => value !== code && store.updateLayout(updateMeta(store.layout.value, component.id, { code: value })));
  const style = { ...(inColumn ? {} : columnWidthStyle(preview?.width ?? component.meta?.width)), minHeight: heightPx(preview?.height ?? component.meta?.height) };
  return (
    <div ref={ref} className={`bi-dash-markdown${text.open ? ' bi-dash-markdown--editing' : ''}`} style={style} data-layout-id={component.id} id={component.id}>
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
          <EditControls id={component.id} label="markdown">
            <button ref={text.editButton} type="button" className="bi-button bi-dash-markdown__edit" aria-label="Edit markdown" onClick={text.openEditor}>
              <Pencil size={14} aria-hidden="true" /> Edit
            </button>
          </EditControls>
          <div className="bi-dash-markdown__body" onDoubleClick={editing ? text.openEditor : undefined} dangerouslySetInnerHTML={{ __html: html }} />
          {editing && <ResizeHandle onPointerDown={onPointerDown} />}
        </>
      )}
    </div>
  );
}
