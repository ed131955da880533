import { ClientError, createApiClient, type ApiClient } from '@lumen-bi/core';
import type { DashboardHandle } from '@lumen-bi/views';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attributeToProp, createElementBase } from './create-element-base';
import { DashboardController } from './dashboard-controller';
import { displayModeAttribute, uiConfigFromAttributes } from './dashboard-element-view';
import { booleanAttribute, dataMaskAttribute, isEmbeddedUuid, urlParamsAttribute, type AttributeValue } from './element-attributes';
import { BI_ERROR, BI_READY, emitElementEvent, hostOf, toErrorDetail } from './element-events';
import { resolveDashboardId } from './resolve-dashboard-id';

afterEach(() => document.body.replaceChildren());

interface ProbeProps {
  container?: ShadowRoot;
  apiUrl?: AttributeValue;
  hideTitle?: AttributeValue;
  extra?: unknown;
}

const renders: ProbeProps[] = [];
function Probe(props: ProbeProps) {
  renders.push(props);
  return <p className="probe">{`${props.apiUrl ?? 'none'}|${props.hideTitle === null ? 'null' : String(props.hideTitle)}|${booleanAttribute(props.hideTitle)}`}</p>;
}
const ProbeElement = createElementBase(Probe, ['api-url', 'hide-title']);
customElements.define('bi-probe', ProbeElement);

const text = (el: Element) => el.shadowRoot?.querySelector('.probe')?.textContent;

describe('createElementBase', () => {
  it('maps kebab-case attributes to props', () => {
    expect(attributeToProp('hide-title')).toBe('hideTitle');
    expect(attributeToProp('api-url')).toBe('apiUrl');
    expect(attributeToProp('theme')).toBe('theme');
  });

  it('passes raw attribute strings, bare booleans and removals into an open shadow root', async () => {
    renders.length = 0;
    const el = document.createElement('bi-probe') as InstanceType<typeof ProbeElement>;
    el.setAttribute('api-url', 'https://bi.example.com');
    el.setAttribute('hide-title', '');
    // Nothing renders (and nothing fetches) before the element is in a document.
    expect(renders).toHaveLength(0);
    document.body.append(el);
    await vi.waitFor(() => expect(text(el)).toBe('https://bi.example.com||true'));
    expect(el.shadowRoot?.mode).toBe('open');
    expect(renders.at(-1)?.container).toBe(el.shadowRoot);

    el.setAttribute('hide-title', 'false');
    await vi.waitFor(() => expect(text(el)).toBe('https://bi.example.com|false|false'));
    el.removeAttribute('hide-title');
    await vi.waitFor(() => expect(text(el)).toBe('https://bi.example.com|null|false'));
  });

  it('sets property-only props', async () => {
    const el = document.createElement('bi-probe') as InstanceType<typeof ProbeElement>;
    const value = { a: 1 };
    el.setElementProp('extra', value);
    document.body.append(el);
    await vi.waitFor(() => expect(renders.at(-1)?.extra).toBe(value));
    expect(el.getElementProp('extra')).toBe(value);
  });
});

describe('attributes', () => {
  it('reads boolean attributes like HTML, with explicit false spellings', () => {
    expect(booleanAttribute('')).toBe(true);
    expect(booleanAttribute('hide-title')).toBe(true);
    for (const off of ['false', 'FALSE', '0', 'no', 'off', ' off ']) expect(booleanAttribute(off), off).toBe(false);
    expect(booleanAttribute(null)).toBe(false);
    expect(booleanAttribute(undefined, true)).toBe(true);
  });

  it('turns the dashboard attributes into the view flags', () => {
    expect(uiConfigFromAttributes({ hideTitle: '', hideTab: 'true', hideChartControls: null, emitDataMasks: 'false' })).toEqual({
      hideTitle: true,
      hideTab: true,
      hideNav: false,
      hideChartControls: false,
      filtersVisible: true,
      filtersExpanded: true,
      emitDataMasks: false,
      showRowLimitWarning: false,
    });
    expect(displayModeAttribute('hide-nav-and-title')).toBe('hideNavAndTitle');
    expect(displayModeAttribute('bogus')).toBe('none');
  });

  it('parses JSON attributes and names the attribute when they are invalid', () => {
    expect(urlParamsAttribute('{"country":"FR","n":2}')).toEqual({ country: 'FR', n: '2' });
    expect(urlParamsAttribute('')).toBeUndefined();
    expect(() => urlParamsAttribute('[1]')).toThrow('url-params');
    expect(() => dataMaskAttribute('{nope')).toThrow(/^data-mask: not valid JSON/);
  });
});

describe('element events', () => {
  it('bubble and cross the shadow boundary (composed)', () => {
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('span');
    root.append(inner);
    document.body.append(host);
    const seen: CustomEvent[] = [];
    document.body.addEventListener(BI_READY, (event) => seen.push(event as CustomEvent));
    emitElementEvent(inner, BI_READY, { element: 'bi-chart', chartId: 4 });
    expect(seen).toHaveLength(1);
    expect(seen[0].bubbles && seen[0].composed).toBe(true);
    expect(seen[0].detail).toEqual({ element: 'bi-chart', chartId: 4 });
    expect(hostOf(root)).toBe(host);
    expect(() => emitElementEvent(null, BI_ERROR, {})).not.toThrow();
  });

  it('describe API failures with HTTP codes', () => {
    expect(toErrorDetail(new ClientError({ kind: 'http', status: 401, message: 'Unauthorized' }), 'dashboard')).toMatchObject({ source: 'dashboard', code: 'HTTP_401', status: 401 });
    expect(toErrorDetail(new ClientError({ kind: 'network', message: 'offline' }), 'chart').code).toBe('NETWORK');
    expect(toErrorDetail('boom', 'resolve')).toMatchObject({ code: 'ERROR', message: 'boom' });
  });
});

describe('resolveDashboardId', () => {
  const UUID = '5b0c9d3e-1111-4222-8333-444455556666';

  it('resolves an embedded uuid through the public endpoint and keeps ids and slugs', async () => {
    const fetch = vi.fn(async (url: string) => {
      expect(url).toBe(`https://bi.example.com/api/v1/embedded_dashboard/${UUID}`);
      return new Response(JSON.stringify({ result: { uuid: UUID, dashboard_id: '7', allowed_domains: [] } }), { headers: { 'content-type': 'application/json' } });
    });
    const api: ApiClient = createApiClient({ baseUrl: 'https://bi.example.com', auth: { kind: 'guest', token: 't' }, fetch: fetch as never });
    expect(isEmbeddedUuid(UUID)).toBe(true);
    expect(await resolveDashboardId(api, ` ${UUID} `)).toBe('7');
    expect(await resolveDashboardId(api, '12')).toBe('12');
    expect(await resolveDashboardId(api, 'sales')).toBe('sales');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('DashboardController', () => {
  function fakeHandle(id: number) {
    const listeners = new Set<(status: string) => void>();
    let status = 'loading';
    const applied: unknown[] = [];
    const handle = {
      setDataMask: (mask: unknown) => applied.push(mask),
      getDataMask: () => ({ live: true }),
      getActiveTabs: () => ['TAB-1'],
      createPermalink: async () => 'https://bi.example.com/p/k/',
      store: {
        info: { value: { id } },
        status: {
          subscribe(fn: (value: string) => void) {
            listeners.add(fn);
            fn(status);
            return () => listeners.delete(fn);
          },
        },
      },
    } as unknown as DashboardHandle;
    return { handle, applied, setStatus: (next: string) => ((status = next), listeners.forEach((fn) => fn(next))), listeners };
  }

  it('keeps masks until the dashboard is ready, then applies them and reports ready once', async () => {
    const ready: (number | undefined)[] = [];
    const controller = new DashboardController({ onReady: (id) => ready.push(id) });
    controller.setDataMask({ 'NATIVE_FILTER-1': { filterState: { value: ['FR'] } } });
    expect(controller.getDataMask()).toEqual({ 'NATIVE_FILTER-1': { filterState: { value: ['FR'] } } });
    await expect(controller.createPermalink()).rejects.toThrow('not loaded');
    const fake = fakeHandle(7);
    controller.attach(fake.handle);
    expect(controller.isReady).toBe(false);
    fake.setStatus('ready');
    fake.setStatus('ready');
    expect(ready).toEqual([7]);
    expect(fake.applied).toEqual([{ 'NATIVE_FILTER-1': { filterState: { value: ['FR'] } } }]);
    expect(controller.getDataMask()).toEqual({ live: true });
    expect(controller.getActiveTabs()).toEqual(['TAB-1']);
    controller.attach(null);
    expect(fake.listeners.size).toBe(0);
    expect(controller.isReady).toBe(false);
  });
});
