/** A single absolutely positioned tooltip per chart, updated in place (no per-hover allocation of nodes). */
import { h } from './dom';

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
  container.append(element);
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
