import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_THEME } from '../../types';
import { BASE_QUERY, NO_FILTER, mount, result } from '../svg-common/test-support';
import { wordCloudPlugin } from './index';
import { layoutWords, wordRotation } from './layout';

// Featured Charts/Word_Cloud.yaml
const formData = { datasource: '22__table', viz_type: 'word_cloud', series: 'customer_name', metric: 'count', adhoc_filters: NO_FILTER, row_limit: 100, size_from: 10, size_to: 70, rotation: 'square', color_scheme: 'supersetColors', extra_form_data: {} };
const server = result([{ customer_name: 'Euro Shopping Channel', count: 259 }, { customer_name: 'Mini Gifts', count: 180 }, { customer_name: 'Australian Collectors', count: 55 }]);

describe('word_cloud', () => {
  it('buildQuery: series as the dimension', () => {
    expect(wordCloudPlugin.buildQuery(formData).queries).toEqual([{ ...BASE_QUERY, columns: ['customer_name'], metrics: ['count'], row_limit: 100 }]);
    expect(wordCloudPlugin.buildQuery({ ...formData, sort_by_metric: true }).queries[0].orderby).toEqual([['count', false]]);
  });
  it('transformProps: linear font sizes, deterministic rotations', () => {
    expect(wordCloudPlugin.transformProps({ formData, queriesData: [server], width: 600, height: 400 })).toEqual({
      width: 600,
      height: 400,
      theme: DEFAULT_CHART_THEME,
      gate: { rowcount: 3, rowState: 'ok', blocked: false },
      ariaLabel: 'Word cloud of customer_name by count: Euro Shopping Channel, Mini Gifts, Australian Collectors',
      words: [
        { text: 'Euro Shopping Channel', value: 259, size: 70, color: '#1FA8C9', rotate: wordRotation('square', 'Euro Shopping Channel'), formatted: '259' },
        { text: 'Mini Gifts', value: 180, size: 47, color: '#454E7C', rotate: wordRotation('square', 'Mini Gifts'), formatted: '180' },
        { text: 'Australian Collectors', value: 55, size: 10, color: '#5AC189', rotate: wordRotation('square', 'Australian Collectors'), formatted: '55' },
      ],
    });
    expect(['a', 'b', 'c', 'd'].map((w) => wordRotation('square', w)).every((r) => r === 0 || r === 90)).toBe(true);
    expect(wordRotation('flat', 'a')).toBe(0);
  });
  it('layout: deterministic, biggest word centred, no overlaps', () => {
    const words = Array.from({ length: 30 }, (_, i) => ({ text: `word${i}`, value: 30 - i, size: 40 - i, color: '#000', rotate: wordRotation('square', `word${i}`), formatted: '' }));
    const a = layoutWords(words, 500, 300);
    expect(layoutWords(words, 500, 300)).toEqual(a);
    expect([a[0].x, a[0].y]).toEqual([250, 150]);
    const boxes = a.map((w) => {
      const [bw, bh] = Math.abs(w.rotate) === 90 ? [w.size, w.text.length * w.size * 0.6] : [w.text.length * w.size * 0.6, w.size];
      return [w.x - bw / 2, w.y - bh / 2, w.x + bw / 2, w.y + bh / 2];
    });
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const [p, q] = [boxes[i], boxes[j]];
      expect(p[0] < q[2] - 0.2 && p[2] > q[0] + 0.2 && p[1] < q[3] - 0.2 && p[3] > q[1] + 0.2).toBe(false);
    }
  });
  it('render: one text per placed word; relayout on resize', async () => {
    const { el, chart, redrawn } = await mount(wordCloudPlugin, wordCloudPlugin.transformProps({ formData: { ...formData, rotation: 'flat' }, queriesData: [server], width: 600, height: 400 }));
    const words = () => [...el.querySelectorAll('text.bi-word')].map((t) => [t.firstChild?.textContent, t.getAttribute('font-size'), t.querySelector('title')?.textContent]);
    // 21 characters at 70px do not fit 600px: every size shrinks by the same factor (0.6 is the first that fits).
    expect(words()).toEqual([['Euro Shopping Channel', '42', 'Euro Shopping Channel: 259'], ['Mini Gifts', '28', 'Mini Gifts: 180'], ['Australian Collectors', '6', 'Australian Collectors: 55']]);
    const again = redrawn();
    chart.resize(200, 100);
    await again;
    // At 200x100 the longest word fits at no scale: it is left out, the others keep the largest fitting scale (0.7).
    expect(words().map((w) => [w[0], w[1]])).toEqual([['Mini Gifts', '33'], ['Australian Collectors', '7']]);
    chart.destroy();
  });
});
