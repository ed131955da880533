import { readFileSync } from 'node:fs';
import { loadConfig } from '../config';
import { type MetadataStore, openMetadataStore } from '../metadata/connect';
import { migrateToLatest } from '../metadata/migrate';
import { resolveSecretKey } from '../secret-key';
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

interface CommandOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processOutput: CommandOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/**
 * The `lumen rotate-secret-key [--previous-key-file <path>]` command: run once after replacing the secret
 * key (LUMEN_SECRET_KEY or `<dataDir>/secret_key`), before starting servers with the new key. Returns the
 * exit code: 0 done, 1 rotation failed (nothing changed), 2 usage error.
 */
export async function rotateSecretKeyCommand(args: string[], env: NodeJS.ProcessEnv, out: CommandOutput = processOutput): Promise<number> {
  const loaded = loadConfig(env);
  const secretKey = resolveSecretKey(loaded).key;
  let previousSecretKey: string;
  try {
    previousSecretKey = previousKeyFrom(args, loaded.previousSecretKey);
  } catch (error) {
    out.stderr(`${(error as Error).message}\n`);
    return 2;
  }
  const store = openMetadataStore(loaded.metadataUrl);
  try {
    await migrateToLatest(store, { secretKey, previousSecretKey });
    const result = await rotateSecretKey(store, { secretKey, previousSecretKey });
    out.stdout(`Secrets re-encrypted with secret key ${result.keyId}: ${result.rewritten} rewritten, ${result.unchanged} already current. The previous key is no longer needed.\n`);
    return 0;
  } catch (error) {
    // One transaction: a failure changed nothing. The message names the database and column, no stack needed.
    out.stderr(`Secret key rotation failed, nothing was changed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await store.close();
  }
}
