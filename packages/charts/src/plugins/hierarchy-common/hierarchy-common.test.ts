import { describe, expect, it } from 'vitest';
import { siblingShade, withSaturation } from './color';
import { onSelectedPath, pathSelection } from './path-cross-filter';
import { buildTree, hierarchyColumns, levelNamer, nodeLabel, toHierarchy } from './tree';
import { result } from '../svg-common/test-support';

const records = [
  { year: 2003, product_line: 'Classic Cars', count: 5 },
  { year: 2003, product_line: 'Ships', count: 1 },
  { year: 2004, product_line: 'Classic Cars', count: 7 },
  { year: 2004, product_line: null, count: 2 },
  { year: 2004, product_line: 'Ships', count: -3 },
];

describe('hierarchy trees', () => {
  it('groups records by the levels, keeps raw paths and formatted names, sums and sorts with d3-hierarchy', () => {
    const tree = buildTree(records, { levels: ['year', 'product_line'], metric: 'count', rootName: 'count' });
    expect(tree.children!.map((c) => [c.name, c.path, c.children!.length])).toEqual([['2003', [2003], 2], ['2004', [2004], 3]]);
    expect(tree.children![1].children!.map((c) => [c.name, c.path, c.names, c.value])).toEqual([
      ['Classic Cars', [2004, 'Classic Cars'], ['2004', 'Classic Cars'], 7],
      ['<NULL>', [2004, null], ['2004', '<NULL>'], 2],
      ['Ships', [2004, 'Ships'], ['2004', 'Ships'], -3],
    ]);
    const root = toHierarchy(tree);
    // Areas count negative values as nothing; the datum keeps the signed sum.
    expect(root.value).toBe(15);
    expect(root.children!.map((c) => [c.data.name, c.value, c.data.value])).toEqual([['2004', 9, 6], ['2003', 6, 6]]);
    expect(root.children![0].children!.map((c) => c.data.name)).toEqual(['Classic Cars', '<NULL>', 'Ships']);
    expect(root.data.value).toBe(12);
  });

  it('a tree without levels is its root, valued by the total', () => {
    const root = toHierarchy(buildTree([{ count: 4 }, { count: 6 }], { levels: [], metric: 'count', rootName: 'count' }));
    expect([root.value, root.data.value, root.children]).toEqual([10, 10, undefined]);
  });

  it('reads the hierarchy from columns or groupby and names temporal levels with the date format', () => {
    expect(hierarchyColumns({ columns: ['a', 'b'] }, 'columns')).toEqual(['a', 'b']);
    expect(hierarchyColumns({ groupby: ['a'] }, 'columns')).toEqual(['a']);
    expect(hierarchyColumns({ groupby: 'a' }, 'groupby')).toEqual(['a']);
    expect(hierarchyColumns({ groupby: null }, 'groupby')).toEqual([]);
    const nameOf = levelNamer(result([{ order_date: 0, count: 1 }], ['order_date', 'count'], [2, 0]), ['order_date'], 'smart_date');
    expect(nameOf(0, Date.UTC(2004, 0, 1))).toBe('2004');
    expect(nameOf(0, null)).toBe('<NULL>');
  });

  it('labels by the incumbent label types, whatever their case', () => {
    expect(nodeLabel('key', 'Cars', '1k')).toBe('Cars');
    expect(nodeLabel('Key', 'Cars', '1k')).toBe('Cars');
    expect(nodeLabel('value', 'Cars', '1k')).toBe('1k');
    expect(nodeLabel('key_value', 'Cars', '1k')).toBe('Cars: 1k');
  });
});

describe('hierarchy cross filters', () => {
  it('selects a path as one equality filter per level; the same node again clears', () => {
    expect(pathSelection(['year', 'product_line'], undefined, [2004, 'Cars'], ['2004', 'Cars'])).toEqual({
      column: 'year',
      values: [2004, 'Cars'],
      filters: [{ column: 'year', value: 2004 }, { column: 'product_line', value: 'Cars' }],
      label: '2004 ▸ Cars',
    });
    expect(pathSelection(['year', 'product_line'], ['2004', 'Cars'], [2004, 'Cars'], ['2004', 'Cars'])).toBeNull();
    expect(pathSelection(['year'], [2004, 'Cars'], [2004], ['2004'])?.values).toEqual([2004]);
  });

  it('lights the selected node, its ancestors and its descendants', () => {
    expect(onSelectedPath(undefined, [1])).toBe(true);
    expect(onSelectedPath([2004, 'Cars'], [2004])).toBe(true);
    expect(onSelectedPath([2004], [2004, 'Cars'])).toBe(true);
    expect(onSelectedPath([2004, 'Cars'], [2004, 'Ships'])).toBe(false);
    expect(onSelectedPath([2004], [2003, 'Cars'])).toBe(false);
  });
});

describe('hierarchy colours', () => {
  it('changes the saturation only, as rgb()', () => {
    expect(withSaturation('#1FA8C9', 0.733)).toBe('rgb(31,168,201)');
    expect(withSaturation('rgb(255, 0, 0)', 0)).toBe('rgb(128,128,128)');
    expect(withSaturation('var(--x)', 0.5)).toBe('var(--x)');
    expect(siblingShade('#ff0000', 0, 3)).toBe(withSaturation('#ff0000', 0.7));
    expect(siblingShade('#ff0000', 2, 3)).toBe(withSaturation('#ff0000', 0.4));
  });
});
