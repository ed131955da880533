/** A single absolutely positioned tooltip per chart, updated in place (no per-hover allocation of nodes). */
import { h } from './dom';

/**
 * The tooltip's rules, carried with it rather than in BASE_CHART_CSS: a chart that loads its tooltip on the
 * first hover (the time series) keeps them out of its first load too. Theme tokens with light fallbacks.
 */
const TOOLTIP_CSS = `.bi-tooltip{position:absolute;pointer-events:none;z-index:2;padding:6px 8px;border-radius:4px;background:var(--bi-color-surface,#fff);color:var(--bi-color-text,#323232);border:1px solid var(--bi-color-border,#e0e0e0);box-shadow:0 1px 4px rgba(0,0,0,.25);white-space:nowrap;display:none}`;

/** A tooltip line: optional colour swatch, label and formatted value. */
export interface TooltipLine {
  color?: string;
  label: string;
  value: string;
}

/** A chart tooltip. */
export interface Tooltip {
  readonly element: HTMLDivElement;
  show(x: number, y: number, title: string, lines: TooltipLine[]): void;
  hide(): void;
}

/**
 * Creates a tooltip inside a positioned container.
 *
 * @example
 * const tip = createTooltip(root);
 * tip.show(120, 40, 'March', [{ color: '#1FA8C9', label: 'boy', value: '1.2k' }]);
 */
export function createTooltip(container: HTMLElement): Tooltip {
  const element = h('div', { class: 'bi-tooltip', role: 'tooltip' });
  container.append(h('style', {}, [TOOLTIP_CSS]), element);
  return {
    element,
    show(x, y, title, lines) {
      element.replaceChildren(
        h('div', { style: 'font-weight:600' }, [title]),
        ...lines.map((l) =>
          h('div', {}, [
            ...(l.color ? [h('i', { style: `display:inline-block;width:8px;height:8px;margin-right:4px;background:${l.color}` })] : []),
            `${l.label}: `,
            h('b', {}, [l.value]),
          ]),
        ),
      );
      element.style.display = 'block';
      const w = container.clientWidth;
      const left = x + 12 + element.offsetWidth > w ? Math.max(0, x - 12 - element.offsetWidth) : x + 12;
      element.style.left = `${left}px`;
      element.style.top = `${Math.max(0, y - 10)}px`;
    },
    hide() {
      element.style.display = 'none';
    },
  };
}
