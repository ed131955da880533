/**
 * The shared tooltip (tooltip.ts) shown for one SVG mark: on hover it follows the pointer, on keyboard
 * focus it sits by the mark, so a keyboard user reads the same values a mouse user does.
 */
import { createTooltip, type Tooltip, type TooltipLine } from './tooltip';

/** What a mark's tooltip shows. */
export interface MarkTooltipContent {
  title: string;
  lines: TooltipLine[];
}

/** A tooltip for the marks of one draw. */
export interface MarkTooltips {
  readonly tooltip: Tooltip;
  /** Shows `content` while `el` is hovered or focused. */
  attach(el: Element, content: MarkTooltipContent): void;
}

/**
 * Creates the tooltip inside `container` (a positioned element: the chart root or its body).
 *
 * @example
 * const tips = createMarkTooltips(body);
 * tips.attach(rect, { title: 'Q1 2003', lines: [{ label: 'Increase', value: '1.2M' }] });
 */
export function createMarkTooltips(container: HTMLElement): MarkTooltips {
  const tooltip = createTooltip(container);
  const origin = () => container.getBoundingClientRect();
  return {
    tooltip,
    attach(el, content) {
      const atPointer = (event: Event) => {
        const e = event as MouseEvent;
        const o = origin();
        tooltip.show(e.clientX - o.left, e.clientY - o.top, content.title, content.lines);
      };
      el.addEventListener('mouseenter', atPointer);
      el.addEventListener('mousemove', atPointer);
      el.addEventListener('mouseleave', () => tooltip.hide());
      el.addEventListener('focus', () => {
        const box = el.getBoundingClientRect();
        const o = origin();
        tooltip.show(box.left + box.width / 2 - o.left, box.top - o.top, content.title, content.lines);
      });
      el.addEventListener('blur', () => tooltip.hide());
    },
  };
}
