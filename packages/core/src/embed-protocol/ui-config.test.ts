import { describe, expect, it } from 'vitest';
import { isEmbedHandshake, isSwitchboardMessage } from './messages';
import { decodeUiConfig, displayModeToStandalone, encodeUiConfig, standaloneToDisplayMode } from './ui-config';

describe('uiConfig wire encoding', () => {
  it('uses the incumbent bit values', () => {
    expect(encodeUiConfig({})).toBe(0);
    expect(encodeUiConfig({ hideTitle: true })).toBe(1);
    expect(encodeUiConfig({ hideTab: true })).toBe(2);
    expect(encodeUiConfig({ hideNav: true })).toBe(4);
    expect(encodeUiConfig({ hideChartControls: true })).toBe(8);
    expect(encodeUiConfig({ emitDataMasks: true })).toBe(16);
    expect(encodeUiConfig({ showRowLimitWarning: true })).toBe(32);
    expect(encodeUiConfig({ hideTitle: true, hideTab: true, hideNav: true, hideChartControls: true, emitDataMasks: true, showRowLimitWarning: true })).toBe(63);
    expect(encodeUiConfig({ hideTitle: false, emitDataMasks: true })).toBe(16);
  });

  it('decodes what it encodes and tolerates junk', () => {
    expect(decodeUiConfig(encodeUiConfig({ hideTab: true, emitDataMasks: true }))).toEqual({
      hideTitle: false, hideTab: true, hideNav: false, hideChartControls: false, emitDataMasks: true, showRowLimitWarning: false,
    });
    expect(decodeUiConfig('17').hideTitle).toBe(true);
    expect(Object.values(decodeUiConfig('abc')).some(Boolean)).toBe(false);
    expect(Object.values(decodeUiConfig(-1)).some(Boolean)).toBe(false);
    expect(Object.values(decodeUiConfig(null)).some(Boolean)).toBe(false);
    expect(decodeUiConfig(64 + 8).hideChartControls).toBe(true);
  });

  it('maps display modes to standalone values', () => {
    expect(['none', 'hideNav', 'hideNavAndTitle', 'report'].map((m) => displayModeToStandalone(m as never))).toEqual([0, 1, 2, 3]);
    expect(standaloneToDisplayMode('3')).toBe('report');
    expect(standaloneToDisplayMode('9')).toBe('none');
  });
});

describe('message guards', () => {
  it('recognises the handshake and switchboard messages only', () => {
    expect(isEmbedHandshake({ type: '__embedded_comms__', handshake: 'port transfer' })).toBe(true);
    expect(isEmbedHandshake({ type: '__embedded_comms__' })).toBe(false);
    expect(isEmbedHandshake('port transfer')).toBe(false);
    expect(isSwitchboardMessage({ switchboardAction: 'reply', messageId: 'm_1' })).toBe(true);
    expect(isSwitchboardMessage({ switchboardAction: 'error', messageId: 'm_1' })).toBe(false);
    expect(isSwitchboardMessage({ switchboardAction: 'call', method: 'x' })).toBe(false);
  });
});
