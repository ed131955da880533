import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LumenConfig } from './config';

/**
 * Returns the secret key: LUMEN_SECRET_KEY when set, else the one kept in `<dataDir>/secret_key`, generated
 * on first start (0600) so sessions and guest tokens survive restarts without any setup.
 */
export function resolveSecretKey(config: LumenConfig): { key: string; source: 'config' | 'file' | 'generated' } {
  if (config.secretKey) {
    if (config.secretKey.length < 16) throw new Error('LUMEN_SECRET_KEY must be at least 16 characters long');
    return { key: config.secretKey, source: 'config' };
  }
  const path = join(config.dataDir, 'secret_key');
  if (existsSync(path)) return { key: readFileSync(path, 'utf8').trim(), source: 'file' };
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64url');
  writeFileSync(path, `${key}\n`, { mode: 0o600 });
  return { key, source: 'generated' };
}
