import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, tooltipBubble } from './tooltip';

afterEach(cleanup);
afterEach(() => vi.useRealTimers());

describe('Tooltip', () => {
  it('loads its bubble with the first tooltip shown, and describes the trigger once it is on the page', async () => {
    render(
      <Tooltip content="Collapse filter bar">
        <button type="button" aria-label="Collapse">
          «
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Collapse' });
    fireEvent.focus(button);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('Collapse filter bar');
    expect(button.getAttribute('aria-describedby')).toBe(tip.id);
  });

  it('describes its trigger while hovered or focused, and Escape hides it', async () => {
    await tooltipBubble.load();
    vi.useFakeTimers();
    render(
      <Tooltip content="Drag to move">
        <button type="button" aria-label="Drag chart">
          Move
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Drag chart' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeNull();

    fireEvent.mouseEnter(button);
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Drag to move');
    expect(button.getAttribute('aria-describedby')).toBe(tip.id);
    // In a portal at the top of the page, not inside the trigger's (possibly clipping) container.
    expect(tip.closest('.bi-tooltip-anchor')).toBeNull();
    // Resting the pointer on the bubble keeps it; leaving both hides it after a short delay.
    fireEvent.mouseLeave(button, { relatedTarget: tip });
    fireEvent.mouseEnter(tip);
    vi.advanceTimersByTime(500);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.mouseLeave(tip);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.focusIn(button);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
