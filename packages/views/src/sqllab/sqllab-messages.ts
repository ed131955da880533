import { msg, type Translator } from '@lumen-bi/core';
import type { ToastStore } from '../components/toast-store';

/** Every user-facing SQL Lab message of the spec, word for word (spec 1 §8, spec 3 §8). */
export const MESSAGES = {
  querySaved: msg('Your query was saved'),
  queryUpdated: msg('Your query was updated'),
  querySaveFailed: msg('Your query could not be saved'),
  queryUpdateFailed: msg('Your query could not be updated'),
  queryScheduled: msg('Your query has been scheduled. To see details of your query, navigate to Saved queries'),
  queryScheduleFailed: msg('Your query could not be scheduled'),
  queryStopped: msg('Query was stopped.'),
  stopFailed: msg('Failed to stop query.'),
  resultsFailed: msg('Failed at retrieving results'),
  unknownError: msg('Unknown error'),
  schemasFailed: msg('There was an error loading the schemas'),
  catalogsFailed: msg('There was an error loading the catalogs'),
  tabStateFailed: msg('An error occurred while fetching tab state'),
  removeQueryFailed: msg('An error occurred while removing query. Please contact your administrator.'),
  queryLoadFailed: msg("The query couldn't be loaded"),
  datasourceLoadFailed: msg("The datasource couldn't be loaded"),
  createDatasourceFailed: msg('An error occurred while creating the data source'),
  sqlLoadFailed: msg('An error occurred while loading the SQL'),
  copied: msg('Copied to clipboard!'),
  copyFailed: msg('Sorry, your browser does not support copying.'),
  editorStateSaveFailed: msg('An error occurred while saving your editor state.'),
  migrationFailed: msg('Unable to migrate query editor state to backend. Superset will retry later. Please contact your administrator if this problem persists.'),
  tableMigrationFailed: msg('Unable to migrate table schema state to backend. Superset will retry later. Please contact your administrator if this problem persists.'),
  queryMigrationFailed: msg('Unable to migrate query state to backend. Superset will retry later. Please contact your administrator if this problem persists.'),
  queryStoreFailed: msg('Unable to persist the query in the backend. Please use Save Query to keep your work.'),
  tableSchemaFailed: msg('An error occurred while fetching table metadata'),
  tableExpandFailed: msg('An error occurred while expanding the table schema. Please contact your administrator.'),
  tableCollapseFailed: msg('An error occurred while collapsing the table schema. Please contact your administrator.'),
  tableRemoveFailed: msg('An error occurred while removing the table schema. Please contact your administrator.'),
  datasetCreated: msg('Dataset created'),
} as const;

const SPEC_MESSAGES: ReadonlySet<string> = new Set(Object.values(MESSAGES));

/**
 * The toasts SQL Lab's actions raise, translated by the view's current `t` as they are raised. Only the
 * messages above are translated: a toast may also carry an error text from the server, which stays as sent.
 */
export function translatingToasts(store: ToastStore, translate: () => Translator['t']): ToastStore {
  const tr = (text: string) => (SPEC_MESSAGES.has(text) ? translate()(text) : text);
  return {
    ...store,
    add: (toastType, text, options) => store.add(toastType, tr(text), options),
    info: (text, options) => store.info(tr(text), options),
    success: (text, options) => store.success(tr(text), options),
    warning: (text, options) => store.warning(tr(text), options),
    danger: (text, options) => store.danger(tr(text), options),
  };
}
