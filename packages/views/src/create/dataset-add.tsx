import { type ApiClient, getClientErrorMessage } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { COMPONENTS_CSS } from '../components/components-styles';
import { Select } from '../components/select';
import { CHART_ADD_PATH } from './create-paths';
import { CREATE_CSS } from './create-styles';
import { Field } from './field';
import { createDataset, type DatabaseChoice, fetchColumns, fetchDatabases, fetchSchemas, fetchTables, type PreviewColumn } from './table-source';
import { LoadingLines } from '../components/skeleton';

export interface DatasetAddProps {
  client: ApiClient;
  /** Where to go after creating; a full page load without it. */
  onNavigate?: (href: string) => void;
}

/** A value loaded for the current choice: null while loading, an error message when it failed. */
type Loaded<T> = { value: T | null; error: string | null };
const EMPTY: Loaded<never> = { value: null, error: null };

/** Loads `load()` whenever `key` changes (skipped while it is null), dropping answers to an older key. */
function useLoaded<T>(key: unknown, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>(EMPTY);
  useEffect(() => {
    setState(EMPTY);
    if (key === null) return;
    let current = true;
    load().then(
      (value) => current && setState({ value, error: null }),
      (failure: unknown) => current && setState({ value: null, error: getClientErrorMessage(failure) }),
    );
    return () => {
      current = false;
    };
    // `key` stands for everything `load` reads.
  }, [JSON.stringify(key)]); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}

/** Where 'Create dataset' leads: the datasets list searched for the new one. */
const datasetListHref = (table: string) => `/tablemodelview/list/?filters=(search:'${encodeURIComponent(table.replace(/'/g, "!'"))}')`;

/**
 * 'New dataset' (/dataset/add/, the incumbent's page): pick a database, a schema and a table, see the
 * table's columns, then 'Create dataset and create chart' (to 'Create a new chart' with the dataset chosen)
 * or 'Create dataset' (to the datasets list).
 *
 * @example
 * <DatasetAdd client={client} onNavigate={navigate} />
 */
export function DatasetAdd({ client, onNavigate }: DatasetAddProps) {
  const [databaseId, setDatabaseId] = useState<number | null>(null);
  const [schema, setSchema] = useState<string | null>(null);
  const [table, setTable] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const databases = useLoaded<DatabaseChoice[]>('databases', () => fetchDatabases(client));
  const schemas = useLoaded(databaseId, () => fetchSchemas(client, databaseId!));
  const tables = useLoaded(databaseId !== null && schema !== null ? [databaseId, schema] : null, () => fetchTables(client, databaseId!, schema!));
  const columns = useLoaded<PreviewColumn[]>(databaseId !== null && schema !== null && table !== null ? [databaseId, schema, table] : null, () =>
    fetchColumns(client, databaseId!, schema!, table!),
  );

  const go = (href: string) => (onNavigate ? onNavigate(href) : window.location.assign(href));
  const create = async (thenChart: boolean) => {
    if (databaseId === null || schema === null || table === null) return;
    setBusy(true);
    setSaveError(null);
    try {
      const id = await createDataset(client, databaseId, schema, table);
      go(thenChart ? `${CHART_ADD_PATH}?dataset=${id}` : datasetListHref(table));
    } catch (failure) {
      setSaveError(`An error occurred while creating datasets: ${getClientErrorMessage(failure)}`);
      setBusy(false);
    }
  };
  const ready = table !== null && !busy;

  return (
    <section className="bi-create" aria-labelledby="bi-dataset-add-title">
      <style>{COMPONENTS_CSS + CREATE_CSS}</style>
      <h1 id="bi-dataset-add-title">New dataset</h1>
      <div className="bi-create__pickers">
        <section className="bi-create__step" aria-label="Choose a table">
          <h2>Choose a table</h2>
          <Field label="Database">
            <Select
              label="Database"
              options={(databases.value ?? []).map((d) => ({ value: d.id, label: d.database_name }))}
              value={databaseId}
              onChange={(v) => {
                setDatabaseId(typeof v === 'number' ? v : null);
                setSchema(null);
                setTable(null);
              }}
              placeholder={databases.value ? 'Select database' : 'Loading…'}
              error={databases.error}
            />
          </Field>
          <Field label="Schema">
            <Select
              label="Schema"
              options={(schemas.value ?? []).map((s) => ({ value: s, label: s }))}
              value={schema}
              onChange={(v) => {
                setSchema(typeof v === 'string' ? v : null);
                setTable(null);
              }}
              disabled={databaseId === null}
              placeholder="Select schema"
              error={schemas.error && `There was an error loading the schemas: ${schemas.error}`}
            />
          </Field>
          <Field label="Table">
            <Select
              label="Table"
              options={(tables.value ?? []).map((t) => ({ value: t, label: t }))}
              value={table}
              onChange={(v) => setTable(typeof v === 'string' ? v : null)}
              disabled={schema === null}
              placeholder="Select table"
              error={tables.error}
            />
          </Field>
        </section>
        <section className="bi-create__step" aria-label="Table preview">
          <h2>{table ?? 'Table preview'}</h2>
          <TablePreview table={table} columns={columns} />
        </section>
      </div>
      {saveError && (
        <p role="alert" className="bi-alert--danger">
          {saveError}
        </p>
      )}
      <div className="bi-create__footer">
        <a className="bi-button" href="/tablemodelview/list/">
          Cancel
        </a>
        <button type="button" className="bi-button" disabled={!ready} onClick={() => void create(false)}>
          Create dataset
        </button>
        <button type="button" className="bi-button bi-button--primary" disabled={!ready} onClick={() => void create(true)}>
          Create dataset and create chart
        </button>
      </div>
    </section>
  );
}

/** The chosen table's columns and types, or what to do first. */
function TablePreview({ table, columns }: { table: string | null; columns: Loaded<PreviewColumn[]> }) {
  if (table === null) return <p className="bi-create__hint">Select a database table to see its columns and create a dataset from it.</p>;
  if (columns.error) return <p role="alert" className="bi-alert--danger">{columns.error}</p>;
  if (!columns.value) return <LoadingLines label="Loading columns" />;
  return (
    <table className="bi-create__columns" aria-label={`Columns of ${table}`}>
      <thead>
        <tr>
          <th scope="col">Column name</th>
          <th scope="col">Datatype</th>
        </tr>
      </thead>
      <tbody>
        {columns.value.map((column) => (
          <tr key={column.name}>
            <td>{column.name}</td>
            <td>{column.type ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
