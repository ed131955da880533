import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { RENDERED_EVENT } from '../../shared/mount';
import { bulletGeometry } from './geometry';
import { bulletPlugin } from './index';
import { numberList, splitList } from './parse-list';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
/** Form data as the incumbent saves a bullet chart (its legacy comma-separated controls). */
const fd = {
  datasource: '3__table',
  viz_type: 'bullet',
  metric: { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' },
  adhoc_filters: [],
  ranges: '0,40000,80000,120000',
  range_labels: 'Poor,Fair,Good,Great',
  markers: '90000',
  marker_labels: 'Target',
  marker_lines: '60000',
  marker_line_labels: 'Last year',
} as unknown as QueryFormData;
const result = (data: Array<Record<string, unknown>>) => [{ ...meta, colnames: ['SUM(num)'], data, rowcount: data.length }];

describe('bullet', () => {
  it('buildQuery: the one metric, no columns', () => {
    const q = bulletPlugin.buildQuery(fd).queries[0];
    expect(q.metrics).toEqual([fd.metric]);
    expect(q.columns).toEqual([]);
    expect(() => bulletPlugin.buildQuery({ ...fd, metric: undefined } as unknown as QueryFormData)).toThrow('Metric cannot be empty');
  });
  it('reads the comma-separated controls, and names a control with a typo', () => {
    expect(splitList(' Poor, Fair ,Good')).toEqual(['Poor', 'Fair', 'Good']);
    expect(splitList('')).toEqual([]);
    expect(numberList('0, 40000', 'Ranges')).toEqual([0, 40000]);
    expect(() => bulletPlugin.transformProps({ formData: { ...fd, markers: '90k' } as QueryFormData, queriesData: result([{ 'SUM(num)': 1 }]), width: 400, height: 120 })).toThrow('Markers: "90k" is not a number');
  });
  it('transformProps: measure, labelled ranges largest first, markers, and a domain over all of them', () => {
    const p = bulletPlugin.transformProps({ formData: fd, queriesData: result([{ 'SUM(num)': 71000 }]), width: 400, height: 120 });
    expect(p.measures.map((m) => [m.label, m.formatted])).toEqual([['SUM(num)', '71k']]);
    expect(p.ranges.map((r) => `${r.label}=${r.value}`)).toEqual(['Great=120000', 'Good=80000', 'Fair=40000', 'Poor=0']);
    expect([p.markers[0].label, p.markerLines[0].label]).toEqual(['Target', 'Last year']);
    expect(p.domain).toEqual([0, 120000]);
    // Without ranges the scale still reaches the measure.
    expect(bulletPlugin.transformProps({ formData: { ...fd, ranges: '', markers: '', marker_lines: '' } as QueryFormData, queriesData: result([{ 'SUM(num)': 500 }]), width: 400, height: 120 }).domain).toEqual([0, 500]);
  });
  it('keeps the band slim in a tall card and the axis inside a short one', () => {
    expect(bulletGeometry(400, 600).band).toBe(60);
    const short = bulletGeometry(300, 60);
    expect(short.tickY).toBeLessThanOrEqual(60);
  });
  it('renders focusable, labelled ranges, measure and markers over an axis', async () => {
    const el = document.createElement('div');
    document.body.append(el);
    const done = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
    const chart = bulletPlugin.render(el, bulletPlugin.transformProps({ formData: fd, queriesData: result([{ 'SUM(num)': 71000 }]), width: 400, height: 120 }));
    await done;
    const labels = [...el.querySelectorAll('[tabindex="0"]')].map((n) => n.getAttribute('aria-label'));
    expect(labels).toEqual(['Great: 120k', 'Good: 80k', 'Fair: 40k', 'Poor: 0', 'SUM(num): 71k', 'Last year: 60k', 'Target: 90k']);
    const measure = el.querySelector('.bi-bullet-measure')!;
    const great = el.querySelector('.bi-bullet-range')!;
    // 71k of a 120k scale: the bar is a little over half the widest range.
    expect(Number(measure.getAttribute('width')) / Number(great.getAttribute('width'))).toBeCloseTo(71 / 120, 2);
    expect([...el.querySelectorAll('text')].map((t) => t.textContent)).toContain('100k');
    chart.destroy();
    el.remove();
  });
});
