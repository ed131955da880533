/**
 * One tooltip per hierarchy chart, driven by delegation: marks carry `data-node` (an index into the
 * chart's node list) and a single pointer listener on the SVG shows the hovered node's lines. Thousands
 * of rectangles or arcs get no listener or <title> each; a focused mark (keyboard) shows its tooltip too.
 */
import { createTooltip, type TooltipLine } from '../../shared/tooltip';

/** What a node's tooltip shows. */
export interface NodeTip {
  title: string;
  lines: TooltipLine[];
}

/**
 * Wires the tooltip of `svgEl` inside `container` (the positioned chart root's child that holds it).
 *
 * @example
 * attachNodeTooltip(body, root, (i) => tips[i]);
 */
export function attachNodeTooltip(container: HTMLElement, svgEl: SVGSVGElement, tipOf: (index: number) => NodeTip | undefined): void {
  const tip = createTooltip(container);
  const indexOf = (target: EventTarget | null): number | undefined => {
    const el = (target as Element | null)?.closest?.('[data-node]');
    const i = el ? Number(el.getAttribute('data-node')) : NaN;
    return Number.isInteger(i) ? i : undefined;
  };
  const showAt = (i: number | undefined, x: number, y: number) => {
    const t = i === undefined ? undefined : tipOf(i);
    if (!t) return tip.hide();
    tip.show(x, y, t.title, t.lines);
    // Rich tooltips are tall: keep them inside the chart (it clips) by lifting them above the pointer.
    const box = tip.element.offsetParent as HTMLElement | null;
    const room = (box?.clientHeight ?? 0) - tip.element.offsetHeight;
    if (box && tip.element.offsetTop > room) tip.element.style.top = `${Math.max(0, room)}px`;
  };
  const origin = () => (tip.element.offsetParent ?? container).getBoundingClientRect();
  svgEl.addEventListener('pointermove', (e) => {
    const o = origin();
    showAt(indexOf(e.target), e.clientX - o.left, e.clientY - o.top);
  });
  svgEl.addEventListener('pointerleave', () => tip.hide());
  svgEl.addEventListener('focusin', (e) => {
    const box = (e.target as Element).getBoundingClientRect();
    const o = origin();
    showAt(indexOf(e.target), box.left + box.width / 2 - o.left, box.top + box.height / 2 - o.top);
  });
  svgEl.addEventListener('focusout', () => tip.hide());
}
