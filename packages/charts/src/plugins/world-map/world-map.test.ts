import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it, vi } from 'vitest';
import { mount, result } from '../svg-common/test-support';
import { findCountry } from './countries';
import { worldMapPlugin } from './index';
import { clampView, viewAfterKey, zoomAbout } from '../../shared/geo/zoom';

// The example bundle's COVID Vaccines "Vaccine Candidates per Country" (world_map, countries by name).
const secondary = {
  aggregate: 'COUNT', column: { column_name: 'country_name', type: 'TEXT' }, expressionType: 'SIMPLE', hasCustomLabel: false, label: 'COUNT(Country_Name)', sqlExpression: null,
};
const formData = {
  adhoc_filters: [], color_picker: { a: 1, b: 135, g: 122, r: 0 }, country_fieldtype: 'name', datasource: '14__table', entity: 'country_name',
  linear_color_scheme: 'schemeYlOrBr', max_bubble_size: '25', metric: 'count', row_limit: 10000, secondary_metric: secondary, show_bubbles: true,
  time_range: 'No filter', viz_type: 'world_map',
} as unknown as QueryFormData;
const rows = result([
  { country_name: 'United States', count: 40, 'COUNT(Country_Name)': 40 },
  { country_name: 'france', count: 10, 'COUNT(Country_Name)': 10 },
  { country_name: 'Germany', count: 20, 'COUNT(Country_Name)': 20 },
  { country_name: 'Atlantis', count: 5, 'COUNT(Country_Name)': 5 },
  { country_name: null, count: 1, 'COUNT(Country_Name)': 1 },
]);
const input = (fd: QueryFormData = formData, data = rows) => ({ formData: fd, queriesData: [data], width: 800, height: 450 });

describe('world_map', () => {
  it('buildQuery: grouped by the country column, the metric and the bubble metric', () => {
    const query = worldMapPlugin.buildQuery(formData).queries[0];
    expect(query).toMatchObject({ columns: ['country_name'], metrics: ['count', secondary], row_limit: 10000 });
    expect(worldMapPlugin.buildQuery({ ...formData, secondary_metric: 'count', sort_by_metric: true }).queries[0]).toMatchObject({ metrics: ['count'], orderby: [['count', false]] });
    expect(() => worldMapPlugin.buildQuery({ ...formData, metric: undefined })).toThrow('Metric cannot be empty');
    expect(() => worldMapPlugin.buildQuery({ ...formData, entity: undefined })).toThrow('Country Column cannot be empty');
  });

  it('countries: matched by cca2, cca3 or any English name, ignoring case', () => {
    expect(findCountry('cca2', 'fr')).toEqual({ cca2: 'FR', cca3: 'FRA', numeric: '250', name: 'France' });
    expect(findCountry('cca3', 'DEU')?.numeric).toBe('276');
    expect(findCountry('name', 'United States of America')?.cca3).toBe('USA');
    expect(findCountry('name', 'usa')?.cca2).toBe('US');
    expect(findCountry('name', 'Atlantis')).toBeUndefined();
    // Survey data's spellings: no accent, '&' for 'and'.
    expect([findCountry('name', 'Curacao')?.cca2, findCountry('name', 'Trinidad & Tobago')?.cca2]).toEqual(['CW', 'TT']);
    expect(findCountry('cca2', 'XX')).toBeUndefined();
  });

  it('transformProps: countries by name, coloured on the metric, bubbles sized by the secondary metric, unknown codes counted', () => {
    const props = worldMapPlugin.transformProps(input());
    expect(props.countries.map((c) => [c.cca3, c.value, c.entityValue])).toEqual([['USA', 40, 'United States'], ['FRA', 10, 'france'], ['DEU', 20, 'Germany']]);
    expect(props.skipped).toBe(2);
    // The saved schemeYlOrBr ramp, lightest for the smallest value; an unknown scheme falls back to the default ramp.
    expect(props.countries[1].fill).toBe('rgb(255,255,229)');
    expect(props.countries[0].fill).toBe('rgb(102,37,6)');
    expect(worldMapPlugin.transformProps(input({ ...formData, linear_color_scheme: 'preset_div_1' })).countries[1].fill).toBe('rgb(230,246,249)');
    expect(props.countries[0].radius).toBe(25);
    expect(props.countries[1].radius).toBeCloseTo(25 * Math.sqrt(0.25));
    expect(props.bubbleColor).toBe('rgba(0,122,135,1)');
    expect(props.legend).toMatchObject({ minLabel: '10', maxLabel: '40' });
    expect(props.legend?.stops).toHaveLength(9);
    expect(props.ariaLabel).toBe('World map of count by country_name: 3 countries, highest United States of America 40, Germany 20, France 10');
  });

  it('transformProps: cca2 and cca3 codes, colour by country, bad form data named', () => {
    const codes = result([{ iso: 'BR', count: 3 }, { iso: 'IN', count: 4 }], ['iso', 'count']);
    const byCode = worldMapPlugin.transformProps(input({ ...formData, entity: 'iso', country_fieldtype: 'cca2', secondary_metric: undefined, color_by: 'country' }, codes));
    expect(byCode.countries.map((c) => c.name)).toEqual(['Brazil', 'India']);
    expect(byCode.legend).toBeNull();
    expect(byCode.countries[0].fill).not.toBe(byCode.countries[1].fill);
    const alpha3 = result([{ iso: 'bra', count: 3 }], ['iso', 'count']);
    expect(worldMapPlugin.transformProps(input({ ...formData, entity: 'iso', country_fieldtype: 'cca3', secondary_metric: undefined }, alpha3)).countries[0].numeric).toBe('076');
    expect(() => worldMapPlugin.transformProps(input({ ...formData, country_fieldtype: 'fips' }))).toThrow('Country field type "fips" is not supported: choose one of cca2, cca3, name');
    expect(() => worldMapPlugin.transformProps(input({ ...formData, entity: 'country' }))).toThrow('Column "country" is not in the query result');
  });

  it('zoom: about a point, clamped to the map, and by keys', () => {
    expect(zoomAbout({ x: 0, y: 0, k: 1 }, 2, 100, 50, 400, 200)).toEqual({ x: -100, y: -50, k: 2 });
    expect(zoomAbout({ x: 0, y: 0, k: 1 }, 0.5, 100, 50, 400, 200)).toEqual({ x: 0, y: 0, k: 1 });
    expect(clampView({ x: 50, y: -900, k: 2 }, 400, 200)).toEqual({ x: 0, y: -200, k: 2 });
    expect(viewAfterKey({ x: -100, y: -50, k: 2 }, 'ArrowLeft', 400, 200)).toEqual({ x: -60, y: -50, k: 2 });
    expect(viewAfterKey({ x: -100, y: -50, k: 2 }, '0', 400, 200)).toEqual({ x: 0, y: 0, k: 1 });
    expect(viewAfterKey({ x: 0, y: 0, k: 1 }, 'a', 400, 200)).toBeNull();
  });

  it('render: every country outlined, data countries focusable and named, bubbles, legend, skipped rows, tooltip, zoom keys', async () => {
    const { el, chart } = await mount(worldMapPlugin, worldMapPlugin.transformProps(input()));
    expect(el.querySelectorAll('path.bi-world-map-land').length).toBeGreaterThan(150);
    const data = [...el.querySelectorAll<SVGPathElement>('path.bi-world-map-country')];
    expect(data.map((p) => p.getAttribute('aria-label')).sort()).toEqual(['France: count 10', 'Germany: count 20', 'United States of America: count 40']);
    expect(data.every((p) => p.getAttribute('tabindex') === '0')).toBe(true);
    expect(el.querySelectorAll('.bi-world-map-bubbles circle').length).toBe(3);
    expect(el.querySelector('.bi-world-map-legend')?.getAttribute('aria-label')).toBe('Legend of count: 10 to 40');
    expect(el.querySelector('.bi-world-map-skipped')?.textContent).toBe('2 rows skipped: unknown code');
    const france = data.find((p) => p.getAttribute('aria-label')?.startsWith('France'))!;
    france.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    expect(el.querySelector('.bi-tooltip')?.textContent).toBe('Francecount: 10COUNT(Country_Name): 10');
    const map = el.querySelector<SVGSVGElement>('svg.bi-world-map')!;
    map.dispatchEvent(new KeyboardEvent('keydown', { key: '+', bubbles: true }));
    expect(map.querySelector('.bi-world-map-view')?.getAttribute('transform')).toBe('translate(-200,-101) scale(1.5)');
    chart.destroy();
  });

  it('render: a country click cross-filters on its value as the data holds it', async () => {
    const onCrossFilter = vi.fn();
    const props = { ...worldMapPlugin.transformProps(input()), onCrossFilter };
    const { el, chart } = await mount(worldMapPlugin, props);
    const france = el.querySelector<SVGPathElement>('path[aria-label^="Filter by France"]')!;
    expect(france.getAttribute('role')).toBe('button');
    france.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onCrossFilter).toHaveBeenCalledWith({ column: 'country_name', values: ['france'] });
    chart.update({ ...props, crossFilterValues: ['france'] });
    await new Promise((r) => el.addEventListener('bi-chart-rendered', r, { once: true }));
    expect(el.querySelector('path[aria-label^="Filter by Germany"]')?.getAttribute('opacity')).toBe('0.3');
    chart.destroy();
  });
});
