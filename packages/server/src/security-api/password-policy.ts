import { badRequest } from '../errors';

/**
 * The minimum password strength for accounts created or changed through the users API. It follows NIST
 * SP 800-63B rather than composition rules: long enough, not built from the account's own names, not one of
 * the passwords every guessing list starts with, not one character repeated or a plain sequence.
 */
export const MIN_PASSWORD_LENGTH = 10;
/** scrypt hashes any length, but a megabyte "password" is a denial of service, not a secret. */
export const MAX_PASSWORD_LENGTH = 256;

const COMMON = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', '1234567890', '12345678910', '0123456789', 'qwertyuiop',
  'qwerty1234', 'qwerty12345', 'iloveyou12', 'letmein123', 'welcome123', 'admin12345', 'administrator', 'changeme123', 'superset123',
  'lumen12345', 'passw0rd123', 'abc1234567', 'football123', 'baseball123', 'monkey12345', 'dragon12345', 'trustno1234',
]);

export interface PasswordOwner {
  username?: unknown;
  email?: unknown;
  first_name?: unknown;
  last_name?: unknown;
}

/** Throws a 400 naming the first rule the password breaks. */
export function checkPasswordStrength(password: string, owner: PasswordOwner): void {
  const weak = (why: string) => badRequest(`Password is too weak: ${why}`, { field: 'password' });
  if (password.length < MIN_PASSWORD_LENGTH) throw weak(`it must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  if (password.length > MAX_PASSWORD_LENGTH) throw badRequest(`Password is too long: at most ${MAX_PASSWORD_LENGTH} characters`, { field: 'password' });
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) throw weak('it is one of the most common passwords');
  if (new Set(password).size < 4) throw weak('it must contain at least 4 different characters');
  if (isSequence(lower)) throw weak('it must not be a sequence such as abcdefghij or 1234567890');
  for (const [field, value] of Object.entries(owner)) {
    const name = typeof value === 'string' ? (field === 'email' ? value.split('@')[0] : value).trim().toLowerCase() : '';
    if (name.length >= 3 && lower.includes(name)) throw weak(`it must not contain the ${field.replace('_', ' ')}`);
  }
}

/** Each character one code point after (or before) the previous: abcdef..., 987654... */
function isSequence(text: string): boolean {
  const steps = new Set<number>();
  for (let i = 1; i < text.length; i += 1) steps.add(text.charCodeAt(i) - text.charCodeAt(i - 1));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}
