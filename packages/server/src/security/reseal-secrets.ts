import type { Kysely } from 'kysely';
import { SECRET_COLUMNS, type SecretColumn, secretBinding } from './database-secrets';
import { isSealed, type SecretBox } from './secret-box';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export interface ResealResult {
  /** Values written (sealed from plaintext or re-sealed under the current key). */
  rewritten: number;
  /** Values that were already sealed with the current key. */
  unchanged: number;
}

interface Row {
  id: number;
  uuid: string;
  database_name: string;
  password: string | null;
  encrypted_extra: string | null;
}

/**
 * Rewrites the stored database secrets in bulk, inside the caller's transaction:
 * - plaintext values (written before encryption existed) are sealed with the current key;
 * - values sealed with a previous key are opened and sealed again with the current key;
 * - values already under the current key are opened too when `verify` is set, so a rotation fails (and
 *   rolls back) on a corrupt value instead of leaving it for the next connection to find.
 * Throws SecretDecryptionError naming the database and column of the first value that does not open.
 */
export async function resealDatabaseSecrets(db: AnyDb, box: SecretBox, options: { verify: boolean }): Promise<ResealResult> {
  const rows = (await db.selectFrom('dbs').select(['id', 'uuid', 'database_name', 'password', 'encrypted_extra']).orderBy('id').execute()) as Row[];
  const result: ResealResult = { rewritten: 0, unchanged: 0 };
  for (const row of rows) {
    const values: Partial<Record<SecretColumn, string>> = {};
    for (const column of SECRET_COLUMNS) {
      const stored = row[column];
      if (stored === null) continue;
      const next = resealed(box, row, column, stored, options.verify);
      if (next === null) result.unchanged += 1;
      else values[column] = next;
    }
    if (Object.keys(values).length === 0) continue;
    await db.updateTable('dbs').set(values).where('id', '=', row.id).execute();
    result.rewritten += Object.keys(values).length;
  }
  return result;
}

/** The value to write instead of `stored`, or null when it is already sealed with the current key. */
function resealed(box: SecretBox, row: Row, column: SecretColumn, stored: string, verify: boolean): string | null {
  const binding = secretBinding(column, row.uuid);
  const label = `dbs.${column} of database ${JSON.stringify(row.database_name)}`;
  if (!isSealed(stored)) return box.seal(stored, binding);
  if (box.isStale(stored)) return box.seal(box.open(stored, binding, label), binding);
  if (verify) box.open(stored, binding, label);
  return null;
}
