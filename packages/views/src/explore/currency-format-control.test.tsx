import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getControlPanel, type ControlItem } from '@lumen-bi/charts';
import { ControlField } from './control-field';
import { currencyCodes, CurrencyFormatControl } from './currency-format-control';
import type { DatasourceMetadata } from './explore-types';

afterEach(cleanup);

/** Types a code into a combobox and takes the first matching option. */
function choose(name: string, text: string) {
  const box = screen.getByRole('combobox', { name });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

describe('CurrencyFormatControl', () => {
  it('lists ISO 4217 codes with the symbol the chart will draw', () => {
    expect(currencyCodes()).toContain('USD');
    expect(currencyCodes()).toContain('EUR');
    render(<CurrencyFormatControl label="Currency format" value={{}} onChange={() => undefined} />);
    fireEvent.focus(screen.getByRole('combobox', { name: 'Currency' }));
    expect(screen.getByRole('option', { name: '$ (USD)' })).toBeTruthy();
  });

  it("picking a currency saves the incumbent's {symbol, symbolPosition}, prefix first", () => {
    const onChange = vi.fn();
    render(<CurrencyFormatControl label="Currency format" value={{}} onChange={onChange} />);
    choose('Currency', 'USD');
    expect(onChange).toHaveBeenLastCalledWith({ symbolPosition: 'prefix', symbol: 'USD' });
  });

  it('moves a saved currency after the number and clears it', () => {
    const onChange = vi.fn();
    render(<CurrencyFormatControl label="Currency format" value={{ symbol: 'EUR', symbolPosition: 'prefix' }} onChange={onChange} />);
    choose('Prefix or suffix', 'Suffix');
    expect(onChange).toHaveBeenLastCalledWith({ symbol: 'EUR', symbolPosition: 'suffix' });
    choose('Currency', 'No currency');
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('keeps a saved code the browser does not list', () => {
    expect(currencyCodes('XBT')[0]).toBe('XBT');
  });

  it('is the widget of the currency_format control, in the panels whose incumbent panel has it', () => {
    const currencyControl = (vizType: string): ControlItem | undefined =>
      getControlPanel(vizType).sections.flatMap((s) => s.controlSetRows.flat()).find((c) => c.name === 'currency_format');
    for (const vizType of ['big_number', 'big_number_total', 'pie', 'echarts_timeseries_line', 'echarts_timeseries_bar', 'mixed_timeseries']) expect(currencyControl(vizType)?.config.type, vizType).toBe('CurrencyControl');
    const config = currencyControl('pie')!.config;
    render(<ControlField name="currency_format" config={config} value={{ symbol: 'USD', symbolPosition: 'prefix' }} datasource={{ columns: [], metrics: [] } as unknown as DatasourceMetadata} onChange={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Currency format' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Currency' }) as HTMLInputElement).value).toBe('$ (USD)');
  });
});
