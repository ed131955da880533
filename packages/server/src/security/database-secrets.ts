import { isSealed, type SecretBox, secretBoxOf } from './secret-box';

/**
 * The secrets of a database connection at rest: `dbs.password` (the URI's password) and
 * `dbs.encrypted_extra` (JSON with the SSH tunnel's password, private key and key password, and the
 * connection form's secret extras). Both are stored sealed by SecretBox, each bound to its column and to the
 * database's uuid, and opened only where a connection is made or the secrets are re-written.
 */
export const SECRET_COLUMNS = ['password', 'encrypted_extra'] as const;
export type SecretColumn = (typeof SECRET_COLUMNS)[number];

export type SecretKeys = { secretKey: string; previousSecretKey?: string | null };

/** Where a value is bound: a ciphertext copied to another row or column does not open. */
export const secretBinding = (column: SecretColumn, uuid: string): string => `dbs.${column}|${uuid}`;

const label = (column: SecretColumn, row: { database_name?: unknown; id?: unknown }) =>
  `dbs.${column} of database ${row.database_name !== undefined ? JSON.stringify(row.database_name) : `id ${String(row.id)}`}`;

/**
 * The value to store for a secret column: null stays null, a value that is already sealed is the stored one
 * carried over (a masked password on update, an overwriting import) and is kept, anything else is sealed.
 * Keeping a sealed value is safe because it only opens in the row and column it was sealed for.
 */
export function storedSecret(box: SecretBox, column: SecretColumn, uuid: string, value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return isSealed(value) ? value : box.seal(value, secretBinding(column, uuid));
}

/** Seals the secret columns present in `values` (an insert or update of `dbs`) for the database `uuid`. */
export function sealDatabaseSecrets<T extends Record<string, unknown>>(keys: SecretKeys, uuid: string, values: T): T {
  const box = secretBoxOf(keys);
  const out: Record<string, unknown> = { ...values };
  for (const column of SECRET_COLUMNS) {
    if (column in out) out[column] = storedSecret(box, column, uuid, out[column] as string | null | undefined);
  }
  return out as T;
}

interface SecretRow {
  id?: unknown;
  uuid?: unknown;
  database_name?: unknown;
  password?: string | null;
  encrypted_extra?: string | null;
}

function openColumn(keys: SecretKeys, row: SecretRow, column: SecretColumn): string | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  if (typeof row.uuid !== 'string') throw new Error(`Cannot decrypt ${label(column, row)}: the row was read without its uuid`);
  return secretBoxOf(keys).open(value, secretBinding(column, row.uuid), label(column, row));
}

/** The plaintext password of a stored database (null when it has none). Throws SecretDecryptionError. */
export function openDatabasePassword(keys: SecretKeys, row: SecretRow): string | null {
  return openColumn(keys, row, 'password');
}

/** The decrypted `encrypted_extra` JSON text of a stored database (null when it has none). */
export function openDatabaseExtraSecrets(keys: SecretKeys, row: SecretRow): string | null {
  return openColumn(keys, row, 'encrypted_extra');
}
