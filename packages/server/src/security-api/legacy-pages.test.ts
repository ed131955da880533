import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';

/**
 * /users/list/, /roles/list/ and /roles/edit/{id} read the way the clients of the incumbent's older versions
 * scrape them (preset-cli's export_users / export_roles / get_role_id): the second table of the page, its
 * rows after the header, the id from the first cell's link or checkbox, roles as '[A, B]'.
 */
const APP_HTML = '<!doctype html><html><head><title>Lumen</title></head><body><div id="app"></div></body></html>';
const appDir = mkdtempSync(join(tmpdir(), 'lumen-legacy-pages-'));
writeFileSync(join(appDir, 'index.html'), APP_HTML);
const previousAppDir = process.env.LUMEN_APP_DIR;

const parse = (html: string) => new new Window().DOMParser().parseFromString(html, 'text/html');
const tablesOf = (html: string) => [...parse(html).querySelectorAll('table')];
/** preset-cli's parse_html_array. */
const htmlArray = (value: string) => {
  const v = value.trim();
  const parts = v.startsWith('[') && v.endsWith(']') ? v.slice(1, -1).split(',') : v.split('\n');
  return parts.map((p) => p.trim()).filter(Boolean);
};

describe.each(METADATA_DIALECTS)('legacy security pages on %s metadata', (dialect) => {
  let t: TestApp;
  const get = (url: string, user: string | null = 'admin') => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(user ? t.headers(user) : {}) } });

  beforeAll(async () => {
    process.env.LUMEN_APP_DIR = appDir;
    t = await createTestApp({ dialect });
    await t.addUser('zoe', ['Gamma', 'sql_lab']);
  });
  afterAll(async () => {
    await t?.close();
    if (previousAppDir === undefined) delete process.env.LUMEN_APP_DIR;
    else process.env.LUMEN_APP_DIR = previousAppDir;
    if (dialect === METADATA_DIALECTS[METADATA_DIALECTS.length - 1]) rmSync(appDir, { recursive: true, force: true });
  });

  it('/users/list/ is the app page carrying, hidden, the incumbent list of the same users the API lists', async () => {
    const res = await get('/users/list/?psize_UserDBModelView=100&page_UserDBModelView=0');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<div id="app"></div>');
    expect(parse(res.body).querySelector('[data-legacy-list]')!.hasAttribute('hidden')).toBe(true);

    const rows = [...tablesOf(res.body)[1].querySelectorAll('tr')].slice(1);
    const scraped = rows.map((tr) => {
      const tds = [...tr.querySelectorAll('td')];
      return {
        id: Number(tds[0].querySelector('a')!.getAttribute('href')!.split('/').at(-1)),
        first_name: tds[1].textContent,
        last_name: tds[2].textContent,
        username: tds[3].textContent,
        email: tds[4].textContent,
        active: tds[5].textContent,
        roles: htmlArray(tds[6].textContent!),
      };
    });
    const api = (await t.app.inject({ method: 'GET', url: '/api/v1/security/users/?q=(order_column:id,order_direction:asc,page_size:100)', headers: t.headers('admin') })).json();
    expect(scraped).toEqual(
      api.result.map((u: any) => ({
        id: u.id,
        first_name: u.first_name,
        last_name: u.last_name,
        username: u.username,
        email: u.email,
        active: u.active ? 'True' : 'False',
        roles: u.roles.map((r: any) => r.name),
      })),
    );
    expect(scraped.find((u) => u.username === 'zoe')!.roles).toEqual(['Gamma', 'sql_lab']);
  });

  it('pages as the framework does: past the last page the table keeps its header row only', async () => {
    const first = tablesOf((await get('/users/list/?psize_UserDBModelView=2&page_UserDBModelView=0')).body);
    expect(first[1].querySelectorAll('tr')).toHaveLength(3);
    const last = tablesOf((await get('/users/list/?psize_UserDBModelView=100&page_UserDBModelView=1')).body);
    expect(last).toHaveLength(2);
    expect(last[1].querySelectorAll('tr')).toHaveLength(1);
  });

  it('orders by _oc_/_od_ as the framework does', async () => {
    const usernames = (url: string) => [...tablesOf(url)[1].querySelectorAll('tr')].slice(1).map((tr) => tr.querySelectorAll('td')[3].textContent);
    const desc = usernames((await get('/users/list/?_oc_UserDBModelView=username&_od_UserDBModelView=desc')).body);
    expect(desc).toEqual([...desc].sort().reverse());
    expect(desc[0]).toBe('zoe');
    expect((await get('/users/list/?_oc_UserDBModelView=password')).json().message).toMatch(/^Order column 'password' is not allowed/);
    expect((await get('/users/list/?_od_UserDBModelView=up')).json().message).toBe("Parameter _od_UserDBModelView must be asc or desc, got 'up'");
  });

  it('/roles/list/ finds a role by exact name (_flt_3_name) with its id in the row checkbox; no match leaves one table', async () => {
    const alpha = await t.ctx.store.db.selectFrom('ab_role').select('id').where('name', '=', 'Alpha').executeTakeFirstOrThrow();
    const tables = tablesOf((await get('/roles/list/?_flt_3_name=Alpha')).body);
    expect(tables).toHaveLength(2);
    const rows = [...tables[1].querySelectorAll('tr')];
    expect(rows).toHaveLength(2);
    const tds = [...rows[1].querySelectorAll('td')];
    expect(tds[0].querySelector('a')).toBeNull();
    expect(Number(tds[0].querySelector('input')!.getAttribute('id'))).toBe(alpha.id);
    expect(tds[2].textContent).toBe('Alpha');
    // 'alpha' is not equal to 'Alpha': the framework's equality is exact.
    const none = (await get('/roles/list/?_flt_3_name=alpha')).body;
    expect(tablesOf(none)).toHaveLength(1);
    expect(none).toContain('No records found');
    const all = tablesOf((await get('/roles/list/?psize_RoleModelView=100&page_RoleModelView=0')).body);
    expect([...all[1].querySelectorAll('tr')].slice(1).map((tr) => tr.querySelectorAll('td')[2].textContent)).toEqual(
      expect.arrayContaining(['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public']),
    );
  });

  it("/roles/edit/{id} shows the role's name, its pairs as the incumbent labels them and its members as selected options", async () => {
    const gamma = await t.ctx.store.db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow();
    const res = await get(`/roles/edit/${gamma.id}`);
    expect(res.statusCode).toBe(200);
    const doc = parse(res.body);
    expect(doc.querySelector('input[name="name"]')!.getAttribute('value')).toBe('Gamma');
    const selected = (id: string) => [...doc.querySelectorAll(`select#${id} option`)].filter((o) => o.hasAttribute('selected'));
    const pairs = (await t.app.inject({ method: 'GET', url: `/api/v1/security/roles/${gamma.id}/permissions/`, headers: t.headers('admin') })).json().result;
    expect(pairs.length).toBeGreaterThan(0);
    expect(selected('permissions').map((o) => [Number(o.getAttribute('value')), o.textContent]).sort()).toEqual(
      pairs.map((p: any) => [p.id, `${p.permission_name.replace(/_/g, ' ')} on ${p.view_menu_name}`]).sort(),
    );
    expect(selected('permissions').map((o) => o.textContent)).toContain('can read on Chart');
    const members = selected('user').map((o) => o.textContent);
    expect(members).toEqual(expect.arrayContaining(['gamma Test', 'zoe Test']));
    expect(members).not.toContain('admin Test');
  });

  it('refuses a non-admin as the API does, and sends an anonymous browser the app alone', async () => {
    for (const [page, api] of [
      ['/users/list/', '/api/v1/security/users/'],
      ['/roles/list/', '/api/v1/security/roles/'],
      ['/roles/edit/1', '/api/v1/security/roles/1/permissions/'],
    ]) {
      for (const user of ['alpha', 'gamma']) {
        const refused = await get(page, user);
        const apiRefusal = await t.app.inject({ method: 'GET', url: api, headers: t.headers(user) });
        expect(refused.statusCode, `${user} ${page}`).toBe(403);
        expect(refused.json()).toEqual(apiRefusal.json());
      }
    }
    const anonymous = await get('/users/list/', null);
    expect(anonymous.statusCode).toBe(200);
    expect(tablesOf(anonymous.body)).toHaveLength(0);
    expect((await get('/roles/edit/1', null)).statusCode).toBe(401);
  });

  it('names the parameter that is wrong', async () => {
    expect((await get('/users/list/?psize_UserDBModelView=ten')).json().message).toBe("Parameter psize_UserDBModelView must be a whole number, got 'ten'");
    expect((await get('/users/list/?_flt_3_password=x')).json().message).toMatch(/^Parameter _flt_3_password filters 'password', which is not filterable here/);
    expect((await get('/roles/list/?_flt_9_name=x')).json().message).toBe('Parameter _flt_9_name names filter 9; text filters are 0 to 7');
    expect((await get('/roles/edit/999999')).statusCode).toBe(404);
  });
});
