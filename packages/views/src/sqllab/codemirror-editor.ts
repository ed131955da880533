import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, syntaxHighlighting } from '@codemirror/language';
import { SQL_HIGHLIGHT_STYLE } from './sql-highlight-style';
import { MySQL, PostgreSQL, sql, SQLite, StandardSQL, type SQLDialect } from '@codemirror/lang-sql';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, Prec, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import { Decoration, drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers, placeholder, type DecorationSet } from '@codemirror/view';
import type { CompletionNamespace } from './schema-cache';
import { sqlCompletionSources } from './sql-completion';
import type { SqlDialectName } from './sql-dialect';

/**
 * The CodeMirror 6 SQL editor. This module is only reached through a dynamic import (sql-editor.tsx), so
 * CodeMirror lands in SQL Lab's own chunk and embeds never download it.
 */
const DIALECTS: Record<SqlDialectName, SQLDialect> = { postgresql: PostgreSQL, mysql: MySQL, sqlite: SQLite, standard: StandardSQL };

export interface SqlAnnotation {
  line_number: number;
  start_column: number;
  end_column: number;
  message: string;
}

export interface CodeEditorOptions {
  parent: HTMLElement;
  doc: string;
  dialect: SqlDialectName;
  namespace: CompletionNamespace;
  defaultSchema: string | null;
  onChange(sql: string): void;
  onSelection(selectedText: string | null, cursor: { row: number; column: number }): void;
  onRun(): void;
  onRunSelection(): void;
  onFormat(): void;
  onSave(): void;
  onNewTab(): void;
}

export interface CodeEditor {
  setDoc(sql: string): void;
  setLanguage(dialect: SqlDialectName, namespace: CompletionNamespace, defaultSchema: string | null): void;
  setAnnotations(annotations: readonly SqlAnnotation[]): void;
  focus(): void;
  destroy(): void;
}

const setAnnotationsEffect = StateEffect.define<readonly SqlAnnotation[]>();

/** Validation errors as underlined ranges; the message is the range's title (and the panel above results). */
const annotationField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, tr) {
    let next = value.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setAnnotationsEffect)) continue;
      const builder = new RangeSetBuilder<Decoration>();
      const doc = tr.state.doc;
      const sorted = [...effect.value].sort((a, b) => a.line_number - b.line_number || a.start_column - b.start_column);
      for (const a of sorted) {
        if (a.line_number < 1 || a.line_number > doc.lines) continue;
        const line = doc.line(a.line_number);
        const from = Math.min(line.to, line.from + Math.max(0, a.start_column - 1));
        const to = Math.max(from + 1, Math.min(line.to, line.from + Math.max(a.end_column, a.start_column)));
        if (to > doc.length) continue;
        builder.add(from, to, Decoration.mark({ class: 'bi-sql-error', attributes: { title: a.message } }));
      }
      next = builder.finish();
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The dialect's highlighting, and completion in SQL Lab's order (sql-completion.ts) instead of lang-sql's own. */
const languageFor = (dialect: SqlDialectName, namespace: CompletionNamespace, defaultSchema: string | null) => [
  sql({ dialect: DIALECTS[dialect] }),
  autocompletion({ activateOnTyping: true, override: sqlCompletionSources(DIALECTS[dialect], namespace, defaultSchema) }),
];

export function createCodeEditor(options: CodeEditorOptions): CodeEditor {
  const language = new Compartment();
  let applyingExternal = false;
  const run = (fn: () => void) => () => {
    fn();
    return true;
  };
  const shortcuts = Prec.highest(
    keymap.of([
      { key: 'Mod-Enter', run: run(options.onRun) },
      { key: 'Mod-Shift-Enter', run: run(options.onRunSelection) },
      { key: 'Ctrl-Shift-f', run: run(options.onFormat) },
      { key: 'Mod-s', run: run(options.onSave), preventDefault: true },
      { key: 'Ctrl-t', run: run(options.onNewTab), preventDefault: true },
    ]),
  );
  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        shortcuts,
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        bracketMatching(),
        closeBrackets(),
        highlightSelectionMatches(),
        syntaxHighlighting(SQL_HIGHLIGHT_STYLE, { fallback: true }),
        language.of(languageFor(options.dialect, options.namespace, options.defaultSchema)),
        annotationField,
        placeholder('SELECT ...'),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...searchKeymap, ...completionKeymap, indentWithTab]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'SQL editor' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !applyingExternal) options.onChange(update.state.doc.toString());
          if (update.selectionSet || update.docChanged) {
            const { main } = update.state.selection;
            const line = update.state.doc.lineAt(main.head);
            const text = main.empty ? null : update.state.sliceDoc(main.from, main.to);
            options.onSelection(text, { row: line.number - 1, column: main.head - line.from });
          }
        }),
      ],
    }),
  });

  return {
    setDoc(sqlText) {
      if (sqlText === view.state.doc.toString()) return;
      applyingExternal = true;
      try {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: sqlText } });
      } finally {
        applyingExternal = false;
      }
    },
    setLanguage(dialect, namespace, defaultSchema) {
      view.dispatch({ effects: language.reconfigure(languageFor(dialect, namespace, defaultSchema)) });
    },
    setAnnotations(annotations) {
      view.dispatch({ effects: setAnnotationsEffect.of(annotations) });
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}
