import { readFileSync } from 'node:fs';
import type { MetadataStore } from '../metadata/connect';
import { resealDatabaseSecrets, type ResealResult } from './reseal-secrets';
import { SecretBox } from './secret-box';

/**
 * `lumen rotate-secret-key`: after the secret key was replaced, re-encrypts every stored secret (database
 * passwords, SSH tunnel secrets) from the previous key to the current one in one transaction. Any value that
 * neither key opens (or that was altered) aborts the whole rotation, naming the database, and nothing changes.
 * Afterwards the previous key is no longer needed.
 */
export async function rotateSecretKey(store: MetadataStore, keys: { secretKey: string; previousSecretKey: string }): Promise<ResealResult & { keyId: string }> {
  const box = new SecretBox(keys.secretKey, [keys.previousSecretKey]);
  const result = await store.db.transaction().execute((trx) => resealDatabaseSecrets(trx, box, { verify: true }));
  return { ...result, keyId: box.keyId };
}

/**
 * The previous key from `--previous-key-file <path>` (or `--previous-key-file=<path>`), else from
 * LUMEN_PREVIOUS_SECRET_KEY (config.previousSecretKey). Throws naming what is missing or wrong.
 */
export function previousKeyFrom(args: string[], configured: string | null): string {
  const index = args.findIndex((a) => a === '--previous-key-file' || a.startsWith('--previous-key-file='));
  if (index >= 0) {
    const arg = args[index]!;
    const path = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
    if (!path) throw new Error('--previous-key-file needs a path');
    let key: string;
    try {
      key = readFileSync(path, 'utf8').trim();
    } catch (error) {
      throw new Error(`--previous-key-file ${path} cannot be read: ${(error as Error).message}`);
    }
    if (!key) throw new Error(`--previous-key-file ${path} is empty`);
    return key;
  }
  if (configured) return configured;
  throw new Error('rotate-secret-key needs the previous secret key: --previous-key-file <path> or LUMEN_PREVIOUS_SECRET_KEY');
}
