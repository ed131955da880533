import { describe, expect, it } from 'vitest';
import { projection } from './projection';

const chart = {
  id: 1,
  slice_name: 'Sales',
  owners: [
    { id: 2, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' },
    { id: 3, first_name: 'Alan', last_name: 'Turing', email: 'alan@example.org' },
  ],
  table: { table_name: 'sales', default_endpoint: null, schema: 'main' },
  last_saved_by: null,
  tags: [],
};

describe('projection', () => {
  it('keeps the named keys in the order the columns first name them', () => {
    expect(Object.keys(projection(['slice_name', 'id'])(chart))).toEqual(['slice_name', 'id']);
  });

  it('picks inside every element of an array and inside an object', () => {
    const pick = projection(['id', 'owners.first_name', 'owners.id', 'table.table_name', 'tags.id']);
    expect(pick(chart)).toEqual({
      id: 1,
      owners: [{ first_name: 'Ada', id: 2 }, { first_name: 'Alan', id: 3 }],
      table: { table_name: 'sales' },
      tags: [],
    });
    expect(Object.keys((pick(chart).owners as Record<string, unknown>[])[0])).toEqual(['first_name', 'id']);
  });

  it('keeps a key whole when a column names it whole, before or after a dotted column', () => {
    expect(projection(['owners', 'owners.id'])(chart).owners).toEqual(chart.owners);
    expect(projection(['owners.id', 'owners'])(chart).owners).toEqual(chart.owners);
  });

  it('answers null for a missing key and for a dotted column inside null', () => {
    expect(projection(['nothing', 'last_saved_by.id'])(chart)).toEqual({ nothing: null, last_saved_by: null });
  });

  it('picks several keys two levels down', () => {
    const item = { database: { backend: { name: 'duckdb', version: 1, build: 'x' } } };
    expect(projection(['database.backend.name', 'database.backend.version'])(item)).toEqual({ database: { backend: { name: 'duckdb', version: 1 } } });
  });
});
