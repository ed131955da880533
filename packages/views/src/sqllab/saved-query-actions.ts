import type { ToastStore } from '../components/toast-store';
import type { SavedQuery, SqlLabApi } from './sqllab-api';
import { MESSAGES } from './sqllab-messages';
import type { SqlLabStore } from './sqllab-store';
import type { QueryEditor } from './sqllab-types';

/**
 * Saving, updating and scheduling a tab as a saved query (spec 3 §7/§8), and its permalink. The saved
 * query field mapping is spec 3 §3: id <-> remoteId, db_id <-> dbId, label <-> name, template_parameters
 * <-> templateParams.
 */
export interface SaveFields {
  label: string;
  description: string;
}

/** The body of POST/PUT /api/v1/saved_query/ for a tab. */
export function savedQueryBody(tab: QueryEditor, fields: SaveFields): Record<string, unknown> {
  return {
    label: fields.label,
    description: fields.description,
    db_id: tab.dbId,
    catalog: tab.catalog,
    schema: tab.schema,
    sql: tab.sql,
    template_parameters: tab.templateParams.trim() ? tab.templateParams : null,
  };
}

/** A saved query as tab fields. */
export function tabFieldsFromSavedQuery(saved: SavedQuery): Partial<QueryEditor> {
  return {
    remoteId: saved.id,
    name: saved.label,
    dbId: saved.db_id,
    catalog: saved.catalog,
    schema: saved.schema,
    sql: saved.sql,
    templateParams: saved.template_parameters ?? '',
  };
}

export function createSavedQueryActions({ store, api, toasts }: { store: SqlLabStore; api: SqlLabApi; toasts: ToastStore }) {
  /** POST a new saved query; the tab then points at it (remoteId) and takes its label. */
  const save = async (tab: QueryEditor, fields: SaveFields): Promise<boolean> => {
    try {
      const { id } = await api.createSavedQuery(savedQueryBody(tab, fields));
      store.updateTab(tab.id, { remoteId: id, name: fields.label });
      toasts.success(MESSAGES.querySaved);
      return true;
    } catch {
      toasts.danger(MESSAGES.querySaveFailed);
      return false;
    }
  };

  /** PUT the saved query the tab came from. */
  const update = async (tab: QueryEditor, fields: SaveFields): Promise<boolean> => {
    if (tab.remoteId == null) return save(tab, fields);
    try {
      await api.updateSavedQuery(tab.remoteId, savedQueryBody(tab, fields));
      store.updateTab(tab.id, { name: fields.label });
      toasts.success(MESSAGES.queryUpdated);
      return true;
    } catch {
      toasts.danger(MESSAGES.queryUpdateFailed);
      return false;
    }
  };

  /** Scheduling is a saved query carrying its schedule in extra_json (the incumbent's schedule_info). */
  const schedule = async (tab: QueryEditor, fields: SaveFields, scheduleInfo: Record<string, unknown>): Promise<boolean> => {
    try {
      await api.createSavedQuery({ ...savedQueryBody(tab, fields), extra_json: JSON.stringify({ schedule_info: scheduleInfo }) });
      toasts.success(MESSAGES.queryScheduled);
      return true;
    } catch {
      toasts.danger(MESSAGES.queryScheduleFailed);
      return false;
    }
  };

  /** Creates a permalink and copies its URL; resolves with the URL (null on failure). */
  const share = async (tab: QueryEditor, copyText: (text: string) => Promise<void>, origin: string): Promise<string | null> => {
    if (tab.dbId == null) return null;
    try {
      const { key, url } = await api.createPermalink({
        name: tab.name,
        dbId: tab.dbId,
        catalog: tab.catalog,
        schema: tab.schema,
        autorun: tab.autorun,
        sql: tab.sql,
        templateParams: tab.templateParams.trim() ? tab.templateParams : null,
      });
      // The app's own origin, so a link made behind a proxy points at the address the user sees.
      const link = origin ? `${origin}/sqllab/p/${key}` : url;
      try {
        await copyText(link);
        toasts.success(MESSAGES.copied);
      } catch {
        toasts.danger(MESSAGES.copyFailed);
      }
      return link;
    } catch {
      toasts.danger(MESSAGES.unknownError);
      return null;
    }
  };

  return { save, update, schedule, share };
}

export type SavedQueryActions = ReturnType<typeof createSavedQueryActions>;
