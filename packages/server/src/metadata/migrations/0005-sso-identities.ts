import type { Kysely } from 'kysely';

/**
 * Single sign-on (sso/): `user_identity` links a Lumen user to their account at an external provider and
 * records which roles the provider's groups mapped to at the last sign-in, so the next sign-in replaces
 * those roles without touching roles an admin granted by hand. A user has at most one external identity;
 * the (provider, subject) pair identifies it: the OIDC `sub`, or the LDAP username.
 */
export const ssoIdentitiesMigration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('user_identity')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('ab_user.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('mapped_roles', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('last_login', 'text')
      .addUniqueConstraint('user_identity_provider_subject', ['provider', 'subject'])
      .execute();
  },
};
