/**
 * A markdown component: sanitised HTML in view mode; in edit mode, the editable one of edit mode's code
 * (markdown-editable.tsx): a double-click or its Edit button opens the source editor, Escape or a click
 * outside closes it, and the change is one undo step.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { LayoutComponent } from '@lumen-bi/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useResize } from './chart-holder';
import { useDashboard } from './dashboard-context';
import { columnWidthStyle, heightPx } from './layout-grid';
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
export function useRenderedMarkdown(code: string): string {
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
  const { store, edit } = useDashboard();
  const ref = useRef<HTMLDivElement>(null);
  const { preview, onPointerDown } = useResize(component, ref);
  const html = useRenderedMarkdown(String(component.meta?.code ?? ''));
  const style = { ...(inColumn ? {} : columnWidthStyle(preview?.width ?? component.meta?.width)), minHeight: heightPx(preview?.height ?? component.meta?.height) };
  if (edit) return <edit.EditableMarkdown store={store} component={component} html={html} style={style} holder={ref} onResizeStart={onPointerDown} />;
  return (
    <div ref={ref} className="bi-dash-markdown" style={style} data-layout-id={component.id} id={component.id}>
      <div className="bi-dash-markdown__body" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
