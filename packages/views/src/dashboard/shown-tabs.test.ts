import type { DashboardLayout, LayoutComponent } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { shownTabs } from './shown-tabs';

const node = (id: string, type: LayoutComponent['type'], children: string[] = []): LayoutComponent => ({ id, type, children });
const layout: DashboardLayout = Object.fromEntries(
  [
    node('ROOT_ID', 'ROOT', ['TABS-top']),
    node('TABS-top', 'TABS', ['TAB-a', 'TAB-b']),
    node('TAB-a', 'TAB', ['ROW-1']),
    node('ROW-1', 'ROW', ['CHART-1']),
    node('CHART-1', 'CHART'),
    node('TAB-b', 'TAB', ['TABS-inner']),
    node('TABS-inner', 'TABS', ['TAB-b1', 'TAB-b2']),
    node('TAB-b1', 'TAB'),
    node('TAB-b2', 'TAB'),
  ].map((c) => [c.id, c]),
);

describe('shownTabs', () => {
  it('answers the default (first) tab of each visible tabs container before anything was chosen', () => {
    expect(shownTabs(layout, [])).toEqual(['TAB-a']);
  });

  it('follows the chosen tabs, with the defaults of the tabs they reveal', () => {
    expect(shownTabs(layout, ['TAB-b'])).toEqual(['TAB-b', 'TAB-b1']);
    expect(shownTabs(layout, ['TAB-b', 'TAB-b2'])).toEqual(['TAB-b', 'TAB-b2']);
    // A chosen tab inside a hidden tab is not on screen.
    expect(shownTabs(layout, ['TAB-b2'])).toEqual(['TAB-a']);
  });

  it('is empty without tabs, and survives a layout that loops or names missing components', () => {
    expect(shownTabs({ ROOT_ID: node('ROOT_ID', 'ROOT', ['GRID_ID']), GRID_ID: node('GRID_ID', 'GRID') }, [])).toEqual([]);
    const looping: DashboardLayout = { ROOT_ID: node('ROOT_ID', 'ROOT', ['ROW', 'NOPE']), ROW: node('ROW', 'ROW', ['ROOT_ID']) };
    expect(shownTabs(looping, [])).toEqual([]);
  });
});
