import { badRequest } from '../errors';
import { nowIso } from '../metadata/connect';
import type { AnyDb, AnyTrx } from '../resources/definition';
import { validateInput } from '../resources/fields';

/** The spec's theme modes, as the user menu offers them (Light, Dark, System). */
export const THEME_MODES = ['default', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/**
 * What the signed-in user chose for themselves, kept on the server so it follows them to another browser.
 * A null field means no choice was made: the browser's own remembered choice, or the default, applies.
 */
export interface Preferences {
  theme_mode: ThemeMode | null;
}

const NO_CHOICE: Preferences = { theme_mode: null };

/**
 * The user's preferences; every field null for a user who has chosen nothing yet.
 *
 * @example
 * await readPreferences(db, 7); // { theme_mode: 'dark' }
 */
export async function readPreferences(db: AnyDb, userId: number): Promise<Preferences> {
  const row = await db.selectFrom('user_attribute').select('theme_mode').where('user_id', '=', userId).executeTakeFirst();
  if (!row) return NO_CHOICE;
  return { theme_mode: isThemeMode(row.theme_mode) ? row.theme_mode : null };
}

const isThemeMode = (value: unknown): value is ThemeMode => (THEME_MODES as readonly unknown[]).includes(value);

/**
 * The checked changes of a PUT /api/v1/me/preferences/ body: only known fields, and a theme mode among the
 * spec's (null forgets the choice).
 *
 * @example
 * preferenceChanges({ theme_mode: 'dark' }); // { theme_mode: 'dark' }
 */
export function preferenceChanges(body: unknown): Partial<Preferences> {
  const input = validateInput({ theme_mode: { kind: 'string', nullable: true } }, body, 'update');
  if ('theme_mode' in input && input.theme_mode !== null && !isThemeMode(input.theme_mode)) {
    throw badRequest(`Field 'theme_mode' must be one of ${THEME_MODES.join(', ')}`, { field: 'theme_mode' });
  }
  return input as Partial<Preferences>;
}

/** Stores the changes, creating the user's row on their first choice. */
export async function updatePreferences(trx: AnyTrx, userId: number, changes: Partial<Preferences>): Promise<void> {
  const changedOn = nowIso();
  const existing = await trx.selectFrom('user_attribute').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (existing) await trx.updateTable('user_attribute').set({ ...changes, changed_on: changedOn }).where('user_id', '=', userId).execute();
  else await trx.insertInto('user_attribute').values({ ...NO_CHOICE, ...changes, user_id: userId, changed_on: changedOn }).execute();
}
