import type { ToastStore } from '../components/toast-store';
import { failureOf } from './query-runner';
import type { SqlLabApi } from './sqllab-api';
import { MESSAGES } from './sqllab-messages';
import type { SqlLabStore } from './sqllab-store';
import type { Query, QueryEditor } from './sqllab-types';
import { templateParamsForEstimate, templateParamsForValidation } from './template-params';

/**
 * Format, cost estimate, validation and 'Create dataset' for the active tab: small calls that each update
 * one part of the store and report failures the spec's way.
 */
export function createEditorActions({ store, api, toasts }: { store: SqlLabStore; api: SqlLabApi; toasts: ToastStore }) {
  const format = async (tab: QueryEditor) => {
    try {
      const sql = await api.formatSql(tab.sql, tab.dbId);
      store.updateTab(tab.id, { sql });
    } catch (error) {
      toasts.danger(failureOf(error).message);
    }
  };

  /** Cost estimate: started (not completed), returned (completed with cost) or failed (error). */
  const estimate = async (tab: QueryEditor) => {
    if (tab.dbId == null) return;
    store.setCostEstimate(tab.id, { completed: false, cost: null, error: null });
    try {
      const cost = await api.estimate({ database_id: tab.dbId, catalog: tab.catalog, schema: tab.schema, sql: tab.selectedText || tab.sql, template_params: templateParamsForEstimate(tab.templateParams) });
      store.setCostEstimate(tab.id, { completed: true, cost, error: null });
    } catch (error) {
      store.setCostEstimate(tab.id, { completed: false, cost: null, error: failureOf(error).message });
    }
  };

  /** Line/column annotations of the SQL (shown in the editor and above the results). */
  const validate = async (tab: QueryEditor) => {
    if (tab.dbId == null || !tab.sql.trim()) return;
    try {
      const params = templateParamsForValidation(tab.templateParams);
      const result = await api.validate(tab.dbId, { catalog: tab.catalog, schema: tab.schema, sql: tab.sql, ...(params ? { template_params: params } : {}) });
      store.validationErrors.value = { ...store.validationErrors.value, [tab.id]: result };
    } catch {
      store.validationErrors.value = { ...store.validationErrors.value, [tab.id]: [] };
    }
  };

  /** 'Create dataset' from a query's SQL (a virtual dataset); resolves with the new dataset id. */
  const createDataset = async (query: Query, tableName: string): Promise<number | null> => {
    try {
      const json = await api.createDataset({
        database: query.dbId,
        catalog: query.catalog ?? null,
        schema: query.schema ?? null,
        table_name: tableName,
        sql: query.sql,
        template_params: store.tabs.value.find((t) => t.id === query.sqlEditorId)?.templateParams || undefined,
      });
      const data = (json as { data?: { id?: number } }).data ?? json;
      return (data as { id?: number }).id ?? null;
    } catch {
      toasts.danger(MESSAGES.createDatasourceFailed);
      return null;
    }
  };

  return { format, estimate, validate, createDataset };
}

export type EditorActions = ReturnType<typeof createEditorActions>;
