import type { Kysely } from 'kysely';
import { resealDatabaseSecrets } from '../../security/reseal-secrets';
import { secretBoxOf } from '../../security/secret-box';

/**
 * Database passwords and encrypted_extra (SSH tunnel secrets) were stored as plaintext; this seals every
 * existing value with the key derived from the secret key (security/secret-box.ts). A store without such
 * values (a new installation) needs no key.
 */
export function encryptedDatabaseSecretsMigration(keys: { secretKey?: string; previousSecretKey?: string | null }) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      const plaintext = await db
        .selectFrom('dbs')
        .select('id')
        .where((eb) => eb.or([eb('password', 'is not', null), eb('encrypted_extra', 'is not', null)]))
        .executeTakeFirst();
      if (!plaintext) return;
      if (!keys.secretKey) throw new Error('Encrypting the stored database passwords needs the secret key: pass it to migrateToLatest');
      await resealDatabaseSecrets(db, secretBoxOf({ secretKey: keys.secretKey, previousSecretKey: keys.previousSecretKey }), { verify: false });
    },
  };
}
