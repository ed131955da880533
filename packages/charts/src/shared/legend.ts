/** A DOM legend: one toggle button per series, keyboard accessible. */
import { h } from './dom';

/** A legend entry. */
export interface LegendItem {
  name: string;
  color: string;
  visible: boolean;
}

/**
 * Renders a legend list; `onToggle(index, visible)` fires when an entry is clicked.
 *
 * @example
 * container.append(renderLegend([{ name: 'boy', color: '#1FA8C9', visible: true }], (i, v) => chart.setSeries(i, v)));
 */
export function renderLegend(items: LegendItem[], onToggle?: (index: number, visible: boolean) => void): HTMLUListElement {
  const list = h('ul', { class: 'bi-legend', 'aria-label': 'Legend' });
  items.forEach((item, i) => {
    const button = h('button', { type: 'button', 'aria-pressed': String(item.visible) }, [h('i', { style: `background:${item.color}` }), item.name]);
    button.addEventListener('click', () => {
      const visible = button.getAttribute('aria-pressed') !== 'true';
      button.setAttribute('aria-pressed', String(visible));
      onToggle?.(i, visible);
    });
    list.append(h('li', {}, [button]));
  });
  return list;
}
