import { describe, expect, it } from 'vitest';
import { NOT_ENOUGH_SPACE_MESSAGE, TOP_LEVEL_TAB_MOVE_MESSAGE, moveComponent, validateDrop } from './drop-validation';
import type { DashboardLayout, LayoutComponent, LayoutComponentType } from './layout-types';
import { canContain, componentDepth, isValidChild } from './nesting-rules';

const c = (id: string, type: LayoutComponentType, children: string[] = [], meta?: LayoutComponent['meta']): LayoutComponent => ({ id, type, children, ...(meta ? { meta } : {}) });

/** ROOT -> TABS(top) -> TAB-a -> ROW-1 (4+4) , TABS-nested -> TAB-n1 ; TAB-b -> ROW-2 (6+6) */
const layout: DashboardLayout = {
  ROOT_ID: c('ROOT_ID', 'ROOT', ['TABS-top']),
  'TABS-top': c('TABS-top', 'TABS', ['TAB-a', 'TAB-b']),
  'TAB-a': c('TAB-a', 'TAB', ['ROW-1', 'TABS-nested']),
  'TAB-b': c('TAB-b', 'TAB', ['ROW-2']),
  'ROW-1': c('ROW-1', 'ROW', ['CHART-1', 'COLUMN-1']),
  'CHART-1': c('CHART-1', 'CHART', [], { chartId: 1, width: 4 }),
  'COLUMN-1': c('COLUMN-1', 'COLUMN', ['CHART-2'], { width: 4 }),
  'CHART-2': c('CHART-2', 'CHART', [], { chartId: 2, width: 4 }),
  'ROW-2': c('ROW-2', 'ROW', ['CHART-3', 'CHART-4']),
  'CHART-3': c('CHART-3', 'CHART', [], { chartId: 3, width: 6 }),
  'CHART-4': c('CHART-4', 'CHART', [], { chartId: 4, width: 6 }),
  'TABS-nested': c('TABS-nested', 'TABS', ['TAB-n1']),
  'TAB-n1': c('TAB-n1', 'TAB', []),
};

describe('nesting rules (spec 2 §4 table)', () => {
  it.each([
    ['ROOT', 'GRID', true],
    ['ROOT', 'TABS', true],
    ['ROOT', 'ROW', false],
    ['GRID', 'ROW', true],
    ['GRID', 'DYNAMIC', true],
    ['GRID', 'COLUMN', false],
    ['TABS', 'TAB', true],
    ['TABS', 'ROW', false],
    ['TAB', 'HEADER', true],
    ['TAB', 'TABS', true],
    ['ROW', 'COLUMN', true],
    ['ROW', 'HEADER', false],
    ['ROW', 'DIVIDER', false],
    ['COLUMN', 'DIVIDER', true],
    ['COLUMN', 'ROW', false],
    ['CHART', 'MARKDOWN', false],
    ['MARKDOWN', 'CHART', false],
  ] as const)('%s may contain %s: %s', (parent, child, expected) => {
    expect(canContain(parent, child)).toBe(expected);
  });

  it('counts a top-level tab like the grid and limits nesting depth', () => {
    expect(componentDepth(layout, 'TAB-a')).toBe(1);
    expect(componentDepth(layout, 'ROW-1')).toBe(2);
    expect(componentDepth(layout, 'COLUMN-1')).toBe(3);
    expect(isValidChild({ parentType: 'TABS', childType: 'TAB', parentDepth: 2 })).toBe(true);
    expect(isValidChild({ parentType: 'TABS', childType: 'TAB', parentDepth: 4 })).toBe(false);
    expect(isValidChild({ parentType: 'ROW', childType: 'CHART', parentDepth: 5 })).toBe(false);
  });
});

describe('validateDrop', () => {
  it('refuses a drop into a full row with the spec message', () => {
    const check = validateDrop(layout, { source: { id: 'ROW-1' }, destination: { id: 'ROW-2' }, dragging: { id: 'CHART-1', type: 'CHART' } });
    expect(check).toEqual({ ok: false, reason: 'no-space', message: NOT_ENOUGH_SPACE_MESSAGE });
  });

  it('accepts a drop that fits, and a reorder within the same row', () => {
    expect(validateDrop(layout, { source: { id: 'ROW-2' }, destination: { id: 'ROW-1' }, dragging: { id: 'CHART-3', type: 'CHART' } })).toEqual({ ok: false, reason: 'no-space', message: NOT_ENOUGH_SPACE_MESSAGE });
    expect(validateDrop(layout, { source: { id: 'NEW_COMPONENTS_SOURCE_ID' }, destination: { id: 'ROW-1' }, dragging: { id: 'new', type: 'CHART', meta: { width: 4 } } })).toEqual({ ok: true });
    expect(validateDrop(layout, { source: { id: 'ROW-2', index: 0 }, destination: { id: 'ROW-2', index: 1 }, dragging: { id: 'CHART-3', type: 'CHART' } })).toEqual({ ok: true });
  });

  it('refuses moving a top-level tab into nested tabs', () => {
    expect(validateDrop(layout, { source: { id: 'TABS-top' }, destination: { id: 'TABS-nested' }, dragging: { id: 'TAB-b', type: 'TAB' } })).toEqual({
      ok: false,
      reason: 'top-level-tab',
      message: TOP_LEVEL_TAB_MOVE_MESSAGE,
    });
  });

  it('refuses invalid parents and drops into the dragged subtree', () => {
    expect(validateDrop(layout, { source: { id: 'TAB-a' }, destination: { id: 'CHART-2' }, dragging: { id: 'x', type: 'CHART' } })).toMatchObject({ ok: false, reason: 'invalid-parent' });
    expect(validateDrop(layout, { source: { id: 'TAB-a' }, destination: { id: 'COLUMN-1' }, dragging: { id: 'ROW-1', type: 'ROW' } })).toMatchObject({ ok: false, reason: 'invalid-parent' });
    expect(validateDrop(layout, { source: { id: 'TABS-top' }, destination: { id: 'TAB-n1' }, dragging: { id: 'TAB-a', type: 'TABS' } })).toMatchObject({ ok: false });
  });

  it('moves a component without mutating the input', () => {
    const moved = moveComponent(layout, { source: { id: 'ROW-2' }, destination: { id: 'COLUMN-1', index: 0 }, dragging: { id: 'CHART-3', type: 'CHART' } });
    expect(moved['COLUMN-1'].children).toEqual(['CHART-3', 'CHART-2']);
    expect(moved['ROW-2'].children).toEqual(['CHART-4']);
    expect(layout['ROW-2'].children).toEqual(['CHART-3', 'CHART-4']);
  });
});
