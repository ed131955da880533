import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSalesDataset } from '../embedding/test-seed';
import { startSmtpCapture, type SmtpCapture } from '../reports/smtp-capture.test-helpers';
import { client } from '../resources/test-support';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';

/** 'Request Access' from an access error: what the page reads, what the request records and mails. */
describe.each(METADATA_DIALECTS)('/api/v1/security/request_access/ on %s metadata', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let api: ReturnType<typeof client>;
  let salesId: number;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ dialect, config: { smtp: { host: '127.0.0.1', port: smtp.port, user: null, password: null, secure: false, from: 'lumen@lumen.test' } } });
    api = client(t);
    salesId = await seedSalesDataset(t, 'sales');
    await t.ctx.store.db.updateTable('ab_user').set({ email: 'admin@example.org' }).where('username', '=', 'admin').execute();
    await t.addUser('viewer', ['Gamma']);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('links a data access error to the request page, which names the pair to grant', async () => {
    const denied = await t.app.inject({ method: 'GET', url: `/api/v1/dataset/${salesId}`, headers: t.headers('viewer') });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors?.[0]?.extra?.link ?? denied.json().extra?.link).toBe(`/request_access/?datasource_id=${salesId}`);
    const target = await api.get(`/api/v1/security/request_access/?datasource_id=${salesId}`, 'viewer');
    expect(target.status).toBe(200);
    expect(target.body.result).toMatchObject({ kind: 'dataset', id: salesId, name: 'sales', has_access: false });
    expect(target.body.result.permission).toMatch(new RegExp(`^datasource_access on \\[[^\\]]+\\]\\.\\[sales\\]\\(id:${salesId}\\)$`));
  });

  it('records the request, mails the admins once, and refuses repeats, the granted and bad input by name', async () => {
    const sent = await api.post('/api/v1/security/request_access/', { datasource_id: salesId, message: 'For the Q3 review' }, 'viewer');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.result.admins_emailed).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['admin@example.org']);
    expect(mail!.subject).toBe('[Lumen] Access request: dataset sales');
    expect(mail!.raw).toContain('For the Q3 review');
    const logged = await t.ctx.store.db.selectFrom('logs').select(['action', 'json']).where('action', '=', 'request_access').execute();
    expect(logged).toHaveLength(1);

    const again = await api.post('/api/v1/security/request_access/', { datasource_id: salesId }, 'viewer');
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/less than 10 minutes ago/);
    expect((await api.post('/api/v1/security/request_access/', { datasource_id: salesId }, 'alpha')).body.message).toBe('You already have access to the dataset sales.');
    expect((await api.post('/api/v1/security/request_access/', { datasource_id: salesId, database_id: 1 }, 'viewer')).status).toBe(400);
    expect((await api.post('/api/v1/security/request_access/', { datasource_id: 'x' }, 'viewer')).status).toBe(400);
    expect((await api.post('/api/v1/security/request_access/', { datasource_id: 999999 }, 'viewer')).status).toBe(404);
    expect((await api.post('/api/v1/security/request_access/', { datasource_id: salesId, message: 'x'.repeat(1001) }, 'viewer')).body.message).toBe('message: Longer than maximum length 1000.');
    expect((await api.get(`/api/v1/security/request_access/?datasource_id=${salesId}`, null)).status).toBe(401);
    expect(smtp.messages).toHaveLength(1);
  });
  it('caps each user at 5 requests per 10 minutes over all targets, also when requests arrive at once', async () => {
    const databases: number[] = [];
    for (let i = 0; i < 8; i++) {
      const row = await t.ctx.store.db
        .insertInto('dbs')
        .values({ uuid: `cap-${i}-${Math.random()}`, database_name: `cap_${i}`, sqlalchemy_uri: 'sqlite:///:memory:', backend: 'sqlite', created_on: new Date().toISOString(), changed_on: new Date().toISOString(), created_by_fk: null, changed_by_fk: null } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      databases.push(row.id);
    }
    const ids: Record<string, number> = {};
    ids.asker = (await t.addUser('asker', ['Gamma'])).id;
    for (const id of databases.slice(0, 5)) expect((await api.post('/api/v1/security/request_access/', { database_id: id }, 'asker')).status).toBe(200);
    const capped = await api.post('/api/v1/security/request_access/', { database_id: databases[5] }, 'asker');
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe('You may send at most 5 access requests per 10 minutes; try again later.');
    // A repeat is still named as such.
    expect((await api.post('/api/v1/security/request_access/', { database_id: databases[0] }, 'asker')).body.message).toMatch(/less than 10 minutes ago/);

    // Concurrent requests: one per target, at most five in all.
    ids.racer = (await t.addUser('racer', ['Gamma'])).id;
    const same = await Promise.all([1, 2, 3, 4].map(() => api.post('/api/v1/security/request_access/', { database_id: databases[0] }, 'racer')));
    expect(same.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    ids.racer2 = (await t.addUser('racer2', ['Gamma'])).id;
    const spread = await Promise.all(databases.map((id) => api.post('/api/v1/security/request_access/', { database_id: id }, 'racer2')));
    expect(spread.filter((r) => r.status === 200)).toHaveLength(5);
    expect(spread.filter((r) => r.status === 429)).toHaveLength(3);
    const logged = async (username: string) =>
      (await t.ctx.store.db.selectFrom('logs').select('id').where('action', '=', 'request_access').where('user_id', '=', ids[username]!).execute()).length;
    expect(await logged('asker')).toBe(5);
    expect(await logged('racer')).toBe(1);
    expect(await logged('racer2')).toBe(5);
  });
});
