import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it, vi } from 'vitest';
import { countryMapControlPanel } from './control-panel';
import { mount, result } from '../svg-common/test-support';
import { countryMapPlugin } from './index';
import { loadCountryShapes } from './shapes';
import { regionCode } from './transform-props';

// Form data as the incumbent's country_map saves it (legacy control names).
const formData = {
  datasource: '3__table', viz_type: 'country_map', select_country: 'germany', entity: 'state_code', metric: 'sum__population',
  adhoc_filters: [], row_limit: 10000, number_format: 'SMART_NUMBER', linear_color_scheme: 'fire', time_range: 'No filter',
} as unknown as QueryFormData;
const rows = result([
  { state_code: 'DE-NW', sum__population: 18_000_000 },
  { state_code: 'de-by', sum__population: 13_000_000 },
  { state_code: 'DE-HB', sum__population: 680_000 },
  { state_code: 'DE-XX', sum__population: 5 },
  { state_code: 'Bavaria', sum__population: 5 },
]);
const input = (fd: QueryFormData = formData, data = rows) => ({ formData: fd, queriesData: [data], width: 600, height: 500 });

describe('country_map', () => {
  it('buildQuery: grouped by the ISO 3166-2 code column with the metric', () => {
    expect(countryMapPlugin.buildQuery(formData).queries[0]).toMatchObject({ columns: ['state_code'], metrics: ['sum__population'], row_limit: 10000 });
  });

  it('buildQuery and transformProps: a missing control is a named error', () => {
    expect(() => countryMapPlugin.buildQuery({ ...formData, metric: undefined })).toThrow('Metric cannot be empty');
    expect(() => countryMapPlugin.buildQuery({ ...formData, select_country: null })).toThrow('Country cannot be empty');
    expect(() => countryMapPlugin.transformProps(input({ ...formData, entity: '' }))).toThrow('ISO 3166-2 Codes cannot be empty');
    expect(() => countryMapPlugin.transformProps(input({ ...formData, select_country: 'atlantis' }))).toThrow('Country "atlantis" has no region map');
  });

  it('transformProps: a column missing from the result is a named error', () => {
    expect(() => countryMapPlugin.transformProps(input({ ...formData, metric: 'count' }))).toThrow('Column "count" is not in the query result');
  });

  it('transformProps: codes upper-cased, malformed codes counted', () => {
    const props = countryMapPlugin.transformProps(input());
    expect(props.regions.map((r) => r.code)).toEqual(['DE-NW', 'DE-BY', 'DE-HB', 'DE-XX']);
    expect(props.invalidCodes).toBe(1);
    expect(props.countryLabel).toBe('Germany');
    expect(regionCode(' us-ca')).toBe('US-CA');
    expect(regionCode('California')).toBeNull();
  });

  it('control panel: the incumbent control names, select_country offering the covered countries', () => {
    const names = countryMapControlPanel.sections.flatMap((s) => s.controlSetRows.flat()).map((c) => (c && typeof c === 'object' && 'name' in c ? c.name : c));
    expect(names).toEqual(expect.arrayContaining(['select_country', 'entity', 'metric', 'adhoc_filters', 'row_limit', 'number_format', 'linear_color_scheme']));
  });

  it('shapes: loaded once per country and cached; an unknown key rejects', async () => {
    const first = loadCountryShapes('usa');
    expect(loadCountryShapes('usa')).toBe(first);
    const usa = await first;
    expect(usa.features.find((f) => f.id === 'US-CA')?.properties?.name).toBe('California');
    await expect(loadCountryShapes('atlantis')).rejects.toThrow();
  });

  it('render: regions filled by metric, named for screen readers, legend, unknown codes reported, tooltip, zoom keys', async () => {
    const { el, chart } = await mount(countryMapPlugin, countryMapPlugin.transformProps(input()));
    expect(el.querySelectorAll('path').length).toBe(16);
    const data = [...el.querySelectorAll<SVGPathElement>('path.bi-country-map-region')];
    expect(data.map((p) => p.getAttribute('aria-label')).sort()).toEqual(['Bayern: sum__population 13M', 'Bremen: sum__population 680k', 'Nordrhein-Westfalen: sum__population 18M']);
    expect(new Set(data.map((p) => p.getAttribute('fill'))).size).toBe(3);
    expect(data.every((p) => p.getAttribute('tabindex') === '0')).toBe(true);
    expect(el.querySelector('.bi-country-map-legend')?.getAttribute('aria-label')).toBe('Legend of sum__population: 680k to 18M');
    expect(el.querySelector('.bi-country-map-skipped')?.textContent).toBe('2 rows skipped: unknown code');
    data[0].dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    expect(el.querySelector('.bi-tooltip')?.textContent).toContain('sum__population');
    const map = el.querySelector<SVGSVGElement>('svg.bi-country-map')!;
    map.dispatchEvent(new KeyboardEvent('keydown', { key: '+', bubbles: true }));
    expect(map.querySelector('.bi-country-map-view')?.getAttribute('transform')).toMatch(/scale\(1\.5\)$/);
    chart.destroy();
  }, 30_000);

  it('render: a region click cross-filters on its code as the data holds it', async () => {
    const onCrossFilter = vi.fn();
    const { el, chart } = await mount(countryMapPlugin, { ...countryMapPlugin.transformProps(input()), onCrossFilter });
    const bayern = el.querySelector<SVGPathElement>('path[aria-label^="Filter by Bayern"]')!;
    expect(bayern.getAttribute('role')).toBe('button');
    bayern.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onCrossFilter).toHaveBeenCalledWith({ column: 'state_code', values: ['de-by'] });
    chart.destroy();
  });

  it('render: a withdrawn ISO code reads as its current one (IN-OR -> IN-OD)', async () => {
    const fd = { ...formData, select_country: 'india' } as QueryFormData;
    const { el, chart } = await mount(countryMapPlugin, countryMapPlugin.transformProps(input(fd, result([{ state_code: 'IN-OR', sum__population: 1 }, { state_code: 'IN-MH', sum__population: 2 }]))));
    expect([...el.querySelectorAll('path.bi-country-map-region')].map((p) => p.getAttribute('data-region')).sort()).toEqual(['IN-MH', 'IN-OD']);
    expect(el.querySelector('.bi-country-map-skipped')).toBeNull();
    chart.destroy();
  });
});
