import type { Kysely } from 'kysely';

/**
 * user_session.id now holds the SHA-256 of the cookie's id (security/sessions.ts). Rows written before hold
 * raw ids, which no cookie hashes to: they are deleted, so everyone signs in again once after the upgrade.
 */
export const hashedSessionIdsMigration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.deleteFrom('user_session').execute();
  },
};
