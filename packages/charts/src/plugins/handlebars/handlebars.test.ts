import type { QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { getControlPanel } from '../../control-panels';
import { RENDERED_EVENT } from '../../shared/mount';
import { formatDatePattern } from './date-format';
import { handlebarsPlugin } from './index';
import { renderTemplate } from './template';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const fd = {
  datasource: '3__table',
  viz_type: 'handlebars',
  query_mode: 'aggregate',
  groupby: ['name'],
  metrics: ['count'],
  row_limit: 10,
  order_desc: true,
  handlebarsTemplate: '<h3>Top names</h3><ul>{{#each data}}<li>{{name}}: {{formatNumber count format=",d"}}</li>{{/each}}</ul>',
} as unknown as QueryFormData;

const draw = async (html: string) => {
  const el = document.createElement('div');
  document.body.append(el);
  const done = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
  const chart = handlebarsPlugin.render(el, { ...handlebarsPlugin.transformProps({ formData: fd, queriesData: [{ ...meta, data: [{ name: 'x', count: 1 }] }], width: 300, height: 200 }), html });
  await done;
  return { el, done: () => (chart.destroy(), el.remove()) };
};

describe('handlebars', () => {
  it('buildQuery: the table fields with the default ordering by the first metric', () => {
    const q = handlebarsPlugin.buildQuery(fd).queries[0];
    expect([q.columns, q.metrics, q.orderby, q.row_limit]).toEqual([['name'], ['count'], [['count', false]], 10]);
  });
  it('runs the template over the rows with the incumbent helpers', () => {
    const data = [{ name: 'Ann', count: 12345, ds: Date.UTC(2024, 2, 5), meta: { a: 1 } }];
    const p = handlebarsPlugin.transformProps({ formData: fd, queriesData: [{ ...meta, data }], width: 300, height: 200 });
    expect(p.html).toBe('<h3>Top names</h3><ul><li>Ann: 12,345</li></ul>');
    expect(renderTemplate('{{#each data}}{{dateFormat ds format="MMMM D, YYYY"}} {{stringify meta}}{{/each}}', { data })).toBe('March 5, 2024 {&quot;a&quot;:1}');
    expect(renderTemplate('{{#if (gt data.length 0)}}{{formatNumber 1234.5}}{{/if}} {{formatNumber x locale="de-DE"}}', { data, x: 1234.5 })).toBe('1.23k 1.234,5');
    expect(formatDatePattern('2024-01-02T03:04:05Z', 'YYYY-MM-DD HH:mm [at] ss')).toBe('2024-01-02 03:04 at 05');
  });
  it('a template error reaches the error panel as a thrown error with its message', () => {
    expect(() => handlebarsPlugin.transformProps({ formData: { ...fd, handlebarsTemplate: '{{#each data}}' } as QueryFormData, queriesData: [{ ...meta, data: [] }], width: 1, height: 1 })).toThrow(/Parse error|each/);
    expect(() => renderTemplate('{{stringify}}', {})).toThrow('Please call with an object');
  });
  it('runs without evaluating code (no unsafe-eval in the app CSP): blocks, paths, @data, else, sub-expressions', () => {
    const original = globalThis.Function;
    globalThis.Function = function blocked() {
      throw new EvalError('unsafe-eval');
    } as unknown as FunctionConstructor;
    try {
      const context = { title: '<b>x</b>', data: [{ n: 'a', v: 2 }, { n: 'b', v: 0 }], meta: { k1: 'one', k2: 'two' } };
      const source = '{{title}}|{{{title}}}|{{#each data}}{{@index}}:{{n}}{{#if v}}+{{else}}-{{/if}}{{../title.length}}{{#if @last}}.{{/if}} {{/each}}|{{#each meta}}{{@key}}={{this}};{{/each}}|{{#unless (gt data.length 5)}}few{{/unless}}|{{#with meta}}{{k2}}{{/with}}|{{#each none}}x{{else}}empty{{/each}}{{!-- note --}}';
      expect(renderTemplate(source, context)).toBe('&lt;b&gt;x&lt;/b&gt;|<b>x</b>|0:a+ 1:b-. |k1=one;k2=two;|few|two|empty');
    } finally {
      globalThis.Function = original;
    }
    expect(() => renderTemplate('{{> partial}}', {})).toThrow(/partial/);
    expect(() => renderTemplate('{{nohelper 1}}', {})).toThrow('Missing helper: "nohelper"');
  });
  it('templates cannot reach prototypes', () => {
    expect(renderTemplate('{{constructor.name}}{{__proto__}}', { data: [] })).toBe('');
  });
  it('renders the output through the markdown whitelist: no script, no handler, no javascript: URL', async () => {
    const { el, done } = await draw('<b onclick="alert(1)">bold</b><script>window.pwned = 1</script><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><table><tr><td>1</td></tr></table>');
    const region = el.querySelector('.bi-handlebars')!;
    expect(region.querySelector('script')).toBeNull();
    expect(region.querySelector('b')?.getAttribute('onclick')).toBeNull();
    expect(region.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(region.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(region.querySelector('td')?.textContent).toBe('1');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    done();
  });

  it('applies the saved styleTemplate, sanitised and scoped to this chart only; Explore offers it as CSS Styles', async () => {
    const styleTemplate = 'h3 { color: rgb(255, 0, 0) } body { position: fixed; margin: 0 } @import url(https://evil.example/x.css); li { background: url(https://evil.example/t.png); font-weight: 700 }';
    const props = handlebarsPlugin.transformProps({ formData: { ...fd, styleTemplate } as QueryFormData, queriesData: [{ ...meta, data: [{ name: 'x', count: 1 }] }], width: 300, height: 200 });
    expect(props.styleTemplate).toBe(styleTemplate);
    const mountOne = async () => {
      const el = document.createElement('div');
      document.body.append(el);
      const done = new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
      const chart = handlebarsPlugin.render(el, props);
      await done;
      return { el, chart };
    };
    const [a, b] = [await mountOne(), await mountOne()];
    const scopeOf = (el: HTMLElement) => [...el.querySelector('.bi-handlebars')!.classList].find((c) => c !== 'bi-handlebars')!;
    expect(scopeOf(a.el)).not.toBe(scopeOf(b.el));
    const css = a.el.querySelector('.bi-handlebars')!.previousElementSibling!.textContent!;
    const scope = `.${scopeOf(a.el)}`;
    expect(css).toBe(`${scope} h3 { color: rgb(255, 0, 0) }\n${scope} { margin: 0 }\n${scope} li { font-weight: 700 }`);
    expect(getComputedStyle(a.el.querySelector('h3')!).color).toBe('rgb(255, 0, 0)');
    a.chart.destroy();
    b.chart.destroy();
    const rows = getControlPanel('handlebars').sections.flatMap((s) => s.controlSetRows.flat());
    expect(rows.find((c) => c.name === 'styleTemplate')?.config).toMatchObject({ label: 'CSS Styles', default: '', renderTrigger: true });
  });
});
