import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VizTypePicker } from './viz-type-picker';

afterEach(cleanup);

const registry = registerBuiltInCharts(createChartRegistry());

describe("Explore's chart type picker", () => {
  it('lists every registered type under its category, as the incumbent groups them', () => {
    render(<VizTypePicker registry={registry} value="pie" onChange={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: /Chart type: Pie Chart/ }));
    const dialog = screen.getByRole('dialog', { name: 'Change chart type' });
    const categories = within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(categories).toContain('Flow');
    expect(categories).toContain('Part of a Whole');
    const listed = within(dialog).getAllByRole('listitem').map((item) => item.querySelector('[data-viz-type]')?.getAttribute('data-viz-type'));
    expect(listed.sort()).toEqual([...registry.list()].sort());
    const pressed = within(within(dialog).getByRole('list', { name: 'Part of a Whole' })).getByRole('button', { pressed: true });
    expect(pressed.getAttribute('data-viz-type')).toBe('pie');
  });

  it('narrows the gallery by a search on names, categories and tags, and says when nothing matches', () => {
    const onChange = vi.fn();
    render(<VizTypePicker registry={registry} value="pie" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /Chart type/ }));
    const search = screen.getByRole('searchbox', { name: 'Search chart types' });
    fireEvent.change(search, { target: { value: 'sankey' } });
    const items = within(screen.getByRole('dialog', { name: 'Change chart type' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Sankey Chart']);
    fireEvent.click(within(items[0]!).getByRole('button'));
    expect(onChange).toHaveBeenCalledWith('sankey_v2');
    fireEvent.click(screen.getByRole('button', { name: /Chart type/ }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search chart types' }), { target: { value: 'no such chart' } });
    expect(within(screen.getByRole('dialog', { name: 'Change chart type' })).queryAllByRole('listitem')).toEqual([]);
    expect(screen.getByText(/No chart type matches/)).toBeTruthy();
  });
});
