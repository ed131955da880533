import type { QueryFormData } from '@lumen-bi/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { piePlugin } from '../plugins/pie/index';
import type { ChartInstance } from '../types';
import { DRILL_POINT_EVENT, type DrillPointDetail } from './drill-point';
import { RENDERED_EVENT } from './mount';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const formData: QueryFormData = { datasource: '1__table', viz_type: 'pie', groupby: ['product_line'], metric: 'count' };
const data = [{ product_line: 'Cars', count: 60 }, { product_line: 'Ships', count: 40 }];
let mounted: { el: HTMLElement; chart: ChartInstance<object> } | null = null;
afterEach(() => {
  mounted?.chart.destroy();
  mounted?.el.remove();
  mounted = null;
});

async function mountPie(): Promise<HTMLElement> {
  const el = document.createElement('div');
  document.body.append(el);
  const rendered = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
  const props = { ...piePlugin.transformProps({ formData, queriesData: [{ ...meta, data, rowcount: 2 }], width: 300, height: 300 }), onCrossFilter: vi.fn() };
  mounted = { el, chart: piePlugin.render(el, props) as ChartInstance<object> };
  await rendered;
  return el;
}

const rightClick = (el: Element) => {
  const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 12, clientY: 34 });
  el.dispatchEvent(event);
  return event;
};

describe('drill to detail by a data point', () => {
  it("a right-click on a pie slice offers its column and value; the browser's menu stays unless a host takes it", async () => {
    const el = await mountPie();
    const offers: DrillPointDetail[] = [];
    const take = (event: Event) => {
      offers.push((event as CustomEvent<DrillPointDetail>).detail);
      event.preventDefault();
    };
    const ships = el.querySelector('path[aria-label="Filter by Ships"]')!;
    expect(rightClick(ships).defaultPrevented).toBe(false);
    el.addEventListener(DRILL_POINT_EVENT, take);
    expect(rightClick(ships).defaultPrevented).toBe(true);
    expect(offers).toEqual([{ column: 'product_line', value: 'Ships', label: 'Ships', clientX: 12, clientY: 34 }]);
  });
});
