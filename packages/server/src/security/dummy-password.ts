import { randomBytes } from 'node:crypto';
import { hashPassword } from './passwords';

/**
 * A hash no password matches, checked when a login names a user that does not exist (or is inactive), so
 * the answer takes as long as a real check and its timing does not reveal which usernames exist. Computed
 * once per process on first use, with the same scrypt parameters as real hashes.
 */
let dummy: Promise<string> | null = null;

export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}
