import { badRequest } from '../errors';
import { isSpecLocale, SPEC_LOCALES, type SpecLocale } from '../i18n/spec-locales';
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
  /** The app's language, one of spec 1 §9's locales (`pt_BR`); null: the configured default or the browser's applies. */
  locale: SpecLocale | null;
}

const NO_CHOICE: Preferences = { theme_mode: null, locale: null };

/**
 * The user's preferences; every field null for a user who has chosen nothing yet.
 *
 * @example
 * await readPreferences(db, 7); // { theme_mode: 'dark', locale: 'fr' }
 */
export async function readPreferences(db: AnyDb, userId: number): Promise<Preferences> {
  const row = await db.selectFrom('user_attribute').select(['theme_mode', 'locale']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return NO_CHOICE;
  // A value no longer among the choices (edited by hand, a locale withdrawn) reads as no choice.
  return { theme_mode: isThemeMode(row.theme_mode) ? row.theme_mode : null, locale: isSpecLocale(row.locale) ? row.locale : null };
}

const isThemeMode = (value: unknown): value is ThemeMode => (THEME_MODES as readonly unknown[]).includes(value);

/** Refuses a field's value outside its choices; null (forget the choice) is always allowed. */
function checkChoice(input: Record<string, unknown>, field: keyof Preferences, choices: readonly string[]): void {
  if (field in input && input[field] !== null && !choices.includes(input[field] as string)) {
    throw badRequest(`Field '${field}' must be one of ${choices.join(', ')}`, { field });
  }
}

/**
 * The checked changes of a PUT /api/v1/me/preferences/ body: only known fields, a theme mode among the
 * spec's and a locale among spec 1 §9's 14 (null forgets either choice).
 *
 * @example
 * preferenceChanges({ theme_mode: 'dark' }); // { theme_mode: 'dark' }
 * preferenceChanges({ locale: 'pt_BR' }); // { locale: 'pt_BR' }
 */
export function preferenceChanges(body: unknown): Partial<Preferences> {
  const input = validateInput({ theme_mode: { kind: 'string', nullable: true }, locale: { kind: 'string', nullable: true } }, body, 'update');
  checkChoice(input, 'theme_mode', THEME_MODES);
  checkChoice(input, 'locale', SPEC_LOCALES);
  return input as Partial<Preferences>;
}

/** Stores the changes, creating the user's row on their first choice. */
export async function updatePreferences(trx: AnyTrx, userId: number, changes: Partial<Preferences>): Promise<void> {
  const changedOn = nowIso();
  const existing = await trx.selectFrom('user_attribute').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (existing) await trx.updateTable('user_attribute').set({ ...changes, changed_on: changedOn }).where('user_id', '=', userId).execute();
  else await trx.insertInto('user_attribute').values({ ...NO_CHOICE, ...changes, user_id: userId, changed_on: changedOn }).execute();
}
