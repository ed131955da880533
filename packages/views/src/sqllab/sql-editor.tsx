import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CodeEditor, CodeEditorOptions, SqlAnnotation } from './codemirror-editor';
import type { CompletionNamespace } from './schema-cache';
import type { SqlDialectName } from './sql-dialect';

/** Loaded on first use only: CodeMirror is SQL Lab's alone, and this import is what splits it out. */
const loadCodeMirror = () => import('./codemirror-editor');

type Handlers = Pick<CodeEditorOptions, 'onChange' | 'onSelection' | 'onRun' | 'onRunSelection' | 'onFormat' | 'onSave' | 'onNewTab'>;

export interface SqlEditorProps extends Handlers {
  /** Remounts the document when the tab changes (undo history is per tab). */
  tabId: string;
  sql: string;
  dialect: SqlDialectName;
  namespace: CompletionNamespace;
  defaultSchema: string | null;
  annotations: readonly SqlAnnotation[];
}

/**
 * The SQL editor: a CodeMirror 6 view created once the editor chunk has loaded. Handlers are read through
 * a ref so re-renders never recreate the editor (which would lose the cursor and the undo history).
 *
 * @example
 * <SqlEditor tabId={tab.id} sql={tab.sql} dialect="postgresql" namespace={ns} defaultSchema="main" annotations={[]} onChange={...} ... />
 */
export function SqlEditor(props: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditor | null>(null);
  const handlers = useRef<Handlers>(props);
  handlers.current = props;
  const latest = useRef(props);
  latest.current = props;
  const [loadError, setLoadError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let created: CodeEditor | null = null;
    loadCodeMirror()
      .then(({ createCodeEditor }) => {
        if (cancelled || !host.current) return;
        const p = latest.current;
        created = createCodeEditor({
          parent: host.current,
          doc: p.sql,
          dialect: p.dialect,
          namespace: p.namespace,
          defaultSchema: p.defaultSchema,
          onChange: (sql) => handlers.current.onChange(sql),
          onSelection: (text, cursor) => handlers.current.onSelection(text, cursor),
          onRun: () => handlers.current.onRun(),
          onRunSelection: () => handlers.current.onRunSelection(),
          onFormat: () => handlers.current.onFormat(),
          onSave: () => handlers.current.onSave(),
          onNewTab: () => handlers.current.onNewTab(),
        });
        editor.current = created;
        setReady(true);
      })
      .catch((error: unknown) => !cancelled && setLoadError(error instanceof Error ? error.message : String(error)));
    return () => {
      cancelled = true;
      created?.destroy();
      editor.current = null;
    };
    // One editor per tab: a new tab gets a fresh document and undo history.
  }, [props.tabId]);

  // A layout effect, so the text is compared in the same task as the render: Preact (the lite bundle) runs
  // plain effects after the next frame, when more keys may have been typed, and a stale value would then
  // replace the document and throw the cursor back to the start.
  useLayoutEffect(() => {
    editor.current?.setDoc(props.sql);
  }, [props.sql, ready]);
  useEffect(() => {
    editor.current?.setLanguage(props.dialect, props.namespace, props.defaultSchema);
  }, [props.dialect, props.namespace, props.defaultSchema, ready]);
  useEffect(() => {
    editor.current?.setAnnotations(props.annotations);
  }, [props.annotations, ready]);

  return (
    <div className="bi-sql-editor" data-ready={ready ? 'true' : 'false'}>
      {loadError && <p role="alert">The SQL editor could not be loaded: {loadError}</p>}
      <div ref={host} className="bi-sql-editor__host" />
    </div>
  );
}
