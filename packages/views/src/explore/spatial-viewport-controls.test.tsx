import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DECK_VIEW_EVENT, type ControlConfig } from '@lumen-bi/charts';
import { ControlField } from './control-field';
import type { DatasourceMetadata } from './explore-types';
import { withType } from './spatial-control';

afterEach(cleanup);

const datasource = { columns: [{ column_name: 'lon' }, { column_name: 'lat' }, { column_name: 'lat_lon', verbose_name: 'Lat, lon' }], metrics: [] } as unknown as DatasourceMetadata;
const spatialConfig = { type: 'SpatialControl', label: 'Longitude & Latitude', validators: ['nonEmpty', 'spatial'] } as ControlConfig;
const viewportConfig = { type: 'ViewportControl', label: 'Viewport', validators: ['viewport'] } as ControlConfig;

describe('spatial control', () => {
  it('edits two columns by keyboard-reachable, labelled pickers and saves the incumbent shape', () => {
    const onChange = vi.fn();
    render(<ControlField name="spatial" config={spatialConfig} value={{ type: 'latlong', lonCol: 'lon' }} datasource={datasource} onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Longitude & Latitude' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Longitude & Latitude: coordinates as' }) as HTMLInputElement).value).toBe('Longitude and latitude columns');
    expect((screen.getByRole('combobox', { name: 'Longitude & Latitude: Longitude column' }) as HTMLInputElement).value).toBe('lon');
    const latitude = screen.getByRole('combobox', { name: 'Longitude & Latitude: Latitude column' });
    fireEvent.focus(latitude);
    // The list opens on the first column: one step down is 'lat'.
    fireEvent.keyDown(latitude, { key: 'ArrowDown' });
    fireEvent.keyDown(latitude, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ type: 'latlong', lonCol: 'lon', latCol: 'lat' });
  });

  it('switches to a delimited column with its reverse checkbox, keeping no stale columns', () => {
    const onChange = vi.fn();
    render(<ControlField name="spatial" config={spatialConfig} value={{ type: 'delimited', lonlatCol: 'lat_lon' }} datasource={datasource} onChange={onChange} />);
    expect((screen.getByRole('combobox', { name: 'Longitude & Latitude: Delimited column' }) as HTMLInputElement).value).toBe('Lat, lon');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reverse (read "lon,lat")' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'delimited', lonlatCol: 'lat_lon', reverseCheckbox: true });
    expect(withType({ type: 'latlong', lonCol: 'lon', latCol: 'lat' }, 'geohash')).toEqual({ type: 'geohash', reverseCheckbox: false });
  });

  it("shows the validator's message under the control", () => {
    render(<ControlField name="spatial" config={spatialConfig} value={{ type: 'latlong', lonCol: 'lon' }} datasource={datasource} errors={['Pick the latitude column']} onChange={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('Pick the latitude column');
  });
});

describe('viewport control', () => {
  it('edits each field by a labelled number input within its range; clearing a field unsets it', () => {
    const onChange = vi.fn();
    render(<ControlField name="viewport" config={viewportConfig} value={{ longitude: 2.35, latitude: 48.85, zoom: 5 }} datasource={datasource} onChange={onChange} />);
    const zoom = screen.getByLabelText('Zoom') as HTMLInputElement;
    expect([zoom.value, zoom.min, zoom.max]).toEqual(['5', '0', '24']);
    expect((screen.getByLabelText('Pitch') as HTMLInputElement).placeholder).toBe('0');
    fireEvent.change(zoom, { target: { value: '7.5' } });
    expect(onChange).toHaveBeenLastCalledWith({ longitude: 2.35, latitude: 48.85, zoom: 7.5 });
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ longitude: 2.35, zoom: 5 });
  });

  it('marks a field out of range invalid', () => {
    render(<ControlField name="viewport" config={viewportConfig} value={{ zoom: 30 }} datasource={datasource} errors={['Zoom must be a number from 0 to 24']} onChange={() => undefined} />);
    expect(screen.getByLabelText('Zoom').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Bearing').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Zoom must be a number from 0 to 24');
  });

  it("takes the map's current view once the map has told it", () => {
    const onChange = vi.fn();
    render(<ControlField name="viewport" config={viewportConfig} value={undefined} datasource={datasource} onChange={onChange} />);
    const capture = screen.getByRole('button', { name: "Use the map's current view" }) as HTMLButtonElement;
    expect(capture.disabled).toBe(true);
    const view = { longitude: -0.12, latitude: 51.5, zoom: 9.5, pitch: 30, bearing: 10 };
    act(() => {
      document.body.dispatchEvent(new CustomEvent(DECK_VIEW_EVENT, { bubbles: true, detail: view }));
    });
    expect(capture.disabled).toBe(false);
    fireEvent.click(capture);
    expect(onChange).toHaveBeenLastCalledWith(view);
  });
});
