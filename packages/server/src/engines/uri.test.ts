import { describe, expect, it } from 'vitest';
import { LumenError } from '../errors';
import { maskUriPassword, parseConnectTarget, parseDatabaseUri } from './uri';
import { getEngineSpec } from './registry';

describe('parseDatabaseUri', () => {
  it('splits the password out of network URIs, keeping driver suffixes', () => {
    expect(parseDatabaseUri('postgresql+psycopg2://bob:s%40cret@db.local:5432/sales?sslmode=require')).toEqual({
      backend: 'postgresql',
      driver: 'psycopg2',
      uriWithoutPassword: 'postgresql+psycopg2://bob@db.local:5432/sales?sslmode=require',
      password: 's@cret',
    });
    expect(parseDatabaseUri('mysql+mysqldb://root@127.0.0.1:3306/test')).toMatchObject({ backend: 'mysql', password: null });
    expect(parseDatabaseUri('postgres://u:p@h/d').backend).toBe('postgresql');
    expect(parseDatabaseUri('mariadb://u:p@h/d').backend).toBe('mysql');
  });

  it('accepts file engines', () => {
    expect(parseDatabaseUri('duckdb:////tmp/x.duckdb')).toMatchObject({ backend: 'duckdb', uriWithoutPassword: 'duckdb:////tmp/x.duckdb', password: null });
    expect(parseConnectTarget('duckdb:////tmp/x.duckdb').database).toBe('/tmp/x.duckdb');
    expect(parseConnectTarget('sqlite:///rel.db').database).toBe('rel.db');
    expect(parseConnectTarget('sqlite://').database).toBe(':memory:');
  });

  it('rejects garbage with the incumbent message', () => {
    expect(() => parseDatabaseUri('not a uri')).toThrow(LumenError);
    expect(() => parseDatabaseUri('not a uri')).toThrow(/Invalid connection string/);
    expect(() => parseDatabaseUri('oracle://u@h/d')).toThrow(/unsupported backend/);
  });

  it('parses targets and masks passwords', () => {
    const target = parseConnectTarget('postgresql://u%20x:pw@[::1]:6543/db?connect_timeout=3', 'override');
    expect(target).toMatchObject({ host: '::1', port: 6543, username: 'u x', password: 'override', database: 'db', query: { connect_timeout: '3' } });
    expect(maskUriPassword('mysql://root:secret@h/d')).toBe('mysql://root:XXXXXXXXXX@h/d');
  });

  it('builds URIs from parameters and back', () => {
    const spec = getEngineSpec('postgresql');
    const uri = spec.buildUri({ host: 'h', port: 5432, username: 'u', password: 'p w', database: 'd', encryption: true });
    expect(uri).toBe('postgresql+psycopg2://u:p%20w@h:5432/d?sslmode=require');
    expect(spec.parametersFromTarget(parseConnectTarget(uri))).toMatchObject({ host: 'h', port: 5432, username: 'u', database: 'd', encryption: true });
    expect(getEngineSpec('duckdb').buildUri({ database: '/tmp/a.duckdb' })).toBe('duckdb:////tmp/a.duckdb');
  });
});
