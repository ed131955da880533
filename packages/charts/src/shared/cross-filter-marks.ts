/**
 * The cross-filter bookkeeping of an SVG renderer whose marks each stand for one value of one column
 * (funnel steps, boxes): keeps the selection shown (the host's crossFilterValues, updated locally at once
 * on a click so the highlight does not wait for the dashboard), wires marks as keyboard-operable toggles
 * and dims the unselected ones.
 */
import type { CrossFilterProps } from '../types';
import { crossFilterOpacity, isCrossFilterSelected, makeCrossFilterTarget, toggleCrossFilter } from './cross-filter';

export interface CrossFilterMarks {
  /** Starts a draw: adopts a new host selection and forgets the previous draw's marks. */
  begin(props: CrossFilterProps): void;
  /** Makes `el` toggle `value` of `column` (label read by screen readers). */
  add(el: SVGElement, label: string, column: string, value: unknown, props: CrossFilterProps): void;
  /** Applies the selection's opacity and pressed state to every mark. */
  highlight(): void;
}

/**
 * @example
 * const marks = createCrossFilterMarks();
 * // in draw(): marks.begin(p); for each step: if (column) marks.add(path, `Filter by ${name}`, column, value, p); then marks.highlight();
 */
export function createCrossFilterMarks(): CrossFilterMarks {
  let selected: unknown[] | undefined;
  let hostValues: unknown[] | undefined;
  let marks: { el: SVGElement; value: unknown }[] = [];
  const highlight = () => {
    for (const m of marks) {
      m.el.setAttribute('opacity', String(crossFilterOpacity(selected, m.value)));
      m.el.setAttribute('aria-pressed', String(isCrossFilterSelected(selected, m.value)));
    }
  };
  return {
    begin(props) {
      if (props.crossFilterValues !== hostValues) selected = hostValues = props.crossFilterValues;
      marks = [];
    },
    add(el, label, column, value, props) {
      marks.push({ el, value });
      el.style.cursor = 'pointer';
      makeCrossFilterTarget(el, label, isCrossFilterSelected(selected, value), (additive) => {
        const next = toggleCrossFilter(column, selected, value, additive);
        selected = next?.values;
        highlight();
        props.onCrossFilter?.(next);
      });
    },
    highlight,
  };
}
