import { ClientError, getClientErrorMessage, type StructuredError } from '@lumen-bi/core';

/** One engine of GET /api/v1/database/available/. */
export interface AvailableEngine {
  engine: string;
  name: string;
  default_driver?: string;
  preferred?: boolean;
  sqlalchemy_uri_placeholder?: string;
  parameters?: { properties?: Record<string, { type?: string; description?: string; nullable?: boolean }>; required?: string[] };
}

/** The connection form's parameters (spec 2 §7); catalog is a list of {name, value} in the form. */
export interface ConnectionParameters {
  host?: string;
  port?: string | number;
  username?: string;
  password?: string;
  database?: string;
  encryption?: boolean;
  query?: Record<string, string>;
}

/** The database flags the form offers (expose in SQL Lab, DML, async, data preview, uploads, ...). */
export const DATABASE_FLAGS = [
  { key: 'expose_in_sqllab', label: 'Expose database in SQL Lab', defaultValue: true },
  { key: 'allow_run_async', label: 'Asynchronous query execution', defaultValue: false },
  { key: 'allow_dml', label: 'Allow DML', defaultValue: false },
  { key: 'allow_ctas', label: 'Allow CREATE TABLE AS', defaultValue: false },
  { key: 'allow_cvas', label: 'Allow CREATE VIEW AS', defaultValue: false },
  { key: 'disable_data_preview', label: 'Disable SQL Lab data preview queries', defaultValue: false },
  { key: 'allow_file_upload', label: 'Allow file uploads to database', defaultValue: false },
  { key: 'allow_multi_catalog', label: 'Allow changing catalogs', defaultValue: false },
] as const;
export type DatabaseFlag = (typeof DATABASE_FLAGS)[number]['key'];

/** Messages of the connection form, word for word (spec 2 §5, §8). */
export const REQUIRED_FIELD_MESSAGE = 'This is a required field';
export const CONNECTION_OK_MESSAGE = 'Connection looks good!';
export const connectionErrorMessage = (details: string) => `ERROR: ${details}`;

/** Error types the form surfaces while the user is still typing (spec 2 §5); the rest wait for Connect. */
const SURFACED_WHILE_EDITING = new Set(['CONNECTION_MISSING_PARAMETERS_ERROR', 'CONNECTION_ACCESS_DENIED_ERROR', 'INVALID_PAYLOAD_SCHEMA_ERROR']);

/** Field errors keyed by parameter name; `_general` holds what belongs to no field. */
export type FieldErrors = Record<string, string>;

/**
 * Maps validate_parameters errors to fields: missing parameters become 'This is a required field' per
 * field; errors naming invalid fields put their message on each; unless `force`, only missing-parameter,
 * access-denied and invalid-payload-schema errors are surfaced (spec 2 §5).
 *
 * @example
 * fieldErrorsOf(error, false); // { host: 'This is a required field', port: 'This is a required field' }
 */
export function fieldErrorsOf(error: unknown, force: boolean): FieldErrors {
  const errors: StructuredError[] = error instanceof ClientError ? error.errors : [];
  const out: FieldErrors = {};
  for (const e of errors) {
    if (!force && !SURFACED_WHILE_EDITING.has(e.error_type)) continue;
    const extra = (e.extra ?? {}) as { missing?: unknown; invalid?: unknown };
    if (e.error_type === 'CONNECTION_MISSING_PARAMETERS_ERROR' && Array.isArray(extra.missing)) {
      for (const field of extra.missing) out[String(field)] = REQUIRED_FIELD_MESSAGE;
    } else if (Array.isArray(extra.invalid) && extra.invalid.length) {
      for (const field of extra.invalid) out[String(field)] ??= e.message;
    } else {
      out._general = e.message;
    }
  }
  if (force && errors.length === 0 && error) out._general = getClientErrorMessage(error);
  return out;
}

/**
 * The SQLAlchemy-style URI of a parameters form, as the server's engine specs build it, because the
 * database resource stores a URI.
 *
 * @example
 * buildUri('postgresql', { host: 'db', port: 5432, username: 'me', password: 'p@ss', database: 'sales' });
 * // 'postgresql://me:p%40ss@db:5432/sales'
 */
export function buildUri(engine: string, parameters: ConnectionParameters, fileBased: boolean): string {
  const query = new URLSearchParams(parameters.query ?? {});
  if (parameters.encryption) query.set('sslmode', 'require');
  const suffix = query.toString() ? `?${query.toString()}` : '';
  if (fileBased) return `${engine}:///${parameters.database ?? ''}${suffix}`;
  const enc = encodeURIComponent;
  const user = parameters.username ? `${enc(parameters.username)}${parameters.password ? `:${enc(parameters.password)}` : ''}@` : '';
  const port = parameters.port !== undefined && parameters.port !== '' ? `:${parameters.port}` : '';
  return `${engine}://${user}${parameters.host ?? ''}${port}/${parameters.database ?? ''}${suffix}`;
}

/** A file engine's parameters form holds a path only (its schema has no host). */
export const isFileEngine = (engine: AvailableEngine | undefined): boolean => Boolean(engine && !engine.parameters?.properties?.host);
