/**
 * Issue 21 in real Chromium: `<bi-dashboard locale="de">` beside `<bi-chart locale="es">` on one host page
 * (another origin than Lumen), each showing its texts in its own locale; the dashboard switched to French at
 * runtime while the chart stays Spanish; only the catalogues of the locales shown are downloaded.
 *
 * The first translated slice is the elements' own texts and failure panels, so each element gets an expired
 * guest token and shows its failure headline.
 */
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddingStage, type EmbeddingStage } from './support/embedding-stage';

const SECRET = 'e2e-i18n-elements-secret-key-0123456789';
const WAIT = 90_000;

let stage: EmbeddingStage;
let expiredToken: string;

/** A guest token for the Sales Dashboard that expired ten minutes ago, signed as the server signs them. */
function signExpired(audience: string): Promise<string> {
  const key = new Uint8Array(createHmac('sha256', SECRET).update('guest-token').digest());
  const now = Math.floor(Date.now() / 1000);
  const claims = { user: { username: 'guest@host', first_name: 'G', last_name: 'V' }, resources: [{ type: 'dashboard', id: stage.sales.uuid }], rls_rules: [], type: 'guest' };
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now - 1_000).setExpirationTime(now - 600).setAudience(audience).sign(key);
}

beforeAll(async () => {
  stage = await startEmbeddingStage({ env: { LUMEN_SECRET_KEY: SECRET } });
  expiredToken = await signExpired(new URL(stage.server.url).host);
}, 240_000);

afterAll(async () => {
  await stage?.stop();
});

/** The host page with the elements' lite bundle, and every locale chunk the page requests. */
async function openHostPage(context: BrowserContext): Promise<{ page: Page; localeChunks: string[] }> {
  const page = await context.newPage();
  const localeChunks: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (file.startsWith('locale-')) localeChunks.push(file.replace(/-lite-.*$/, ''));
  });
  await page.goto(`${stage.host.origin}/`);
  await page.addScriptTag({ url: '/elements/bi-elements.lite.js', type: 'module' });
  await page.waitForFunction(() => Boolean(customElements.get('bi-dashboard') && customElements.get('bi-chart')), undefined, { timeout: WAIT });
  return { page, localeChunks };
}

/** Adds an element with the given attributes to the host page. */
async function addElement(page: Page, tag: 'bi-dashboard' | 'bi-chart', attributes: Record<string, string>): Promise<void> {
  await page.evaluate(
    ({ tag, attributes }) => {
      const element = document.createElement(tag);
      element.style.display = 'block';
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      document.body.append(element);
    },
    { tag, attributes },
  );
}

/** The text of an element's failure panel once it reads `expected`. */
async function panelText(page: Page, id: string, expected: string): Promise<string> {
  const panel = page.locator(`#${id} .bi-element__failure[data-code="TOKEN_EXPIRED"]`);
  await panel.filter({ hasText: expected }).waitFor({ timeout: WAIT });
  return panel.innerText();
}

describe('elements in their locale attribute', () => {
  it('shows a German dashboard beside a Spanish chart, and switches the dashboard to French at runtime', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US' });
    try {
      const { page, localeChunks } = await openHostPage(context);
      const common = { 'api-url': stage.server.url, 'guest-token': expiredToken };
      await addElement(page, 'bi-dashboard', { ...common, id: 'dashboard', 'dashboard-id': stage.sales.uuid, locale: 'de' });
      await addElement(page, 'bi-chart', { ...common, id: 'chart', 'chart-id': '1', locale: 'es' });
      await addElement(page, 'bi-chart', { id: 'unset', locale: 'pt_BR' });

      expect(await panelText(page, 'dashboard', 'Das Gast-Token ist abgelaufen.')).toMatch(/^Das Gast-Token ist abgelaufen\./);
      expect(await panelText(page, 'chart', 'El token de invitado ha caducado.')).toMatch(/^El token de invitado ha caducado\./);
      // pt-BR has no entry of its own for this one: it reads the European Portuguese text, not English.
      await page.locator('#unset').getByText('Defina o atributo chart-id.').waitFor({ timeout: WAIT });
      expect(await page.locator('#dashboard .bi-element').getAttribute('lang')).toBe('de');

      await page.evaluate(() => document.getElementById('dashboard')!.setAttribute('locale', 'fr'));
      expect(await panelText(page, 'dashboard', 'Le jeton invité a expiré.')).toMatch(/^Le jeton invité a expiré\./);
      expect(await panelText(page, 'chart', 'El token de invitado ha caducado.')).toMatch(/^El token de invitado ha caducado\./);
      expect(await page.locator('#dashboard .bi-element').getAttribute('lang')).toBe('fr');

      // The loader, then one catalogue per locale shown, on demand: never the other nine.
      expect([...new Set(localeChunks)].sort()).toEqual(['locale-de', 'locale-es', 'locale-fr', 'locale-loader', 'locale-pt', 'locale-pt-BR']);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('downloads no catalogue for an English element', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 1200, height: 900 } });
    try {
      const { page, localeChunks } = await openHostPage(context);
      await addElement(page, 'bi-chart', { 'api-url': stage.server.url, 'guest-token': expiredToken, id: 'english', 'chart-id': '1' });
      expect(await panelText(page, 'english', 'The guest token has expired.')).toMatch(/^The guest token has expired\./);
      expect(localeChunks).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
