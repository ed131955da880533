import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ControlConfig } from '@lumen-bi/charts';
import { colorToHex, hexToRgba } from './color-picker-control';
import { ControlField } from './control-field';
import type { DatasourceMetadata } from './explore-types';

afterEach(cleanup);

const config = { type: 'ColorPickerControl', label: 'Color', renderTrigger: true } as ControlConfig;
const datasource = { columns: [], metrics: [] } as unknown as DatasourceMetadata;

function swatch(value: unknown, onChange: (v: unknown) => void = () => undefined): HTMLInputElement {
  render(<ControlField name="color_picker" config={config} value={value} datasource={datasource} onChange={onChange} />);
  return screen.getByLabelText('Color') as HTMLInputElement;
}

describe('color_picker control', () => {
  it("shows the incumbent's rgba default as its colour, not black", () => {
    expect(swatch({ r: 0, g: 122, b: 135, a: 1 }).value).toBe('#007a87');
  });

  it('shows a saved hex string, short or long', () => {
    expect(swatch('#1FA8C9').value).toBe('#1fa8c9');
    cleanup();
    expect(swatch('#f00').value).toBe('#ff0000');
  });

  it("saves a picked colour in the incumbent's rgba shape, keeping the saved alpha", () => {
    const onChange = vi.fn();
    fireEvent.change(swatch({ r: 0, g: 122, b: 135, a: 0.4 }, onChange), { target: { value: '#ff8000' } });
    expect(onChange).toHaveBeenLastCalledWith({ r: 255, g: 128, b: 0, a: 0.4 });
  });

  it('reads out of range channels as the nearest colour and rejects what is no colour', () => {
    expect(colorToHex({ r: 300, g: -2, b: 16.4, a: 1 })).toBe('#ff0010');
    expect(colorToHex({ r: 'x', g: 0, b: 0 })).toBeNull();
    expect(colorToHex('red')).toBeNull();
    expect(colorToHex(undefined)).toBeNull();
    expect(() => hexToRgba('blue')).toThrow("Not a #rrggbb colour: 'blue'");
  });
});
