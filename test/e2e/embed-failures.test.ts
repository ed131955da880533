/**
 * Every embedding failure is visible, in real Chromium, on both routes, with a code naming the cause: the
 * host gets it (embedDashboard rejects, <bi-embed> fires bi-error and never bi-ready, <bi-dashboard> and
 * <bi-chart> fire bi-error) and the viewer reads it in an error panel, never an endless "Loading…".
 * Causes: expired token, forged token, audience mismatch (both audiences named), unknown uuid, host origin
 * not allowed, server unreachable. The host page is on another origin than Lumen, as in embedding.test.ts.
 *
 * One Lumen server and one browser for the file; each route's causes run side by side in one page.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbedHost } from './support/embed-host';
import { startEmbeddingStage, type EmbeddingStage } from './support/embedding-stage';
import { freePort } from './support/free-port';
import type { LumenServer } from './support/lumen-server';

const SECRET = 'e2e-embed-failures-secret-key-0123456789';
/** Slow CI: the embedded page's first load, then the failure's own round trips. */
const WAIT = 90_000;
const TEST_TIMEOUT = 180_000;
/** The SDK's wait for the Lumen page before it diagnoses why it never started (default 15 s). */
const CONNECT_TIMEOUT_MS = 8_000;

let stage: EmbeddingStage | undefined;
let server: LumenServer;
let browser: Browser;
let host: EmbedHost;
let sales: { id: number; uuid: string };
let deadUrl: string;
/** Tokens by cause; `valid` for the causes that are not about the token. */
let tokens: Record<'valid' | 'expired' | 'forged' | 'audience', string>;

/** Signs a guest token as the server does (HS256 with HMAC(secret, 'guest-token')). */
function sign(options: { secret?: string; audience: string; issuedAt: number; expiresAt: number }): Promise<string> {
  const key = new Uint8Array(createHmac('sha256', options.secret ?? SECRET).update('guest-token').digest());
  const claims = { user: { username: 'guest@host', first_name: 'G', last_name: 'V' }, resources: [{ type: 'dashboard', id: sales.uuid }], rls_rules: [], type: 'guest' };
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(options.issuedAt).setExpirationTime(options.expiresAt).setAudience(options.audience).sign(key);
}

beforeAll(async () => {
  stage = await startEmbeddingStage({ env: { LUMEN_SECRET_KEY: SECRET } });
  ({ server, browser, host, sales } = stage);
  deadUrl = `http://127.0.0.1:${await freePort()}`;
  const now = Math.floor(Date.now() / 1000);
  // Without a configured audience the server expects the host it is reached at.
  const audience = new URL(server.url).host;
  tokens = {
    valid: await host.mint({ resources: [{ type: 'dashboard', id: sales.uuid }], rls: [] }),
    expired: await sign({ audience, issuedAt: now - 1_000, expiresAt: now - 600 }),
    forged: await sign({ secret: 'not-the-server-secret', audience, issuedAt: now, expiresAt: now + 600 }),
    audience: await sign({ audience: 'wrong-audience.example', issuedAt: now, expiresAt: now + 600 }),
  };
}, 240_000);

afterAll(async () => {
  await stage?.stop();
});

interface Case {
  name: string;
  token: keyof typeof tokens;
  domain?: 'dead';
  uuid?: 'unknown';
  code: string;
  /** What the viewer reads in the panel. */
  panel: RegExp;
}

const TOKEN_CASES: Case[] = [
  { name: 'expired', token: 'expired', code: 'TOKEN_EXPIRED', panel: /guest token has expired/i },
  { name: 'forged', token: 'forged', code: 'TOKEN_INVALID', panel: /guest token is invalid/i },
  { name: 'audience', token: 'audience', code: 'AUDIENCE_MISMATCH', panel: /wrong-audience\.example.*127\.0\.0\.1/ },
];
const SAME_ORIGIN_CASES: Case[] = [
  ...TOKEN_CASES,
  { name: 'unknown', token: 'valid', uuid: 'unknown', code: 'NOT_FOUND', panel: /does not exist/i },
  { name: 'down', token: 'valid', domain: 'dead', code: 'NETWORK', panel: /cannot be reached/i },
];
const REFUSED: Case = { name: 'refused', token: 'valid', code: 'ORIGIN_NOT_ALLOWED', panel: /not allowed to embed/i };

async function openPage(origin: string, script: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.evaluate((src) => {
    (window as unknown as { results: Record<string, unknown[]> }).results = {};
    const tag = document.createElement('script');
    if (src.endsWith('.iife.js')) tag.src = src;
    else {
      tag.type = 'module';
      tag.src = src;
    }
    document.head.append(tag);
  }, script);
  return { context, page };
}

/** The events / outcome recorded for one case: [{type, code, message}]. */
async function outcome(page: Page, id: string): Promise<{ type: string; code?: string; message?: string }[]> {
  await page.waitForFunction((id) => ((window as unknown as { results: Record<string, unknown[]> }).results[id] ?? []).length > 0, id, { timeout: WAIT });
  // A bi-ready after the error would be a lie: give it a moment to (not) come.
  await page.waitForTimeout(500);
  return page.evaluate((id) => (window as unknown as { results: Record<string, { type: string; code?: string; message?: string }[]> }).results[id], id);
}

const caseArgs = (c: Case) => ({
  id: c.name,
  token: tokens[c.token],
  domain: c.domain === 'dead' ? deadUrl : server.url,
  uuid: c.uuid === 'unknown' ? randomUUID() : sales.uuid,
  connectTimeoutMs: CONNECT_TIMEOUT_MS,
});

/** embedDashboard (IIFE) into #e-<id> and <bi-embed> into #b-<id>; outcomes in results['e-<id>'] / ['b-<id>']. */
async function embedBoth(page: Page, c: Case): Promise<void> {
  await page.evaluate(({ id, token, domain, uuid, connectTimeoutMs }) => {
    const w = window as unknown as { results: Record<string, unknown[]>; LumenEmbed: { embedDashboard(o: unknown): Promise<unknown> } };
    const record = (key: string, entry: unknown) => (w.results[key] ??= []).push(entry);
    const mount = document.createElement('div');
    mount.id = `e-${id}`;
    mount.style.height = '300px';
    document.body.append(mount);
    w.LumenEmbed.embedDashboard({ id: uuid, domain, mountPoint: mount, connectTimeoutMs, fetchGuestToken: async () => token, onError: () => undefined }).then(
      () => record(`e-${id}`, { type: 'resolved' }),
      (error: { code: string; message: string }) => record(`e-${id}`, { type: 'rejected', code: error.code, message: error.message }),
    );
    const el = document.createElement('bi-embed') as HTMLElement & { fetchGuestToken: () => Promise<string> };
    el.id = `b-${id}`;
    el.style.cssText = 'display:block;height:300px';
    el.fetchGuestToken = async () => token;
    el.setAttribute('dashboard-id', uuid);
    el.setAttribute('domain', domain);
    el.setAttribute('connect-timeout', String(connectTimeoutMs));
    el.addEventListener('bi-ready', () => record(`b-${id}`, { type: 'bi-ready' }));
    el.addEventListener('bi-error', (e) => {
      const error = (e as CustomEvent<{ error: { code: string; message: string } }>).detail.error;
      record(`b-${id}`, { type: 'bi-error', code: error.code, message: error.message });
    });
    document.body.append(el);
  }, caseArgs(c));
}

/** The panel the viewer sees for an iframe embed: the Lumen page's, or the host SDK's when the page never ran. */
async function iframePanelText(page: Page, container: string, code: string): Promise<string> {
  const inFrame = page.frameLocator(`${container} iframe`).locator(`[role="alert"][data-code="${code}"]`);
  const onHost = page.locator(`${container} [role="alert"][data-code="${code}"]`);
  await expect.poll(async () => (await inFrame.count()) + (await onHost.count()), { timeout: WAIT }).toBeGreaterThan(0);
  return (await onHost.count()) ? onHost.innerText() : inFrame.innerText();
}

async function expectIframeFailure(page: Page, c: Case): Promise<void> {
  const sdk = await outcome(page, `e-${c.name}`);
  expect(sdk, c.name).toEqual([{ type: 'rejected', code: c.code, message: expect.any(String) }]);
  const element = await outcome(page, `b-${c.name}`);
  expect(element, c.name).toEqual([{ type: 'bi-error', code: c.code, message: expect.any(String) }]);
  if (c.code === 'AUDIENCE_MISMATCH') expect(sdk[0].message).toMatch(/wrong-audience\.example.*127\.0\.0\.1/);
  expect(await iframePanelText(page, `#e-${c.name}`, c.code), c.name).toMatch(c.panel);
  // <bi-embed> renders its iframe (or the host panel) in its shadow root; Playwright's locators pierce it.
  expect(await iframePanelText(page, `#b-${c.name}`, c.code), c.name).toMatch(c.panel);
}

describe('iframe route: embedDashboard rejects, <bi-embed> fires bi-error, the viewer sees the panel', () => {
  it('for an expired, forged or other-audience token, an unknown uuid and a server that is down', async () => {
    const { context, page } = await openPage(host.origin, '/embed/lumen-embed.iife.js');
    try {
      await page.evaluate(() => {
        const tag = document.createElement('script');
        tag.type = 'module';
        tag.src = '/embed/lumen-embed-define.js';
        document.head.append(tag);
      });
      await page.waitForFunction(() => 'LumenEmbed' in window && Boolean(customElements.get('bi-embed')), undefined, { timeout: WAIT });
      for (const c of SAME_ORIGIN_CASES) await embedBoth(page, c);
      for (const c of SAME_ORIGIN_CASES) await expectIframeFailure(page, c);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it('for a host page whose origin is not an allowed domain', async () => {
    const { context, page } = await openPage(host.otherOrigin, '/embed/lumen-embed.iife.js');
    try {
      await page.evaluate(() => {
        const tag = document.createElement('script');
        tag.type = 'module';
        tag.src = '/embed/lumen-embed-define.js';
        document.head.append(tag);
      });
      await page.waitForFunction(() => 'LumenEmbed' in window && Boolean(customElements.get('bi-embed')), undefined, { timeout: WAIT });
      await embedBoth(page, REFUSED);
      await expectIframeFailure(page, REFUSED);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});

/** <bi-dashboard> (or <bi-chart>) with the case's token; its events in results[<id>]. */
async function addInline(page: Page, c: Case, tag: 'bi-dashboard' | 'bi-chart' = 'bi-dashboard', chartId?: number): Promise<void> {
  await page.evaluate(
    ({ id, token, domain, uuid, tag, chartId }) => {
      const w = window as unknown as { results: Record<string, unknown[]> };
      const el = document.createElement(tag);
      el.id = id;
      el.style.display = 'block';
      el.setAttribute('api-url', domain);
      el.setAttribute('guest-token', token);
      if (tag === 'bi-chart') el.setAttribute('chart-id', String(chartId));
      else el.setAttribute('dashboard-id', uuid);
      for (const type of ['bi-ready', 'bi-error']) {
        el.addEventListener(type, (e) => {
          const detail = (e as CustomEvent<{ code?: string; message?: string }>).detail;
          (w.results[id] ??= []).push({ type, ...(type === 'bi-error' ? { code: detail.code, message: detail.message } : {}) });
        });
      }
      document.body.append(el);
    },
    { ...caseArgs(c), id: tag === 'bi-chart' ? `chart-${c.name}` : c.name, tag, chartId },
  );
}

async function expectInlineFailure(page: Page, id: string, c: Case): Promise<void> {
  const events = await outcome(page, id);
  expect(events.map((e) => e.type), id).not.toContain('bi-ready');
  expect(events[0], id).toMatchObject({ type: 'bi-error', code: c.code });
  const panel = page.locator(`#${id} .bi-element__failure[data-code="${c.code}"]`);
  await panel.waitFor({ timeout: WAIT });
  expect(await panel.innerText(), id).toMatch(c.panel);
  expect(await page.locator(`#${id} [aria-busy="true"]`).count(), id).toBe(0);
}

describe('inline route: <bi-dashboard> and <bi-chart> fire bi-error and replace "Loading…" with the panel', () => {
  it('for an expired, forged or other-audience token, an unknown uuid and a server that is down', async () => {
    const { context, page } = await openPage(host.origin, '/elements/bi-elements.lite.js');
    try {
      await page.waitForFunction(() => Boolean(customElements.get('bi-dashboard')), undefined, { timeout: WAIT });
      for (const c of SAME_ORIGIN_CASES) await addInline(page, c);
      await addInline(page, TOKEN_CASES[0], 'bi-chart', 1);
      for (const c of SAME_ORIGIN_CASES) await expectInlineFailure(page, c.name, c);
      await expectInlineFailure(page, 'chart-expired', TOKEN_CASES[0]);
      // The host answers TOKEN_EXPIRED with a fresh token: the panel goes and the dashboard loads.
      await page.evaluate((token) => document.getElementById('expired')!.setAttribute('guest-token', token), tokens.valid);
      await page.waitForFunction(() => (window as unknown as { results: Record<string, { type: string }[]> }).results.expired.some((e) => e.type === 'bi-ready'), undefined, { timeout: WAIT });
      expect(await page.locator('#expired .bi-element__failure').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it('for a host page whose origin is not an allowed domain', async () => {
    const { context, page } = await openPage(host.otherOrigin, '/elements/bi-elements.lite.js');
    try {
      await page.waitForFunction(() => Boolean(customElements.get('bi-dashboard')), undefined, { timeout: WAIT });
      await addInline(page, REFUSED);
      await expectInlineFailure(page, REFUSED.name, REFUSED);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});
