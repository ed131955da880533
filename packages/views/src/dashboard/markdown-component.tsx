/**
 * A markdown component: sanitised HTML in view mode; in edit mode a click opens the source editor and
 * the change is one undo step.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { LayoutComponent } from '@lumen-bi/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ResizeHandle, useResize } from './chart-holder';
import { useDashboard } from './dashboard-context';
import { columnWidthStyle, EditControls, heightPx } from './layout-grid';
import { updateMeta } from './layout-edit';
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
  const [editingText, setEditingText] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const { preview, onPointerDown } = useResize(component, ref);
  const code = String(component.meta?.code ?? '');
  const html = useRenderedMarkdown(code);
  const editing = store.editMode.value;
  const style = { ...(inColumn ? {} : columnWidthStyle(preview?.width ?? component.meta?.width)), minHeight: heightPx(preview?.height ?? component.meta?.height) };
  return (
    <div ref={ref} className="bi-dash-markdown" style={style} data-layout-id={component.id} id={component.id}>
      <EditControls id={component.id} label="markdown" />
      {editing && editingText ? (
        <textarea
          className="bi-dash-markdown__editor"
          aria-label="Markdown source"
          autoFocus
          defaultValue={code}
          onBlur={(e) => {
            setEditingText(false);
            if (e.target.value !== code) store.updateLayout(updateMeta(store.layout.value, component.id, { code: e.target.value }));
          }}
        />
      ) : (
        <div className="bi-dash-markdown__body" onClick={() => editing && setEditingText(true)} dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {editing && <ResizeHandle onPointerDown={onPointerDown} />}
    </div>
  );
}
