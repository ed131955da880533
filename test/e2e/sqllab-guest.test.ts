/**
 * <bi-sqllab> on a third-party host of another origin with a guest token that grants SQL Lab on the examples
 * database (resources [{type: 'sqllab', id}]), in real Chromium, from the lite bundle: it loads, runs the
 * host's query through run(), offers nothing that would save on the server, fits its box, and every refusal
 * (a token for dashboards only, a forged token) reaches the viewer as a panel and the host as bi-error, never
 * bi-ready.
 *
 * CI runs on 2 cores: every wait is on a condition, with generous timeouts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddingStage, type EmbeddingStage } from './support/embedding-stage';

const TIMEOUT = 120_000;
let stage: EmbeddingStage;
let examplesId: number;

beforeAll(async () => {
  stage = await startEmbeddingStage();
  const response = await fetch(`${stage.lumen.url}/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:examples)))`, {
    headers: { authorization: `Bearer ${stage.lumen.accessToken}` },
  });
  examplesId = ((await response.json()) as { result: { id: number }[] }).result[0]!.id;
}, TIMEOUT);

afterAll(async () => {
  await stage?.stop();
});

interface RecordedEvent {
  type: string;
  detail: Record<string, unknown>;
}

/** The host page (another origin than Lumen) with the lite bundle and one <bi-sqllab> 600 px high. */
async function openSqlLab(token: string, attributes: Record<string, string> = {}): Promise<Page> {
  const context = await stage.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await page.goto(`${stage.host.origin}/`);
  await page.evaluate(
    ({ apiUrl, token, attributes }) => {
      const events: RecordedEvent[] = [];
      (window as unknown as { events: RecordedEvent[] }).events = events;
      for (const type of ['bi-ready', 'bi-error', 'bi-query-success', 'bi-query-error']) {
        document.addEventListener(type, (event) => {
          const detail = (event as CustomEvent).detail as Record<string, unknown>;
          events.push({ type, detail: type === 'bi-error' ? { code: detail.code, source: detail.source, message: detail.message } : detail });
        });
      }
      document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: '/elements/bi-elements.lite.js' }));
      const element = document.createElement('bi-sqllab');
      element.style.cssText = 'display: block; height: 600px; margin-bottom: 40px';
      element.setAttribute('api-url', apiUrl);
      element.setAttribute('guest-token', token);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      document.body.append(element);
      document.body.append(Object.assign(document.createElement('p'), { id: 'below', textContent: 'Host content below' }));
    },
    { apiUrl: stage.lumen.url, token, attributes },
  );
  return page;
}

const eventsOf = (page: Page) => page.evaluate(() => (window as unknown as { events: RecordedEvent[] }).events);

async function waitForEvent(page: Page, type: string): Promise<RecordedEvent> {
  const handle = await page.waitForFunction((type) => (window as unknown as { events: RecordedEvent[] }).events.find((e) => e.type === type), type, { timeout: TIMEOUT });
  return (await handle.jsonValue()) as RecordedEvent;
}

describe('<bi-sqllab> with a guest SQL Lab grant, cross-origin', () => {
  it(
    'loads, runs the host query read-only, saves nothing on the server and stays inside its box',
    async () => {
      const token = await stage.host.mint({ resources: [{ type: 'sqllab', id: examplesId }], rls: [] });
      const page = await openSqlLab(token, { 'database-id': String(examplesId), sql: 'SELECT 42 AS answer' });
      await waitForEvent(page, 'bi-ready');
      const outcome = await page.evaluate(() => (document.querySelector('bi-sqllab') as HTMLElement & { run(): Promise<unknown> }).run());
      expect(outcome).toMatchObject({ state: 'success', rowCount: 1 });
      expect((await eventsOf(page)).filter((e) => e.type === 'bi-error')).toEqual([]);

      const sqlLab = page.locator('bi-sqllab');
      await expect.poll(() => sqlLab.getByRole('button', { name: 'Run' }).count(), { timeout: TIMEOUT }).toBe(1);
      for (const name of ['Save', 'Schedule', 'Copy link', 'Create dataset']) expect(await sqlLab.getByRole('button', { name, exact: true }).count(), name).toBe(0);

      const writing = await page.evaluate(async () => {
        const element = document.querySelector('bi-sqllab') as HTMLElement & { sql: string; run(): Promise<{ state: string }> };
        element.sql = 'CREATE TABLE stolen AS SELECT 1 AS x';
        return (await element.run()).state;
      });
      expect(writing).not.toBe('success');

      // Nothing of SQL Lab paints outside the element's 600 px box, over the host's content below it.
      const overflow = await page.evaluate(() => {
        const host = document.querySelector('bi-sqllab')!;
        const box = host.getBoundingClientRect();
        let bottom = box.top;
        for (const node of host.shadowRoot!.querySelectorAll('*')) {
          const rect = node.getBoundingClientRect();
          if (rect.height > 0 && getComputedStyle(node).visibility !== 'hidden') bottom = Math.max(bottom, rect.bottom);
        }
        return bottom - box.bottom;
      });
      expect(overflow).toBeLessThanOrEqual(1);
      await page.context().close();
    },
    TIMEOUT * 2,
  );

  it(
    'a token for dashboards only is refused: a panel for the viewer, bi-error for the host, no bi-ready',
    async () => {
      const token = await stage.host.mint({ resources: [{ type: 'dashboard', id: stage.sales.uuid }], rls: [] });
      const page = await openSqlLab(token);
      const error = await waitForEvent(page, 'bi-error');
      expect(error.detail).toMatchObject({ source: 'sqllab', code: 'HTTP_403' });
      await expect.poll(() => page.locator('bi-sqllab').getByRole('alert').count(), { timeout: TIMEOUT }).toBeGreaterThan(0);
      expect((await eventsOf(page)).some((e) => e.type === 'bi-ready')).toBe(false);
      await page.context().close();
    },
    TIMEOUT * 2,
  );

  it(
    'a forged token says TOKEN_INVALID to the viewer and the host',
    async () => {
      const token = await stage.host.mint({ resources: [{ type: 'sqllab', id: examplesId }], rls: [] });
      const page = await openSqlLab(`${token.slice(0, -4)}AAAA`);
      const error = await waitForEvent(page, 'bi-error');
      expect(error.detail.code).toBe('TOKEN_INVALID');
      const panel = page.locator('bi-sqllab').locator('[data-code="TOKEN_INVALID"]');
      await expect.poll(() => panel.count(), { timeout: TIMEOUT }).toBe(1);
      expect((await eventsOf(page)).some((e) => e.type === 'bi-ready')).toBe(false);
      await page.context().close();
    },
    TIMEOUT * 2,
  );
});
