import type { ToastStore } from '../components/toast-store';
import { tableSchemaPayload } from './backend-persistence';
import type { QueryRunner } from './query-runner';
import type { SqlLabApi } from './sqllab-api';
import { MESSAGES } from './sqllab-messages';
import type { SqlLabStore } from './sqllab-store';
import type { QueryEditor, TableSchema } from './sqllab-types';

/**
 * Table schema panels (spec 3 §4: add, expand, collapse, remove) with their metadata and data preview;
 * with backend persistence each operation is mirrored to /tableschemaview/, warning on failure.
 */
export function createTableActions({ store, api, toasts, runner, persistence }: { store: SqlLabStore; api: SqlLabApi; toasts: ToastStore; runner: QueryRunner; persistence: () => boolean }) {
  const persist = async (table: TableSchema) => {
    const viewId = store.tabViewIds.value[table.queryEditorId];
    if (!persistence() || viewId === undefined) return;
    try {
      const remoteId = await api.createTableSchema(tableSchemaPayload(table, viewId));
      store.updateTable(table.id, { remoteId });
    } catch {
      toasts.warning(MESSAGES.tableSchemaFailed, { noDuplicate: true });
    }
  };

  /** Adds a table panel to a tab, loads its metadata and, unless the database forbids it, previews its data. */
  const addTable = async (tab: QueryEditor, name: string) => {
    if (tab.dbId == null) return;
    const table = store.addTable({ queryEditorId: tab.id, dbId: tab.dbId, catalog: tab.catalog, schema: tab.schema, name });
    if (!table.isMetadataLoading) return;
    try {
      const meta = await api.tableMetadata(tab.dbId, name, tab.schema, tab.catalog);
      store.updateTable(table.id, {
        columns: meta.columns,
        selectStar: meta.selectStar,
        primaryKey: meta.primaryKey.column_names.length ? meta.primaryKey : null,
        foreignKeys: meta.foreignKeys,
        indexes: meta.indexes,
        isMetadataLoading: false,
      });
      const database = store.databases.value[tab.dbId];
      if (!database?.disable_data_preview && meta.selectStar) await preview(table.id);
    } catch {
      store.updateTable(table.id, { isMetadataLoading: false });
      toasts.warning(MESSAGES.tableSchemaFailed);
      return;
    }
    const current = store.tables.value.find((t) => t.id === table.id);
    if (current) await persist(current);
  };

  /** Runs the table's SELECT * as a data preview query shown in the south pane. */
  const preview = async (tableId: string) => {
    const table = store.tables.value.find((t) => t.id === tableId);
    const tab = table && store.tabs.value.find((t) => t.id === table.queryEditorId);
    if (!table?.selectStar || !tab) return;
    const pending = runner.run({ ...tab, dbId: table.dbId, catalog: table.catalog, schema: table.schema }, { sql: table.selectStar, isDataPreview: true });
    // The query id exists as soon as run() has started it; link it to the table before the results arrive.
    const started = Object.values(store.queries.value).find((q) => q.isDataPreview && q.sql === table.selectStar && q.sqlEditorId === tab.id && q.endDttm === null);
    if (started) store.updateTable(table.id, { dataPreviewQueryId: started.id });
    store.setSouthPane(tab.id, `preview:${table.id}`);
    await pending;
  };

  const setExpanded = async (table: TableSchema, expanded: boolean) => {
    store.updateTable(table.id, { expanded });
    if (!persistence() || table.remoteId === null) return;
    try {
      await api.setTableExpanded(table.remoteId, expanded);
    } catch {
      toasts.warning(expanded ? MESSAGES.tableExpandFailed : MESSAGES.tableCollapseFailed);
    }
  };

  const removeTable = async (table: TableSchema) => {
    store.removeTable(table.id);
    const tabId = table.queryEditorId;
    if (store.southPane.value[tabId] === `preview:${table.id}`) store.setSouthPane(tabId, 'results');
    if (!persistence() || table.remoteId === null) return;
    try {
      await api.deleteTableSchema(table.remoteId);
    } catch {
      toasts.warning(MESSAGES.tableRemoveFailed);
    }
  };

  return { addTable, preview, expand: (t: TableSchema) => setExpanded(t, true), collapse: (t: TableSchema) => setExpanded(t, false), removeTable };
}

export type TableActions = ReturnType<typeof createTableActions>;
