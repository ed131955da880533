import { getClientErrorMessage, type ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { Modal } from '../components/modal';
import type { ToastStore } from '../components/toast-store';
import {
  buildUri,
  CONNECTION_OK_MESSAGE,
  connectionErrorMessage,
  DATABASE_FLAGS,
  fieldErrorsOf,
  isFileEngine,
  type AvailableEngine,
  type ConnectionParameters,
  type DatabaseFlag,
  type FieldErrors,
} from './database-form-model';

/** Success toasts after Connect (the incumbent's wording). */
export const DATABASE_CONNECTED_MESSAGE = 'Database connected';
export const DATABASE_UPDATED_MESSAGE = 'Database settings updated';

export interface DatabaseModalProps {
  client: ApiClient;
  show: boolean;
  /** Edit this database; absent to connect a new one. */
  databaseId?: number | null;
  onHide(): void;
  toasts: ToastStore;
  onSaved?(id: number): void;
}

type Mode = 'parameters' | 'uri';
type Flags = Record<DatabaseFlag, boolean>;
const defaultFlags = (): Flags => Object.fromEntries(DATABASE_FLAGS.map((f) => [f.key, f.defaultValue])) as Flags;

const PARAMETER_LABELS: Record<string, string> = { host: 'Host', port: 'Port', database: 'Database name', username: 'Username', password: 'Password' };
const PARAMETER_ORDER = ['host', 'port', 'database', 'username', 'password'];

/**
 * Connect a database (spec 2 §5, §7): pick an engine from /available/, fill its parameters (missing ones
 * are flagged per field with 'This is a required field') or switch to a SQLAlchemy URI, test the
 * connection ('Connection looks good!' / 'ERROR: {details}'), and set the flags: expose in SQL Lab, DML,
 * async, data preview and file uploads. Existing databases open in URI mode with the masked password.
 */
export function DatabaseModal({ client, show, databaseId, onHide, toasts, onSaved }: DatabaseModalProps) {
  const [engines, setEngines] = useState<AvailableEngine[]>([]);
  const [engine, setEngine] = useState<string>('');
  const [mode, setMode] = useState<Mode>('parameters');
  const [name, setName] = useState('');
  const [uri, setUri] = useState('');
  const [parameters, setParameters] = useState<ConnectionParameters>({});
  const [flags, setFlags] = useState<Flags>(defaultFlags);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!show) return;
    setErrors({});
    client.get<{ databases: AvailableEngine[] }>('/api/v1/database/available/').then(
      ({ json }) => setEngines(json.databases ?? []),
      (e: unknown) => setErrors({ _general: getClientErrorMessage(e) }),
    );
    if (databaseId) {
      client.get<{ result: Record<string, unknown> }>(`/api/v1/database/${databaseId}`).then(({ json }) => {
        const db = json.result;
        setName(String(db.database_name ?? ''));
        setUri(String(db.sqlalchemy_uri ?? ''));
        setEngine(String(db.backend ?? ''));
        setMode('uri');
        setFlags(Object.fromEntries(DATABASE_FLAGS.map((f) => [f.key, Boolean(db[f.key])])) as Flags);
      }, (e: unknown) => setErrors({ _general: getClientErrorMessage(e) }));
    } else {
      setName('');
      setUri('');
      setEngine('');
      setParameters({});
      setFlags(defaultFlags());
      setMode('parameters');
    }
  }, [client, show, databaseId]);

  const spec = engines.find((e) => e.engine === engine);
  const fileBased = isFileEngine(spec);
  const required = new Set(spec?.parameters?.required ?? []);
  const fields = PARAMETER_ORDER.filter((f) => spec?.parameters?.properties?.[f]);

  const connectionBody = () =>
    mode === 'uri'
      ? { database_name: name, sqlalchemy_uri: uri, configuration_method: 'sqlalchemy_form', ...flags }
      : {
          database_name: name || spec?.name || engine,
          engine,
          driver: spec?.default_driver,
          configuration_method: 'dynamic_form',
          parameters: { ...parameters, port: parameters.port === '' || parameters.port === undefined ? undefined : Number(parameters.port) },
          ...flags,
        };

  /** validate_parameters; without `force` only the errors worth interrupting typing are shown. */
  const validate = async (force: boolean): Promise<boolean> => {
    if (mode !== 'parameters' || !engine) return true;
    try {
      await client.post('/api/v1/database/validate_parameters/', connectionBody());
      setErrors({});
      return true;
    } catch (error) {
      setErrors(fieldErrorsOf(error, force));
      return false;
    }
  };

  const testConnection = async () => {
    setBusy(true);
    try {
      await client.post('/api/v1/database/test_connection/', connectionBody());
      toasts.success(CONNECTION_OK_MESSAGE);
    } catch (error) {
      toasts.danger(connectionErrorMessage(getClientErrorMessage(error)));
      if (mode === 'parameters') setErrors(fieldErrorsOf(error, false));
    } finally {
      setBusy(false);
    }
  };

  const connect = async () => {
    setBusy(true);
    try {
      if (!(await validate(true))) return;
      const body = connectionBody() as Record<string, unknown>;
      if (mode === 'parameters') body.sqlalchemy_uri = buildUri(engine, parameters, fileBased);
      const response = databaseId
        ? await client.put<{ id: number }>(`/api/v1/database/${databaseId}`, pick(body))
        : await client.post<{ id: number }>('/api/v1/database/', pick(body));
      // The incumbent's words: an edit and a new connection are confirmed differently.
      toasts.success(databaseId ? DATABASE_UPDATED_MESSAGE : DATABASE_CONNECTED_MESSAGE);
      onSaved?.(response.json.id ?? databaseId ?? 0);
      onHide();
    } catch (error) {
      setErrors({ ...fieldErrorsOf(error, true), _general: getClientErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const param = (field: string) => {
    const id = `bi-db-${field}`;
    return (
      <div className="bi-form-field" key={field}>
        <label htmlFor={id}>
          {fileBased && field === 'database' ? 'Database file path' : PARAMETER_LABELS[field]}
          {required.has(field) && <span className="bi-form-field__required">*</span>}
        </label>
        <input
          id={id}
          type={field === 'password' ? 'password' : field === 'port' ? 'number' : 'text'}
          value={String((parameters as Record<string, unknown>)[field] ?? '')}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={errors[field] ? `${id}-error` : undefined}
          onChange={(e) => setParameters((p) => ({ ...p, [field]: e.target.value }))}
          onBlur={() => void validate(false)}
        />
        {errors[field] && (
          <p className="bi-field-error" id={`${id}-error`}>
            {errors[field]}
          </p>
        )}
      </div>
    );
  };

  return (
    <Modal
      title={databaseId ? 'Edit database' : 'Connect a database'}
      show={show}
      onHide={onHide}
      footer={
        <>
          <button type="button" className="bi-button" onClick={() => void testConnection()} disabled={busy || !engine}>
            Test connection
          </button>
          <button type="button" className="bi-button" onClick={onHide}>
            Cancel
          </button>
          <button type="button" className="bi-button bi-button--primary" onClick={() => void connect()} disabled={busy || !engine}>
            {databaseId ? 'Finish' : 'Connect'}
          </button>
        </>
      }
    >
      <div className="bi-form-field">
        <label htmlFor="bi-db-engine">Supported databases</label>
        <select id="bi-db-engine" value={engine} disabled={Boolean(databaseId)} onChange={(e) => { setEngine(e.target.value); setErrors({}); }}>
          <option value="">Choose a database…</option>
          {engines.map((e) => (
            <option key={e.engine} value={e.engine}>
              {e.name}
            </option>
          ))}
        </select>
      </div>
      {engine && (
        <>
          <div className="bi-tabs" role="tablist">
            <button type="button" role="tab" aria-selected={mode === 'parameters'} disabled={Boolean(databaseId)} onClick={() => setMode('parameters')}>
              Basic parameters
            </button>
            <button type="button" role="tab" aria-selected={mode === 'uri'} onClick={() => setMode('uri')}>
              SQLAlchemy URI
            </button>
          </div>
          <div className="bi-form-field">
            <label htmlFor="bi-db-name">Display name</label>
            <input id="bi-db-name" type="text" value={name} placeholder={spec?.name} onChange={(e) => setName(e.target.value)} />
          </div>
          {mode === 'parameters' ? (
            fields.map(param)
          ) : (
            <div className="bi-form-field">
              <label htmlFor="bi-db-uri">
                SQLAlchemy URI<span className="bi-form-field__required">*</span>
              </label>
              <input id="bi-db-uri" type="text" value={uri} placeholder={spec?.sqlalchemy_uri_placeholder} onChange={(e) => setUri(e.target.value)} />
            </div>
          )}
          <p className="bi-form-field__hint" id="bi-db-read-only-hint">
            Connect with a read-only database role: charts and SQL Lab never need to write, and a role that can only read is a second wall behind Lumen's own checks.
          </p>
          <fieldset className="bi-form-field">
            <legend>Advanced</legend>
            {DATABASE_FLAGS.map((f) => (
              <label key={f.key} className="bi-form-check">
                <input type="checkbox" checked={flags[f.key]} onChange={(e) => setFlags((s) => ({ ...s, [f.key]: e.target.checked }))} />
                {f.label}
              </label>
            ))}
          </fieldset>
        </>
      )}
      {errors._general && (
        <p className="bi-alert bi-alert--error" role="alert">
          {errors._general}
        </p>
      )}
    </Modal>
  );
}

/** Only what the database resource stores or accepts; the connection test's extra keys stay out. */
function pick(body: Record<string, unknown>): Record<string, unknown> {
  const allowed = ['database_name', 'sqlalchemy_uri', 'configuration_method', 'engine', 'driver', 'parameters', ...DATABASE_FLAGS.map((f) => f.key)];
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => allowed.includes(k) && v !== undefined));
}
