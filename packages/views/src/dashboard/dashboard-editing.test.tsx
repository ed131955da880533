import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salesServer } from './dashboard-test-support';
import { DashboardView } from './dashboard-view';
import { dropIndexAmong, indicatorBox, INDICATOR_SIZE } from './drag-drop';
import { editModeCode } from './edit-mode-code';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const box = (left: number, top: number, width: number, height: number) => ({ left, top, width, height });

// First in the file: edit mode's code has not been loaded yet (the other tests load it up front).
describe('entering edit mode', () => {
  it("keeps the layout as viewed beside a loading pane until edit mode's code lands, then shows the builder and the edit controls", async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const server = salesServer();
    render(<DashboardView api={server.client} dashboardIdOrSlug={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit dashboard' }));
    if (!editModeCode.get()) {
      const pane = screen.getByRole('complementary', { name: 'Dashboard components' });
      expect(pane.querySelector('[aria-busy="true"] [role="status"]')?.textContent).toBe('Loading the dashboard editor');
      expect(document.querySelector('.bi-dash-edit-controls')).toBeNull();
    }
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Charts' })).toBeTruthy(), { timeout: 20_000 });
    expect(document.querySelector('.bi-dash--editing')).not.toBeNull();
    expect(screen.getAllByRole('button', { name: /^Delete / }).length).toBeGreaterThan(0);
  }, 30_000);
});

describe('drop indicator geometry', () => {
  const container = box(100, 50, 600, 400);
  const rows = [box(108, 58, 584, 100), box(108, 174, 584, 100)];

  it('draws a line across the grid in the gap where the drop lands: before, between, after', () => {
    const between = dropIndexAmong(rows, 300, 170, false);
    expect(between).toBe(1);
    // The gap is 158..174: the line is centred at 166, relative to the container top (50).
    expect(indicatorBox(container, rows, between, false)).toEqual({ left: 0, top: 166 - 50 - INDICATOR_SIZE / 2, width: 600, height: INDICATOR_SIZE });
    expect(indicatorBox(container, rows, 0, false)!.top).toBe(58 - 50 - INDICATOR_SIZE);
    expect(indicatorBox(container, rows, 2, false)!.top).toBe(274 - 50);
  });

  it('draws an upright line in a row, between its charts', () => {
    const charts = [box(0, 0, 200, 300), box(216, 0, 200, 300)];
    expect(dropIndexAmong(charts, 330, 10, true)).toBe(2);
    expect(indicatorBox(box(0, 0, 900, 300), charts, 1, true)).toEqual({ left: 208 - INDICATOR_SIZE / 2, top: 0, width: INDICATOR_SIZE, height: 300 });
  });

  it('has no line for an empty container: the drop goes inside it (the container is highlighted)', () => {
    expect(indicatorBox(container, [], 0, false)).toBeNull();
  });
});

async function openMarkdownInEditMode() {
  await editModeCode.load();
  vi.stubGlobal('IntersectionObserver', undefined);
  const server = salesServer();
  render(<DashboardView api={server.client} dashboardIdOrSlug={4} editFlag />);
  await screen.findByRole('heading', { name: 'Sales Dashboard' });
  const edit = (await screen.findAllByRole('button', { name: 'Edit markdown' }))[0];
  const markdown = edit.closest<HTMLElement>('.bi-dash-markdown')!;
  await waitFor(() => expect(markdown.querySelector('.bi-dash-markdown__body')!.innerHTML).not.toBe(''));
  return { edit, markdown };
}

describe('markdown editing', () => {
  it('a single click does not open the editor; a double-click does; Escape leaves and keeps the text', async () => {
    const { markdown } = await openMarkdownInEditMode();
    const body = markdown.querySelector('.bi-dash-markdown__body')!;
    fireEvent.click(body);
    expect(screen.queryByRole('textbox', { name: 'Markdown source' })).toBeNull();
    fireEvent.doubleClick(body);
    const editor = await screen.findByRole('textbox', { name: 'Markdown source' });
    fireEvent.change(editor, { target: { value: '## Escaped edit' } });
    fireEvent.keyDown(editor, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Markdown source' })).toBeNull());
    await waitFor(() => expect(markdown.querySelector('h2')?.textContent).toBe('Escaped edit'));
    // Keyboard users are back on the button that opened the editor.
    expect(document.activeElement).toBe(markdown.querySelector('.bi-dash-markdown__edit'));
  });

  it('the Edit button opens the editor; leaving it (blur) saves; no control is drawn over the editor', async () => {
    const { edit, markdown } = await openMarkdownInEditMode();
    fireEvent.click(edit);
    const editor = await screen.findByRole('textbox', { name: 'Markdown source' });
    expect(markdown.querySelector('.bi-dash-edit-controls, .bi-dash-resize-handle')).toBeNull();
    expect(markdown.querySelector('.bi-dash-markdown__toolbar')).not.toBeNull();
    fireEvent.change(editor, { target: { value: '### Blurred edit' } });
    fireEvent.blur(editor);
    await waitFor(() => expect(markdown.querySelector('h3')?.textContent).toBe('Blurred edit'));
  });
});

describe('layout children of a drop container', () => {
  it("counts a grid's rows, not the charts inside them", async () => {
    const { layoutChildBoxes } = await import('./drag-drop');
    const grid = document.createElement('div');
    grid.innerHTML =
      '<div data-layout-id="ROW-1"><div data-layout-id="CHART-1"></div><div data-layout-id="CHART-2"></div></div>' +
      '<div class="wrapper"><div data-layout-id="ROW-2"></div></div>';
    expect(layoutChildBoxes(grid)).toHaveLength(2);
  });
});
