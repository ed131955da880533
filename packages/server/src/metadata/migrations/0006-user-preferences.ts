import type { Kysely } from 'kysely';

/**
 * Per-user preferences (security-api/preferences.ts): one row per user who has chosen something, named after
 * the incumbent's per-user settings table (`user_attribute`). Today it holds the theme mode chosen in the user
 * menu, so the choice follows the user to another browser; a user without a row has chosen nothing and their
 * browser's own choice (or the default) applies.
 */
export const userPreferencesMigration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('user_attribute')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('ab_user.id').onDelete('cascade'))
      .addColumn('theme_mode', 'text')
      .addColumn('changed_on', 'text', (c) => c.notNull())
      .execute();
  },
};
