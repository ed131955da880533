import { getClientErrorMessage, type ApiClient } from '@lumen-bi/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Modal } from '../components/modal';
import type { ToastStore } from '../components/toast-store';
import type { Uploader } from '../import/import-upload';
import { hasUploadExtension, UPLOAD_FILE_EXTENSIONS, UPLOAD_MODAL_TITLES, UPLOAD_SUCCESS_MESSAGE, type UploadFileType } from './upload-types';

export interface UploadDataModalProps {
  client: ApiClient;
  upload: Uploader;
  toasts?: ToastStore;
  /** The file kind; null hides the modal. */
  type: UploadFileType | null;
  onHide(): void;
  /** After a successful upload, with the server's answer (rows written, dataset id). */
  onUploaded?(result: { rows?: number; dataset_id?: number; table_name: string }): void;
}

interface DatabaseOption {
  id: number;
  database_name: string;
}

/** The text options of the form, named as the upload endpoint's fields. */
const DEFAULTS = {
  table_name: '',
  already_exists: 'fail',
  delimiter: ',',
  sheet_name: '',
  header_row: '0',
  skip_rows: '',
  rows_to_read: '',
  columns_read: '',
  column_dates: '',
  index_column: '',
  index_label: '',
  null_values: '',
  decimal_character: '.',
  column_data_types: '',
};
type TextField = keyof typeof DEFAULTS;
const FLAG_DEFAULTS = { dataframe_index: false, day_first: false, skip_blank_lines: true, skip_initial_space: false };
type FlagField = keyof typeof FLAG_DEFAULTS;

/** Fields that apply to each type (the incumbent shows CSV-only and CSV/Excel-only options likewise). */
const APPLIES: Partial<Record<TextField | FlagField, UploadFileType[]>> = {
  delimiter: ['csv'],
  sheet_name: ['excel'],
  header_row: ['csv', 'excel'],
  skip_rows: ['csv', 'excel'],
  rows_to_read: ['csv', 'excel'],
  column_dates: ['csv', 'excel'],
  index_column: ['csv', 'excel'],
  null_values: ['csv', 'excel'],
  decimal_character: ['csv', 'excel'],
  column_data_types: ['csv'],
  day_first: ['csv'],
  skip_blank_lines: ['csv'],
  skip_initial_space: ['csv'],
};
const applies = (field: TextField | FlagField, type: UploadFileType) => APPLIES[field]?.includes(type) ?? true;

function Field({ id, label, required, hint, children }: { id: string; label: string; required?: boolean; hint?: string; children: ReactNode }) {
  return (
    <div className="bi-form-field">
      <label htmlFor={id}>
        {label}
        {required && <span className="bi-form-field__required">*</span>}
      </label>
      {children}
      {hint && <small className="bi-form-field__hint">{hint}</small>}
    </div>
  );
}

/**
 * Upload a CSV, Excel or Parquet file into a new or existing table (POST /api/v1/database/{id}/upload/).
 * Only databases that allow file uploads are offered, and only the schemas open to uploads. Choosing a
 * file asks upload_metadata for its columns (and sheets), which the column options then refer to.
 *
 * @example
 * <UploadDataModal client={client} upload={createUploader(client)} type="csv" onHide={close} />
 */
export function UploadDataModal({ client, upload, toasts, type, onHide, onUploaded }: UploadDataModalProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [databases, setDatabases] = useState<DatabaseOption[]>([]);
  const [databaseId, setDatabaseId] = useState<number | null>(null);
  const [schemas, setSchemas] = useState<string[]>([]);
  const [schema, setSchema] = useState('');
  const [text, setText] = useState<Record<TextField, string>>(DEFAULTS);
  const [flags, setFlags] = useState<Record<FlagField, boolean>>(FLAG_DEFAULTS);
  const [columns, setColumns] = useState<string[]>([]);
  const [sheets, setSheets] = useState<{ sheet_name?: string; column_names: string[] }[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!type) return;
    let live = true;
    client
      .get<{ result?: DatabaseOption[] }>('/api/v1/database/', {
        rison: { filters: [{ col: 'allow_file_upload', opr: 'eq', value: true }], order_column: 'database_name', order_direction: 'asc', page_size: 100 },
      })
      .then(
        ({ json }) => {
          if (!live) return;
          const list = json.result ?? [];
          setDatabases(list);
          setDatabaseId((current) => current ?? list[0]?.id ?? null);
        },
        (failure) => live && setError(`An error occurred while fetching databases: ${getClientErrorMessage(failure)}`),
      );
    return () => {
      live = false;
    };
  }, [client, type]);

  useEffect(() => {
    if (databaseId === null) return;
    let live = true;
    client.get<{ result?: string[] }>(`/api/v1/database/${databaseId}/schemas/`, { rison: { upload_allowed: true } }).then(
      ({ json }) => {
        if (!live) return;
        const list = json.result ?? [];
        setSchemas(list);
        setSchema((current) => (list.includes(current) ? current : (list.find((s) => s === 'main' || s === 'public') ?? list[0] ?? '')));
      },
      (failure) => live && setError(`An error occurred while fetching schemas: ${getClientErrorMessage(failure)}`),
    );
    return () => {
      live = false;
    };
  }, [client, databaseId]);

  if (!type) return null;

  const reset = () => {
    setFile(null);
    setText(DEFAULTS);
    setFlags(FLAG_DEFAULTS);
    setColumns([]);
    setSheets([]);
    setError(null);
  };
  const hide = () => {
    reset();
    onHide();
  };
  const setField = (field: TextField, value: string) => setText((current) => ({ ...current, [field]: value }));

  const readMetadata = async (chosen: File) => {
    const form = new FormData();
    form.append('type', type);
    form.append('file', chosen);
    if (type === 'csv') form.append('delimiter', text.delimiter);
    try {
      const answer = (await upload('/api/v1/database/upload_metadata/', form)) as { result?: { items?: { sheet_name?: string; column_names: string[] }[] } };
      const items = answer.result?.items ?? [];
      setSheets(items);
      setColumns(items[0]?.column_names ?? []);
      if (type === 'excel' && items[0]?.sheet_name) setField('sheet_name', items[0].sheet_name);
    } catch (failure) {
      setError(`The file could not be read: ${getClientErrorMessage(failure)}`);
    }
  };

  const chooseFile = (chosen: File | null) => {
    setError(null);
    setColumns([]);
    setSheets([]);
    if (!chosen) return setFile(null);
    if (!hasUploadExtension(type, chosen.name)) {
      setFile(null);
      setError(`Please choose a ${UPLOAD_FILE_EXTENSIONS[type].join(', ')} file.`);
      return;
    }
    setFile(chosen);
    if (!text.table_name) setField('table_name', chosen.name.replace(/\.[^.]+$/, '').replace(/[^A-Za-z0-9_]+/g, '_'));
    void readMetadata(chosen);
  };

  const submit = async () => {
    if (!file || databaseId === null) return;
    const form = new FormData();
    form.append('type', type);
    form.append('file', file);
    if (schema) form.append('schema', schema);
    for (const [field, value] of Object.entries(text) as [TextField, string][]) {
      if (!applies(field, type)) continue;
      // header_row is sent even when empty: empty means "no header row".
      if (value !== '' || field === 'header_row') form.append(field, field === 'table_name' ? value.trim() : value);
    }
    for (const [field, value] of Object.entries(flags) as [FlagField, boolean][]) {
      if (applies(field, type)) form.append(field, String(value));
    }
    setBusy(true);
    setError(null);
    try {
      const answer = (await upload(`/api/v1/database/${databaseId}/upload/`, form)) as { rows?: number; dataset_id?: number };
      toasts?.success(UPLOAD_SUCCESS_MESSAGE);
      onUploaded?.({ ...answer, table_name: text.table_name.trim() });
      hide();
    } catch (failure) {
      setError(getClientErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: TextField, label: string, hint?: string, required = false) =>
    applies(field, type) && (
      <Field id={`${id}-${field}`} label={label} hint={hint} required={required}>
        <input id={`${id}-${field}`} type="text" value={text[field]} onChange={(e) => setField(field, e.target.value)} />
      </Field>
    );
  const checkbox = (field: FlagField, label: string) =>
    applies(field, type) && (
      <label className="bi-form-check" key={field}>
        <input type="checkbox" checked={flags[field]} onChange={(e) => setFlags((current) => ({ ...current, [field]: e.target.checked }))} /> {label}
      </label>
    );

  const disabled = busy || !file || databaseId === null || !text.table_name.trim();
  return (
    <Modal
      title={UPLOAD_MODAL_TITLES[type]}
      show
      onHide={hide}
      width={600}
      onOk={() => void submit()}
      okText={busy ? 'Uploading...' : 'Upload'}
      okDisabled={disabled}
    >
      <div className="bi-upload__form">
        <Field id={`${id}-file`} label="File" required>
          <input id={`${id}-file`} type="file" accept={UPLOAD_FILE_EXTENSIONS[type].join(',')} onChange={(e) => chooseFile(e.target.files?.[0] ?? null)} />
        </Field>
        {columns.length > 0 && <p className="bi-upload__columns">Columns: {columns.join(', ')}</p>}
        <Field id={`${id}-database`} label="Database" required>
          <select id={`${id}-database`} value={databaseId ?? ''} onChange={(e) => setDatabaseId(e.target.value ? Number(e.target.value) : null)}>
            {databases.length === 0 && <option value="">No database allows file uploads</option>}
            {databases.map((db) => (
              <option key={db.id} value={db.id}>
                {db.database_name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-schema`} label="Schema">
          <select id={`${id}-schema`} value={schema} onChange={(e) => setSchema(e.target.value)}>
            {schemas.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        {input('table_name', 'Table name', undefined, true)}
        <Field id={`${id}-already_exists`} label="If table already exists">
          <select id={`${id}-already_exists`} value={text.already_exists} onChange={(e) => setField('already_exists', e.target.value)}>
            <option value="fail">Fail</option>
            <option value="replace">Replace</option>
            <option value="append">Append</option>
          </select>
        </Field>
        {type === 'excel' && sheets.length > 0 ? (
          <Field id={`${id}-sheet_name`} label="Sheet name">
            <select id={`${id}-sheet_name`} value={text.sheet_name} onChange={(e) => setField('sheet_name', e.target.value)}>
              {sheets.map((sheet) => (
                <option key={sheet.sheet_name} value={sheet.sheet_name}>
                  {sheet.sheet_name}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          input('sheet_name', 'Sheet name', 'Default: the first sheet.')
        )}
        {input('delimiter', 'Delimiter', 'Use \\t for a tab.')}
        <details className="bi-upload__advanced">
          <summary>Columns and rows</summary>
          {input('columns_read', 'Columns to read', 'Comma-separated column names; empty reads all.')}
          {input('column_dates', 'Columns to be parsed as dates', 'Comma-separated column names.')}
          {input('column_data_types', 'Column data types', 'JSON, e.g. {"user_id": "int"}.')}
          {input('index_column', 'Index column')}
          {checkbox('dataframe_index', 'Write the index as a column')}
          {flags.dataframe_index && input('index_label', 'Index label')}
          {input('header_row', 'Header row', 'Row with the column names (0 is the first row); empty for no header.')}
          {input('skip_rows', 'Rows to skip')}
          {input('rows_to_read', 'Rows to read', 'Empty reads every row.')}
          {input('null_values', 'Null values', 'Comma-separated values read as null; empty uses the defaults.')}
          {input('decimal_character', 'Decimal character')}
          {checkbox('day_first', 'Day first (DD/MM/YYYY dates)')}
          {checkbox('skip_blank_lines', 'Skip blank lines')}
          {checkbox('skip_initial_space', 'Skip spaces after the delimiter')}
        </details>
      </div>
      {error && (
        <p className="bi-alert bi-alert--error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
