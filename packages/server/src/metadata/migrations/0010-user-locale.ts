import type { Kysely } from 'kysely';

/**
 * The language a user chose in the user menu (security-api/preferences.ts), beside their theme mode: one of
 * spec 1 §9's locales in the spec's spelling (`pt_BR`), or null when they chose none and the configured
 * default or their browser's Accept-Language applies (i18n/effective-locale.ts). A plain nullable column
 * added in place, the same statement on SQLite and PostgreSQL.
 */
export const userLocaleMigration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('user_attribute').addColumn('locale', 'text').execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('user_attribute').dropColumn('locale').execute();
  },
};
