import { afterEach, describe, expect, it } from 'vitest';
import { BiEmbedElement } from './bi-embed-element';
import { embedChart } from './embed-chart';
import { embedDashboard } from './embed-dashboard';
import { embedLocaleParam } from './embed-locale';

afterEach(() => document.body.replaceChildren());

function mountPoint(): HTMLElement {
  const div = document.createElement('div');
  document.body.append(div);
  return div;
}

const options = (locale: unknown) => ({ id: 'u', domain: 'https://bi.example.com', mountPoint: mountPoint(), fetchGuestToken: async () => 'token', locale: locale as string, connectTimeoutMs: 0 });

describe('the locale option of the iframe SDK', () => {
  it("accepts the spec's 14 locales in the elements' spellings", () => {
    expect(embedLocaleParam('de')).toBe('de');
    expect(embedLocaleParam('pt-BR')).toBe('pt_BR');
    expect(embedLocaleParam(' PT_br ')).toBe('pt_BR');
    expect(embedLocaleParam(undefined)).toBeUndefined();
  });

  it("puts the locale in the embedded dashboard's and chart's iframe URL", async () => {
    const dashboard = options('de');
    void embedDashboard(dashboard).catch(() => undefined);
    await Promise.resolve();
    expect(new URL(dashboard.mountPoint.querySelector('iframe')!.src).searchParams.get('locale')).toBe('de');
    const chart = { ...options('pt_BR'), id: '42' };
    void embedChart(chart).catch(() => undefined);
    await Promise.resolve();
    expect(new URL(chart.mountPoint.querySelector('iframe')!.src).searchParams.get('locale')).toBe('pt_BR');
  });

  it('leaves the URL without a locale when the option is absent', async () => {
    const dashboard = options(undefined);
    void embedDashboard(dashboard).catch(() => undefined);
    await Promise.resolve();
    expect(new URL(dashboard.mountPoint.querySelector('iframe')!.src).searchParams.has('locale')).toBe(false);
  });

  it('rejects a locale outside the spec with INVALID_OPTIONS, mounting nothing', async () => {
    const bad = options('xx');
    await expect(embedDashboard(bad)).rejects.toMatchObject({ code: 'INVALID_OPTIONS', message: expect.stringContaining('"xx"') });
    expect(bad.mountPoint.querySelector('iframe')).toBeNull();
    await expect(embedChart({ ...options(42), id: 1 })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });

  it("reports <bi-embed>'s bad locale attribute as a bi-error", async () => {
    if (!customElements.get('bi-embed')) customElements.define('bi-embed', BiEmbedElement);
    const element = document.createElement('bi-embed') as BiEmbedElement;
    const errors: string[] = [];
    element.addEventListener('bi-error', (event) => errors.push((event as CustomEvent<{ error: { code: string } }>).detail.error.code));
    element.setAttribute('dashboard-id', 'u');
    element.setAttribute('domain', 'https://bi.example.com');
    element.setAttribute('guest-token-url', '/token');
    element.setAttribute('locale', 'klingon');
    document.body.append(element);
    await expect.poll(() => errors).toEqual(['INVALID_OPTIONS']);
  });
});
