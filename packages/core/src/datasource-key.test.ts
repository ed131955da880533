import { describe, expect, it } from 'vitest';
import { DATASOURCE_TYPES, formatDatasourceKey, parseDatasourceKey } from './datasource-key';

describe('datasource keys', () => {
  it('parses every datasource type', () => {
    expect(DATASOURCE_TYPES).toEqual(['table', 'query', 'dataset', 'sl_table', 'saved_query']);
    for (const type of DATASOURCE_TYPES) expect(parseDatasourceKey(`12__${type}`)).toEqual({ id: 12, type });
  });

  it('formats keys', () => {
    expect(formatDatasourceKey({ id: 3, type: 'table' })).toBe('3__table');
    expect(() => formatDatasourceKey({ id: 1.5, type: 'table' })).toThrow('Invalid datasource id 1.5');
  });

  it.each(['3_table', 'table__3', 'x__table', '3__', ''])('rejects %j with a clear error', (key) => {
    expect(() => parseDatasourceKey(key)).toThrow(`Invalid datasource key ${JSON.stringify(key)}: expected "id__type"`);
  });

  it('names an unknown type', () => {
    expect(() => parseDatasourceKey('3__view')).toThrow('unknown datasource type "view"');
  });
});
