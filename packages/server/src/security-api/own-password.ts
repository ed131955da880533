import { badRequest, LumenError } from '../errors';
import { nowIso } from '../metadata/connect';
import type { AnyDb, AnyTrx } from '../resources/definition';
import { type FieldMap, validateInput } from '../resources/fields';
import { loginThrottleFor, throttleKey } from '../security/login-throttle';
import { hashPassword, verifyPassword } from '../security/passwords';
import { checkPasswordStrength } from './password-policy';
import { endSessionsAfterChange } from './users';

/**
 * A user changing their own password (PUT /api/v1/me/password/). The current password is asked for so a
 * session left open on someone else's screen cannot take the account over; a wrong one counts as a failed
 * login for the throttle. The new password meets the same policy as one an admin sets, and the change ends
 * the user's other sessions and tokens as an admin's change does, keeping the session it was made from.
 */
export const OWN_PASSWORD_FIELDS: FieldMap = {
  current_password: { kind: 'string', required: true },
  new_password: { kind: 'string', required: true },
};

export const WRONG_CURRENT_PASSWORD = 'The current password is not correct';
export const NO_LOCAL_PASSWORD = 'This account signs in through single sign-on and has no password to change here';

export interface OwnPasswordChange {
  db: AnyDb;
  /** The app context: the login throttle is kept per app. */
  ctx: object;
  userId: number;
  ip: string;
  /** The cookie session the change is made from (kept); null for Bearer calls. */
  sessionId: string | null;
}

/** Checks the current password (throttled) and the new one; resolves to the new hash to store. */
async function checkedNewHash(change: OwnPasswordChange, body: unknown): Promise<string> {
  const input = validateInput(OWN_PASSWORD_FIELDS, body, 'create') as { current_password: string; new_password: string };
  const row = await change.db.selectFrom('ab_user').select(['username', 'email', 'first_name', 'last_name', 'password_hash']).where('id', '=', change.userId).executeTakeFirstOrThrow();
  if (!row.password_hash) throw badRequest(NO_LOCAL_PASSWORD);
  const throttle = loginThrottleFor(change.ctx);
  const key = throttleKey(row.username as string, change.ip);
  if (throttle.isBlocked(key)) throw new LumenError(429, 'Too many failed logins. Try again in a few minutes.');
  if (!(await verifyPassword(input.current_password, row.password_hash as string))) {
    throttle.fail(key);
    throw badRequest(WRONG_CURRENT_PASSWORD, { field: 'current_password' });
  }
  throttle.succeed(key);
  if (input.new_password === input.current_password) throw badRequest('Password is unchanged: the new password must differ from the current one', { field: 'new_password' });
  const { password_hash: _hash, ...owner } = row;
  checkPasswordStrength(input.new_password, owner);
  return hashPassword(input.new_password);
}

/** Validates, then stores the new hash and ends the other sessions in one transaction. */
export async function changeOwnPassword(change: OwnPasswordChange, body: unknown): Promise<void> {
  const hash = await checkedNewHash(change, body);
  await change.db.transaction().execute(async (trx: AnyTrx) => {
    await trx.updateTable('ab_user').set({ password_hash: hash, changed_on: nowIso(), changed_by_fk: change.userId }).where('id', '=', change.userId).execute();
    await endSessionsAfterChange(trx, change.userId, { passwordChanged: true }, change.sessionId);
  });
}
