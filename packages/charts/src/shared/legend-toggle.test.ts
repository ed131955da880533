import { describe, expect, it } from 'vitest';
import { renderToggleLegend } from './legend-toggle';

const ENTRIES = [
  { key: 'boy', name: 'Boys', color: '#1FA8C9' },
  { key: 'girl', name: 'Girls', color: '#454E7C' },
];

function buttons(legend: HTMLElement): HTMLButtonElement[] {
  return [...legend.querySelectorAll('button')];
}

describe('renderToggleLegend', () => {
  it('draws series already in the hidden set as not pressed', () => {
    const legend = renderToggleLegend(ENTRIES, new Set(['girl']), () => {});
    expect(buttons(legend).map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([['Boys', 'true'], ['Girls', 'false']]);
  });

  it('a click hides the series, a second click shows it again, each reported after the set changed', () => {
    const hidden = new Set<string>();
    const seen: Array<[string, boolean, boolean]> = [];
    const legend = renderToggleLegend(ENTRIES, hidden, (key, visible) => seen.push([key, visible, hidden.has(key)]));
    const [boys] = buttons(legend);
    boys.click();
    expect(hidden.has('boy')).toBe(true);
    expect(boys.getAttribute('aria-pressed')).toBe('false');
    boys.click();
    expect(hidden.size).toBe(0);
    expect(boys.getAttribute('aria-pressed')).toBe('true');
    expect(seen).toEqual([['boy', false, true], ['boy', true, false]]);
  });

  it('keys need not be names: a chart can hide by kind', () => {
    const hidden = new Set<number>();
    const legend = renderToggleLegend([{ key: 7, name: 'Increase', color: '#5AC189' }], hidden, () => {});
    buttons(legend)[0].click();
    expect([...hidden]).toEqual([7]);
  });

  it('each entry is a native button, so Enter and Space activate it from the keyboard (test/e2e/legend-keyboard)', () => {
    const legend = renderToggleLegend(ENTRIES, new Set(), () => {});
    expect(buttons(legend).map((b) => b.type)).toEqual(['button', 'button']);
  });
});
