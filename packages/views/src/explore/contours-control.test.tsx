import { getControlPanel } from '@lumen-bi/charts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ControlField } from './control-field';
import { ContoursControl } from './contours-control';
import { contourToDraft, describeContour, draftToContour } from './contours-rules';
import { BIRTH_NAMES } from './test-support';

afterEach(cleanup);

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

function Harness({ initial = [], onChange }: { initial?: unknown[]; onChange(contours: unknown[]): void }) {
  const [contours, setContours] = useState<unknown[]>(initial);
  return (
    <ContoursControl
      label="Contours"
      value={contours}
      onChange={(next) => {
        setContours(next);
        onChange(next);
      }}
    />
  );
}

describe('contour drafts', () => {
  it('validates with messages naming what is wrong', () => {
    const empty = contourToDraft(null);
    expect(draftToContour(empty).errors).toEqual({ lowerThreshold: 'Lower threshold cannot be empty' });
    expect(draftToContour({ ...empty, lowerThreshold: 'ten' }).errors).toEqual({ lowerThreshold: 'Lower threshold must be a number' });
    expect(draftToContour({ ...empty, lowerThreshold: '9', upperThreshold: '3' }).errors).toEqual({ upperThreshold: 'Upper threshold must be greater than the lower threshold (9)' });
    expect(draftToContour({ ...empty, lowerThreshold: '1', upperThreshold: 'x', strokeWidth: '-1' }).errors).toEqual({
      upperThreshold: 'Upper threshold must be a number',
      strokeWidth: 'Stroke width must be a number, 0 or more',
    });
    expect(draftToContour({ ...empty, lowerThreshold: '1', upperThreshold: '2', strokeWidth: '0' }).contour?.strokeWidth).toBe(0);
    expect(draftToContour({ ...empty, lowerThreshold: '1', color: 'mauve' }).errors).toEqual({ color: 'Pick a colour' });
    expect(draftToContour({ ...empty, lowerThreshold: '2', upperThreshold: '5.5', strokeWidth: '3' }).contour).toEqual({
      color: { r: 0, g: 122, b: 135, a: 1 },
      lowerThreshold: 2,
      upperThreshold: 5.5,
      strokeWidth: 3,
    });
    expect(draftToContour({ ...empty, lowerThreshold: '4', color: '#ff0000' }).contour).toEqual({ color: { r: 255, g: 0, b: 0, a: 1 }, lowerThreshold: 4, strokeWidth: 1 });
  });

  it('reads saved contours (strings or numbers) and describes isolines and isobands', () => {
    expect(contourToDraft({ lowerThreshold: '1', upperThreshold: 5, strokeWidth: 2, color: '#ff0000' })).toEqual({ color: '#ff0000', lowerThreshold: '1', upperThreshold: '5', strokeWidth: '2' });
    expect(describeContour({ lowerThreshold: 1, upperThreshold: 5, strokeWidth: 2 })).toBe('Isoband 1 – 5, stroke 2');
    expect(describeContour({ lowerThreshold: 3 })).toBe('Isoline 3, stroke 1');
  });
});

describe('contours control', () => {
  it('adds a contour only once valid; Enter in a field applies, every part is a native focusable control', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByText(/No contours/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add contour' }));
    const form = screen.getByRole('group', { name: 'New contour' });
    // Inputs and buttons only (no click-only div): Tab reaches each, Enter/Space press the buttons.
    expect([...form.querySelectorAll('input, button')].map((e) => e.getAttribute('aria-label') ?? e.textContent)).toEqual([
      'Lower threshold',
      'Upper threshold',
      'Contour color',
      'Stroke width',
      'Cancel',
      'Add',
    ]);
    const lower = screen.getByRole('textbox', { name: 'Lower threshold' });
    // The opened form has the focus, on its first field.
    expect(document.activeElement).toBe(lower);
    const upper = screen.getByRole('textbox', { name: 'Upper threshold' });
    fireEvent.change(lower, { target: { value: '9' } });
    fireEvent.change(upper, { target: { value: '3' } });
    fireEvent.keyDown(upper, { key: 'Enter' });
    expect(alerts()).toEqual(['Upper threshold must be greater than the lower threshold (9)']);
    expect(upper.getAttribute('aria-invalid')).toBe('true');
    expect(upper.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(upper, { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Contour color'), { target: { value: '#ff8800' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Stroke width' }), { target: { value: '2' } });
    // Enter's default is stopped: its keypress would otherwise press 'Add contour', focused once the form closes.
    expect(fireEvent.keyDown(screen.getByRole('textbox', { name: 'Stroke width' }), { key: 'Enter' })).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith([{ color: { r: 255, g: 136, b: 0, a: 1 }, lowerThreshold: 9, upperThreshold: 30, strokeWidth: 2 }]);
    expect(screen.getByText('Isoband 9 – 30, stroke 2')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'New contour' })).toBeNull();
    // Closed, it gives the focus back to the control.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add contour' }));
  });

  it('edits, cancels with Escape and removes saved contours', () => {
    const onChange = vi.fn();
    const saved = [
      { lowerThreshold: 1, upperThreshold: 10, color: { r: 255, g: 0, b: 0, a: 0.5 }, strokeWidth: 1 },
      { lowerThreshold: 100, color: { r: 0, g: 0, b: 255, a: 1 }, strokeWidth: 3 },
    ];
    render(<Harness initial={saved} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit contour 1: Isoband 1 – 10, stroke 1' }));
    expect((screen.getByRole('textbox', { name: 'Lower threshold' }) as HTMLInputElement).value).toBe('1');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Lower threshold' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Edit contour' })).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Edit contour 1: Isoband 1 – 10, stroke 1' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Upper threshold' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // The saved alpha survives the colour picker; an emptied upper threshold makes an isoline.
    expect(onChange).toHaveBeenLastCalledWith([{ lowerThreshold: 1, color: { r: 255, g: 0, b: 0, a: 0.5 }, strokeWidth: 1 }, saved[1]]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove contour 2: Isoline 100, stroke 3' }));
    expect(onChange).toHaveBeenLastCalledWith([{ lowerThreshold: 1, color: { r: 255, g: 0, b: 0, a: 0.5 }, strokeWidth: 1 }]);
  });

  it("is deck_contour's contours control in the control panel", () => {
    const config = getControlPanel('deck_contour').sections.flatMap((s) => s.controlSetRows.flat()).find((c) => c.name === 'contours')!.config;
    expect(config).toMatchObject({ type: 'ContourControl', label: 'Contours', renderTrigger: true });
    render(<ControlField name="contours" config={config} value={[]} datasource={BIRTH_NAMES} onChange={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Contours' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add contour' })).toBeTruthy();
  });
});
