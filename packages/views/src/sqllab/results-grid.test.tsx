import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cellText, searchRows, toCsv, visibleRange } from './grid-model';
import { ResultsGrid } from './results-grid';

const bigData = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: i % 2 ? `Alice ${i}` : `bob ${i}`, payload: i === 3 ? '{"a":[1,2]}' : null }));

describe('results grid', () => {
  it('renders only the visible rows of 100k', () => {
    const { container } = render(<ResultsGrid columns={['id', 'name', 'payload']} data={bigData} height={400} />);
    const rows = container.querySelectorAll('.bi-grid__row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(container.querySelector('[role="grid"]')!.getAttribute('aria-rowcount')).toBe('100001');
    const grid = container.querySelector('.bi-grid') as HTMLDivElement;
    fireEvent.scroll(grid, { target: { scrollTop: 28 * 50_000 } });
    const numbers = [...container.querySelectorAll('.bi-grid__row [role="rowheader"]')].map((el) => Number(el.textContent));
    expect(numbers).toContain(50_001);
    expect(container.querySelectorAll('.bi-grid__row').length).toBeLessThan(60);
  });

  it('searches every cell, ignoring case', () => {
    expect(searchRows([{ a: 'Amy' }, { a: 'bob' }, { a: null }], ['a'], 'AM')).toEqual([0]);
    expect(searchRows(bigData, ['id', 'name'], 'ALICE 9999').length).toBe(6);
    const { container } = render(<ResultsGrid columns={['id', 'name']} data={bigData.slice(0, 100)} search="BOB 4" height={400} />);
    const names = [...container.querySelectorAll('.bi-grid__row [role="gridcell"]:nth-child(3)')].map((el) => el.textContent);
    expect(names).toEqual(['bob 4', 'bob 40', 'bob 42', 'bob 44', 'bob 46', 'bob 48']);
  });

  it('sorts from the column menu and opens JSON in the cell viewer', () => {
    const data = [{ n: 2, j: '{"a":1}' }, { n: 10, j: null }, { n: 1, j: null }];
    const { container } = render(<ResultsGrid columns={['n', 'j']} data={data} height={300} />);
    fireEvent.click(screen.getByRole('button', { name: 'Column menu n' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sort descending' }));
    const firstColumn = [...container.querySelectorAll('.bi-grid__row [role="gridcell"]:nth-child(2)')].map((el) => el.textContent);
    expect(firstColumn).toEqual(['10', '2', '1']);
    fireEvent.click(screen.getByText('{"a":1}'));
    expect(screen.getByTestId('cell-viewer').textContent).toBe('{\n  "a": 1\n}');
  });

  it('cell text, window and CSV follow the display rules', () => {
    expect([cellText(null), cellText(true), cellText(false), cellText({ a: 1 })]).toEqual(['N/A', 'True', 'False', '{"a":1}']);
    expect(visibleRange(0, 300, 30, 100000, 0)).toEqual({ start: 0, end: 10 });
    expect(toCsv(['a', 'b'], [{ a: 1, b: 'x,"y"' }, { a: null, b: 'z' }])).toBe('a,b\r\n1,"x,""y"""\r\n,z\r\n');
  });
});
