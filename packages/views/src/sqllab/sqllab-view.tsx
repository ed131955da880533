import type { ApiClient } from '@lumen-bi/core';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { COMPONENTS_CSS } from '../components/components-styles';
import { ErrorPanel } from '../components/error-panel';
import { createToastStore, type ToastStore } from '../components/toast-store';
import { Toasts } from '../components/toasts';
import { hasPermission } from '../explore/permissions';
import type { CurrentUser } from '../session/current-user';
import { CreateDatasetModal } from './create-dataset-modal';
import { EditorToolbar, limitChoices } from './editor-toolbar';
import { hasHostQuery, type SqlLabHostQuery, type SqlLabHostQueryError } from './host-query';
import type { SqlLabInitialRequest } from './initial-request';
import { LeftBar } from './left-bar';
import type { SqlLabStorage } from './local-persistence';
import { QueryHistory } from './query-history';
import { ResultsPane } from './results-pane';
import { SaveQueryModal } from './save-query-modal';
import { ScheduleQueryModal } from './schedule-query-modal';
import { SqlEditor } from './sql-editor';
import { dialectForBackend } from './sql-dialect';
import { createSqlLabController, type SqlLabController } from './sqllab-controller';
import type { SqlLabQueryFailure, SqlLabQueryOutcome, SqlLabQuerySuccess } from './query-outcomes';
import { MESSAGES, translatingToasts } from './sqllab-messages';
import { SQLLAB_CSS } from './sqllab-styles';
import type { Query } from './sqllab-types';
import { TabStrip } from './tab-strip';
import { useTranslation } from '../i18n/locale-provider';

export interface SqlLabViewProps {
  api: ApiClient;
  initialRequest?: SqlLabInitialRequest;
  toasts?: ToastStore;
  /** Who is signed in (can_csv); fetched from /api/v1/me/ when omitted. */
  user?: CurrentUser | null;
  /** Local storage for tabs when backend persistence is off; none in embeds that must not write it. */
  storage?: SqlLabStorage | null;
  /** Origin permalinks are built with (the app's own address). */
  origin?: string;
  copyText?(text: string): Promise<void>;
  download?(fileName: string, text: string): void;
  /** A controller made by the caller (tests); otherwise one per view. */
  controller?: SqlLabController;
  /**
   * Called once when a query run in this view succeeds (not for queries restored at load).
   *
   * @example
   * <SqlLabView api={api} onQuerySuccess={(q) => console.log(q.rowCount, q.durationMs)} />
   */
  onQuerySuccess?(outcome: SqlLabQuerySuccess): void;
  /** Called once when a query run in this view fails, times out or is stopped, with its structured errors. */
  onQueryFailure?(outcome: SqlLabQueryFailure): void;
  /**
   * An embedding host's query (`<bi-sqllab database-id sql>`): opened in a tab of its own at start, and a
   * later change replaces what changed (see host-query.ts).
   */
  hostQuery?: SqlLabHostQuery | null;
  /** The host's query names a database SQL Lab does not expose; the view shows the error instead. */
  onHostQueryError?(error: SqlLabHostQueryError): void;
  /** SQL Lab has loaded: what a host can drive (null when the view unmounts). */
  onReady?(handle: SqlLabHandle | null): void;
  /**
   * False for a guest (a guest token's SQL Lab grant): nothing is kept on the server for it, so Save,
   * Schedule, Copy link and Create dataset are not offered.
   */
  allowSaving?: boolean;
  /** SQL Lab could not load (its bootstrap failed): the error as the API client threw it. */
  onLoadError?(error: unknown): void;
}

/** What an embedding host drives once SQL Lab has loaded. */
export interface SqlLabHandle {
  /**
   * Applies the host's query now (before a run, so the run sees it even if a render is still pending);
   * rejects with SqlLabHostQueryError for a database SQL Lab does not expose.
   */
  applyHostQuery(query: SqlLabHostQuery): Promise<void>;
  /** Runs the active tab's SQL; resolves with its final outcome, or null when there was nothing to run. */
  run(): Promise<SqlLabQueryOutcome | null>;
}

const defaultCopy = (text: string) => (globalThis.navigator?.clipboard ? globalThis.navigator.clipboard.writeText(text) : Promise.reject(new Error('no clipboard')));
const defaultDownload = (fileName: string, text: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
const NO_ANNOTATIONS: readonly never[] = [];
type ModalKind = null | 'save' | 'schedule' | { dataset: Query };

/**
 * SQL Lab: tabs, left bar, CodeMirror editor (lazy), results, data previews and query history.
 *
 * @example
 * <SqlLabView api={createApiClient({ baseUrl: '', auth: { kind: 'session' } })} initialRequest={{ savedQueryId: 3 }} />
 */
export function SqlLabView({ api, initialRequest, toasts: givenToasts, user, storage = null, origin = '', copyText = defaultCopy, download = defaultDownload, controller: given, onQuerySuccess, onQueryFailure, hostQuery, onHostQueryError, onReady, allowSaving = true, onLoadError }: SqlLabViewProps) {
  useSignals();
  const [toasts] = useState(() => givenToasts ?? createToastStore());
  const { t } = useTranslation();
  // The actions raise toasts long after a render: they read the latest t, so a locale switch applies to them.
  const tRef = useRef(t);
  tRef.current = t;
  const [ctl] = useState(() => given ?? createSqlLabController({ api, toasts: translatingToasts(toasts, () => tRef.current), storage }));
  const [me, setMe] = useState<CurrentUser | null>(user ?? null);
  const [modal, setModal] = useState<ModalKind>(null);
  const [showParams, setShowParams] = useState(false);
  const [schemaNames, setSchemaNames] = useState<readonly string[]>([]);
  const mainRef = useRef<HTMLDivElement>(null);
  const [mainHeight, setMainHeight] = useState(700);
  const { store } = ctl;

  useEffect(() => {
    void ctl.init(initialRequest, hasHostQuery(hostQuery) ? hostQuery : null);
    return () => ctl.dispose();
  }, [ctl]); // eslint-disable-line react-hooks/exhaustive-deps
  // The latest callbacks, read when a query finishes, so new props never resubscribe.
  const callbacks = useRef({ onQuerySuccess, onQueryFailure, onHostQueryError, onReady, onLoadError });
  callbacks.current = { onQuerySuccess, onQueryFailure, onHostQueryError, onReady, onLoadError };
  const ready = ctl.ready.value;
  // A layout effect, so a changed host query lands in the same task as the render: Preact (the lite bundle)
  // runs plain effects a frame later, when the user may already be typing in the tab it replaces.
  const hostKey = JSON.stringify(hostQuery ?? null);
  useLayoutEffect(() => {
    if (ready && hasHostQuery(hostQuery)) void ctl.applyHostQuery(hostQuery);
  }, [ctl, ready, hostKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const loadFailure = ctl.loadFailure.value;
  useEffect(() => {
    if (loadFailure) callbacks.current.onLoadError?.(loadFailure);
  }, [loadFailure]);
  const hostError = ctl.hostQueryError.value;
  useEffect(() => {
    if (hostError) callbacks.current.onHostQueryError?.(hostError);
  }, [hostError]);
  useEffect(() => {
    if (!ready) return;
    const applyHostQuery = async (query: SqlLabHostQuery) => {
      await ctl.applyHostQuery(query);
      if (ctl.hostQueryError.value) throw ctl.hostQueryError.value;
    };
    callbacks.current.onReady?.({ applyHostQuery, run: ctl.runActive });
    return () => callbacks.current.onReady?.(null);
  }, [ctl, ready]);
  useEffect(
    () =>
      ctl.outcomes.subscribe((outcome) => {
        if (outcome.state === 'success') callbacks.current.onQuerySuccess?.(outcome);
        else callbacks.current.onQueryFailure?.(outcome);
      }),
    [ctl],
  );
  useEffect(() => {
    if (user !== undefined) return;
    let live = true;
    api
      .get<{ result: CurrentUser }>('/api/v1/me/')
      .then(({ json }) => live && setMe(json.result))
      .catch(() => undefined);
    return () => void (live = false);
  }, [api, user]);
  useEffect(() => {
    const el = mainRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => el.clientHeight > 0 && setMainHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ctl.ready.value]);

  const tab = store.activeTab.value;
  const database = store.activeDatabase.value;
  const latest = store.latestQuery.value;
  const cacheVersion = ctl.cache.version.value;
  const namespace = useMemo(
    () => (tab?.dbId != null ? ctl.cache.namespace(tab.dbId, tab.catalog, tab.schema, schemaNames) : {}),
    [tab?.dbId, tab?.catalog, tab?.schema, schemaNames, cacheVersion], // eslint-disable-line react-hooks/exhaustive-deps
  );
  // Columns of tables the SQL mentions, fetched a moment after typing stops.
  const sql = tab?.sql ?? '';
  useEffect(() => {
    if (tab?.dbId == null) return;
    const handle = setTimeout(() => ctl.cache.loadColumnsFor(tab.dbId!, tab.catalog, tab.schema, sql), 500);
    return () => clearTimeout(handle);
  }, [sql, tab?.dbId, tab?.catalog, tab?.schema, cacheVersion]); // eslint-disable-line react-hooks/exhaustive-deps
  // A failed query gets line/column annotations from validate_sql.
  useEffect(() => {
    if (tab && latest?.state === 'failed' && !latest.isDataPreview) void ctl.editor.validate(tab);
  }, [latest?.id, latest?.state]); // eslint-disable-line react-hooks/exhaustive-deps

  const run = useCallback((selectionOnly = false) => {
    const current = store.activeTab.value;
    if (current) void ctl.runner.run(current, { selectionOnly });
  }, [ctl, store]);
  const handlers = useMemo(
    () => ({
      onChange: (text: string) => store.activeTabId.value && store.updateTab(store.activeTabId.value, { sql: text }),
      onSelection: (selectedText: string | null, cursorPosition: { row: number; column: number }) => {
        const id = store.activeTabId.value;
        if (id) store.tabs.value = store.tabs.value.map((t) => (t.id === id ? { ...t, selectedText, cursorPosition } : t));
      },
      onRun: () => run(false),
      onRunSelection: () => run(true),
      onFormat: () => store.activeTab.value && void ctl.editor.format(store.activeTab.value),
      onSave: () => allowSaving && setModal('save'),
      onNewTab: () => store.addTab(),
    }),
    [ctl, store, run, allowSaving],
  );

  if (ctl.loadError.value) return <ErrorPanel error={ctl.loadError.value} title={t('SQL Lab could not be loaded')} />;
  // Never another database in its place: the host asked for this one, and would get results from the wrong one.
  if (hostError) return <ErrorPanel error={hostError.message} title={t('SQL Lab could not open the requested database')} />;
  if (!ctl.ready.value || !tab) {
    return (
      <p aria-busy="true" className="bi-sqllab__loading">
        {t('Loading SQL Lab…')}
      </p>
    );
  }
  const databases = Object.values(store.databases.value);
  const tabQueries = Object.values(store.queries.value).filter((q) => q.sqlEditorId === tab.id && !q.isDataPreview);
  const pane = store.southPane.value[tab.id] ?? 'results';
  const previewTables = store.tables.value.filter((t) => t.queryEditorId === tab.id && t.dataPreviewQueryId);
  const previewTable = pane.startsWith('preview:') ? previewTables.find((t) => `preview:${t.id}` === pane) : undefined;
  const canCsv = hasPermission(me, 'can_csv', 'Superset');
  const southHeight = Math.max(160, (mainHeight * tab.southPercent) / 100 - 90);
  // Annotations belong to the failed run they explain; a newer run (or a success) hides them.
  const annotations = latest?.state === 'failed' ? (store.validationErrors.value[tab.id] ?? NO_ANNOTATIONS) : NO_ANNOTATIONS;

  const startDrag = (event: React.MouseEvent) => {
    const box = mainRef.current?.getBoundingClientRect();
    if (!box) return;
    event.preventDefault();
    const move = (e: MouseEvent) => store.setSplit(tab.id, ((e.clientY - box.top) / box.height) * 100);
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  return (
    <div className="bi-sqllab" data-persistence={ctl.persistence.value ?? ''}>
      <style>{COMPONENTS_CSS + SQLLAB_CSS}</style>
      <TabStrip
        tabs={store.tabs.value}
        activeId={tab.id}
        onSelect={(id) => void ctl.activate(id)}
        onAdd={() => store.addTab()}
        onClone={(id) => store.cloneTab(id)}
        onRemove={(id) => store.removeTab(id)}
        onRename={(id, name) => store.updateTab(id, { name })}
      />
      <div className="bi-sqllab__body">
        {!tab.hideLeftBar && (
          <LeftBar
            tab={tab}
            databases={databases}
            tables={store.tables.value}
            api={ctl.api}
            cache={ctl.cache}
            toasts={toasts}
            tableActions={ctl.tables}
            onChange={(changes) => store.updateTab(tab.id, changes)}
            onSchemas={setSchemaNames}
          />
        )}
        <div className="bi-sqllab__main" ref={mainRef}>
          <div className="bi-sqllab__north" style={{ flex: `0 0 ${tab.northPercent}%` }}>
            <EditorToolbar
              tab={tab}
              latestQuery={latest}
              limits={limitChoices(store.conf.value.DEFAULT_SQLLAB_LIMIT, store.conf.value.SQL_MAX_ROW)}
              estimate={store.costEstimates.value[tab.id] ?? null}
              showTemplateParams={showParams}
              allowSaving={allowSaving}
              onRun={() => run(Boolean(tab.selectedText))}
              onRunSelection={() => run(true)}
              onStop={(q) => void ctl.runner.stop(q)}
              onLimit={(queryLimit) => store.updateTab(tab.id, { queryLimit })}
              onSave={() => setModal('save')}
              onSchedule={() => setModal('schedule')}
              onShare={() => void ctl.savedQueries.share(tab, copyText, origin)}
              onEstimate={() => void ctl.editor.estimate(tab)}
              onFormat={() => void ctl.editor.format(tab)}
              onToggleLeftBar={() => store.toggleLeftBar(tab.id)}
              onToggleTemplateParams={() => setShowParams((v) => !v)}
              onTemplateParams={(templateParams) => store.updateTab(tab.id, { templateParams })}
            />
            <SqlEditor
              tabId={tab.id}
              sql={tab.sql}
              dialect={dialectForBackend(database?.backend)}
              namespace={namespace}
              defaultSchema={tab.schema}
              annotations={annotations}
              {...handlers}
            />
          </div>
          <div className="bi-sqllab__splitter" role="separator" aria-orientation="horizontal" aria-valuenow={tab.northPercent} onMouseDown={startDrag} />
          <div className="bi-sqllab__south">
            <div className="bi-sqllab__south-tabs" role="tablist" aria-label={t('Results')}>
              <button type="button" role="tab" aria-selected={pane === 'results'} onClick={() => store.setSouthPane(tab.id, 'results')}>
                {t('Results')}
              </button>
              <button type="button" role="tab" aria-selected={pane === 'history'} onClick={() => store.setSouthPane(tab.id, 'history')}>
                {t('Query history')}
              </button>
              {previewTables.map((table) => (
                <button key={table.id} type="button" role="tab" aria-selected={pane === `preview:${table.id}`} onClick={() => store.setSouthPane(tab.id, `preview:${table.id}`)}>
                  {t('Preview: {name}', { name: table.name })}
                </button>
              ))}
            </div>
            <div className="bi-sqllab__south-body">
              {pane === 'history' ? (
                <QueryHistory
                  queries={tabQueries}
                  onRerun={(q) => {
                    store.updateTab(tab.id, { sql: q.sql });
                    void ctl.runner.run({ ...tab, sql: q.sql });
                  }}
                  onOpenInNewTab={(q) => store.addTab({ sql: q.sql, dbId: q.dbId, catalog: q.catalog ?? null, schema: q.schema ?? null })}
                  onRemove={(q) => {
                    store.removeQuery(q.id);
                    const viewId = store.tabViewIds.value[tab.id];
                    if (viewId !== undefined) ctl.api.deleteTabQuery(viewId, q.id).catch(() => toasts.danger(t(MESSAGES.removeQueryFailed)));
                  }}
                  onClearInactive={() => store.clearQueryHistory(tab.id)}
                />
              ) : previewTable ? (
                <ResultsPane query={store.queries.value[previewTable.dataPreviewQueryId!] ?? null} canCsv={canCsv} annotations={[]} sqlOfTab="" height={southHeight} copyText={copyText} download={download} preview />
              ) : (
                <ResultsPane
                  query={latest}
                  canCsv={canCsv}
                  annotations={annotations}
                  sqlOfTab={tab.sql}
                  height={southHeight}
                  copyText={copyText}
                  download={download}
                  onCreateDataset={allowSaving ? (q) => setModal({ dataset: q }) : undefined}
                />
              )}
            </div>
          </div>
        </div>
      </div>
      {ctl.persistence.value === 'local' && ctl.storageKb.value !== null && <footer className="bi-sqllab__footer">{t('Local storage used: {kb} KB', { kb: ctl.storageKb.value })}</footer>}
      {modal === 'save' && (
        <SaveQueryModal
          initialLabel={tab.name}
          canUpdate={tab.remoteId != null}
          onHide={() => setModal(null)}
          onSave={(fields) => void ctl.savedQueries.save(tab, fields).then((ok) => ok && setModal(null))}
          onUpdate={(fields) => void ctl.savedQueries.update(tab, fields).then((ok) => ok && setModal(null))}
        />
      )}
      {modal === 'schedule' && (
        <ScheduleQueryModal initialLabel={tab.name} onHide={() => setModal(null)} onSchedule={(fields, info) => void ctl.savedQueries.schedule(tab, fields, info).then((ok) => ok && setModal(null))} />
      )}
      {modal !== null && typeof modal === 'object' && (
        <CreateDatasetModal
          initialName={`${tab.name} ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`}
          onHide={() => setModal(null)}
          onCreate={(name) =>
            void ctl.editor.createDataset(modal.dataset, name).then((id) => {
              if (id !== null) {
                toasts.success(t(MESSAGES.datasetCreated));
                setModal(null);
              }
            })
          }
        />
      )}
      <Toasts store={toasts} />
    </div>
  );
}
