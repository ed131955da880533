/**
 * Cross filters of the hierarchy charts: a node stands for the path of values from the top level down to
 * it, so its selection is one equality filter per level (`year == 2004 AND product_line == 'Cars'`), the
 * incumbent's treemap and sunburst filters. The host hands the path back as crossFilterValues; nodes on
 * the selected path (its ancestors and the node's own descendants) stay opaque, the rest dim.
 */
import { sameCrossFilterValue } from '../../shared/cross-filter';
import type { CrossFilterProps, CrossFilterSelection } from '../../types';

/**
 * The selection after a click on the node at `path` (raw values, top level first): the path as
 * equality filters on `columns`, or null when that node was the selection (a second click clears).
 *
 * @example
 * pathSelection(['year', 'product_line'], undefined, [2004, 'Cars'], ['2004', 'Cars']);
 * // { column: 'year', values: [2004, 'Cars'], filters: [{ column: 'year', value: 2004 }, { column: 'product_line', value: 'Cars' }], label: '2004 ▸ Cars' }
 */
export function pathSelection(columns: readonly string[], selected: readonly unknown[] | undefined, path: readonly unknown[], names: readonly string[]): CrossFilterSelection | null {
  if (samePath(selected, path)) return null;
  return {
    column: columns[0],
    values: [...path],
    filters: path.map((value, i) => ({ column: columns[i], value })),
    label: names.join(' ▸ '),
  };
}

/** Whether two paths are the same node. */
export function samePath(a: readonly unknown[] | undefined, b: readonly unknown[]): boolean {
  return Boolean(a) && a!.length === b.length && b.every((v, i) => sameCrossFilterValue(a![i], v));
}

/**
 * Whether the node at `path` is lit by the selection: nothing selected, the node is on the way to the
 * selected node, or under it.
 *
 * @example
 * onSelectedPath([2004, 'Cars'], [2004]); // true (an ancestor)
 * onSelectedPath([2004, 'Cars'], [2005]); // false
 */
export function onSelectedPath(selected: readonly unknown[] | undefined, path: readonly unknown[]): boolean {
  if (!selected?.length) return true;
  const n = Math.min(selected.length, path.length);
  for (let i = 0; i < n; i++) if (!sameCrossFilterValue(selected[i], path[i])) return false;
  return true;
}

/** What the marks of a draw stand for: the node at an index (its `data-node`). */
export type NodeAt = (index: number) => { path: unknown[]; names: string[] } | undefined;

/** Escapes text for an attribute value or text content of SVG markup. */
export const escapeMarkup = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The selection bookkeeping of a hierarchy renderer that writes its thousands of marks as markup (one
 * parse instead of an element and listeners per mark): `attrs` gives a mark's attributes (its `data-node`,
 * the opacity of the selection and, for a filter target, the button semantics), `attach` wires one
 * delegated click and keyboard handler on the chart's root, and a click updates the marks at once,
 * before the host hands the selection back as crossFilterValues.
 *
 * @example
 * const marks = createPathMarks();
 * // in draw(): marks.begin(p); markup += `<rect${marks.attrs(i, node.data.path, 'Filter by 2004 ▸ Cars')} .../>`; then marks.attach(root, columns, p, nodeAt);
 */
export function createPathMarks() {
  let selected: unknown[] | undefined;
  let hostValues: unknown[] | undefined;
  const highlight = (root: Element, nodeAt: NodeAt) => {
    for (const el of root.querySelectorAll('[data-node]')) {
      const node = nodeAt(Number(el.getAttribute('data-node')));
      if (!node) continue;
      el.setAttribute('opacity', onSelectedPath(selected, node.path) ? '1' : '0.3');
      if (el.hasAttribute('aria-pressed')) el.setAttribute('aria-pressed', String(samePath(selected, node.path)));
    }
  };
  return {
    /** Starts a draw: adopts a new host selection. */
    begin(props: CrossFilterProps) {
      if (props.crossFilterValues !== hostValues) selected = hostValues = props.crossFilterValues;
    },
    /** Attribute markup of the mark of node `index`; `label` (read by screen readers) makes it a filter toggle. */
    attrs(index: number, path: readonly unknown[], label?: string): string {
      const lit = onSelectedPath(selected, path) ? '1' : '0.3';
      if (label === undefined) return ` data-node="${index}" opacity="${lit}"`;
      return ` data-node="${index}" opacity="${lit}" tabindex="0" role="button" aria-pressed="${samePath(selected, path)}" aria-label="${escapeMarkup(label)}" data-cross-filter="" style="cursor:pointer"`;
    },
    /** Wires the filter toggles under `root` (click, Enter, Space) to `props.onCrossFilter`. */
    attach(root: Element, columns: readonly string[], props: CrossFilterProps, nodeAt: NodeAt) {
      const activate = (target: EventTarget | null) => {
        const el = (target as Element | null)?.closest?.('[data-cross-filter]');
        const node = el ? nodeAt(Number(el.getAttribute('data-node'))) : undefined;
        if (!node) return false;
        const next = pathSelection(columns, selected, node.path, node.names);
        selected = next?.values;
        highlight(root, nodeAt);
        props.onCrossFilter?.(next);
        return true;
      };
      root.addEventListener('click', (e) => activate(e.target));
      root.addEventListener('keydown', (event) => {
        const e = event as KeyboardEvent;
        if ((e.key === 'Enter' || e.key === ' ') && activate(e.target)) e.preventDefault();
      });
    },
  };
}
