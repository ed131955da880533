import { ClientError, createHttpError } from '@lumen-bi/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { DEFAULT_ERROR_TITLE, ErrorPanel } from './error-panel';
import { Modal, modalStyle } from './modal';
import { createToastStore } from './toast-store';
import { Toasts } from './toasts';

afterEach(cleanup);

afterEach(() => vi.useRealTimers());

describe('toasts (spec 3 §9 durations)', () => {
  it('removes info and success after 4 s, warning after 6 s and danger after 8 s', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    store.info('i');
    store.success('s');
    store.warning('w');
    store.danger('d');
    expect(store.toasts.value.map((t) => [t.text, t.duration])).toEqual([
      ['i', 4000],
      ['s', 4000],
      ['w', 6000],
      ['d', 8000],
    ]);
    vi.advanceTimersByTime(4000);
    expect(store.toasts.value.map((t) => t.text)).toEqual(['w', 'd']);
    vi.advanceTimersByTime(2000);
    expect(store.toasts.value.map((t) => t.text)).toEqual(['d']);
    vi.advanceTimersByTime(2000);
    expect(store.toasts.value).toEqual([]);
  });

  it('skips duplicates when asked and renders alerts for danger toasts', () => {
    const store = createToastStore();
    store.danger('Failed', { noDuplicate: true });
    expect(store.danger('Failed', { noDuplicate: true })).toBeNull();
    render(<Toasts store={store} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    expect(store.toasts.value).toEqual([]);
  });
});

describe('<ErrorPanel>', () => {
  it('renders database engine errors with their issue codes (more panel types in error-panel.test.tsx)', () => {
    const error = createHttpError(400, 'BAD REQUEST', {
      message: 'Column "x" does not exist',
      errors: [{ error_type: 'COLUMN_DOES_NOT_EXIST_ERROR', level: 'error', message: 'Column "x" does not exist', extra: { issue_codes: [{ code: 1003, message: 'Issue 1003' }] } }],
    });
    render(<ErrorPanel error={error} />);
    expect(screen.getByRole('heading').textContent).toBe('DB engine Error');
    expect(screen.getByText(/Issue 1003/)).toBeTruthy();
  });

  it("shows plain errors under 'Unexpected error' with a stack trace toggle, and network failures with their catalogue message", () => {
    render(<ErrorPanel error={new Error('Unknown viz type: x')} />);
    expect(screen.getByText('Unknown viz type: x')).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe(DEFAULT_ERROR_TITLE);
    fireEvent.click(screen.getByRole('button', { name: 'Show stack trace' }));
    cleanup();
    render(<ErrorPanel error={new ClientError({ kind: 'network', message: 'Network error', errors: [{ error_type: 'FRONTEND_NETWORK_ERROR', level: 'error', message: 'Network error' }] })} />);
    expect(screen.getByRole('heading').textContent).toBe('Network error');
  });
});

describe('<Modal> (spec 3 §2 sizes)', () => {
  it('is 600px wide by default, the full width up to 900px when responsive, never under 380px', () => {
    expect(modalStyle(false)).toEqual({ width: '600px', minWidth: '380px', minHeight: '109px' });
    expect(modalStyle(true)).toEqual({ width: '100%', maxWidth: '900px', minWidth: '380px', minHeight: '109px' });
    expect(modalStyle(true, undefined, 900)).toMatchObject({ height: '900px' });
  });

  it('renders in a portal at the end of the body with its own styles, and returns focus to its opener', () => {
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <div className="host" style={{ overflow: 'hidden', width: 100 }}>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Modal title="Properties" show={open} onHide={() => setOpen(false)}>
            <input aria-label="Title" />
          </Modal>
        </div>
      );
    }
    const { container } = render(<Host />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Properties' });
    expect(container.contains(dialog)).toBe(false);
    expect(dialog.closest('.bi-modal-root')?.parentElement).toBe(document.body);
    expect(dialog.closest('.bi-modal-root')?.querySelector('style')?.textContent).toContain('.bi-modal-backdrop');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes only the innermost of nested modals on Escape and on a press on its backdrop', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Modal title="Outer" show onHide={outer}>
          outer
        </Modal>
        <Modal title="Inner" show onHide={inner}>
          inner
        </Modal>
      </>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    const backdrops = document.querySelectorAll('.bi-modal-backdrop');
    fireEvent.mouseDown(backdrops[0]);
    expect(outer).not.toHaveBeenCalled();
    fireEvent.mouseDown(backdrops[1]);
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('has Cancel and OK buttons and closes on Escape', () => {
    const onHide = vi.fn();
    const onOk = vi.fn();
    render(
      <Modal title="Save chart" show onHide={onHide} onOk={onOk}>
        body
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Save chart' }).getAttribute('style')).toContain('width: 600px');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onOk).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onHide).toHaveBeenCalledTimes(2);
  });
});
