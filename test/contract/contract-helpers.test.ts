import { describe, expect, it } from 'vitest';
import { isAllowed } from './allowed-differences';
import { diffDocuments, idMapOf, yaml11Misreadings } from './bundle-diff';
import { expandPathNotation, parseDocumentedEndpoints, pathsOfCell } from './documented-endpoints';
import { applyErrata } from './incumbent-errata';
import { diffShapes, shapeOf } from './value-shape';

/** The contract suite's own parts, on small inputs whose answers are known. */
describe('reading docs/rest-api.md tables', () => {
  it('expands optional parts and literal alternatives', () => {
    expect(expandPathNotation('/tabstateview/[{id}]')).toEqual(['/tabstateview/', '/tabstateview/{id}']);
    expect(expandPathNotation('/related/{roles,created_by}')).toEqual(['/related/roles', '/related/created_by']);
  });

  it('resolves shorthand against the first path of the cell', () => {
    expect(pathsOfCell('`/api/v1/database/{id}/catalogs/`, `/schemas/?q=(force)`', null)).toEqual(['/api/v1/database/{id}/catalogs/', '/api/v1/database/{id}/schemas/']);
    expect(pathsOfCell('`/api/v1/security/users/`, `/{id}`, `/_info`', null)).toEqual(['/api/v1/security/users/', '/api/v1/security/users/{id}', '/api/v1/security/users/_info']);
    expect(pathsOfCell('`/superset/log/?explode=events`, `/api/v1/log/`', null)).toEqual(['/superset/log/', '/api/v1/log/']);
  });

  it('pairs `;`-separated methods with their paths and expands resource sections', () => {
    const doc = [
      '## Things',
      '',
      '`chart` and `tag` are declared once and served under `/api/v1/{resource}/`:',
      '',
      '| method | path |',
      '| --- | --- |',
      '| GET | `/_info` |',
      '',
      '## Links',
      '',
      '| method | path |',
      '| --- | --- |',
      '| POST; GET | `/api/v1/x/permalink`; `/api/v1/x/permalink/{key}` |',
    ].join('\n');
    expect(parseDocumentedEndpoints(doc).map((e) => e.key)).toEqual(['GET /api/v1/chart/_info', 'GET /api/v1/tag/_info', 'POST /api/v1/x/permalink', 'GET /api/v1/x/permalink/{key}']);
  });
});

describe('shapes and differences', () => {
  it('names the JSON pointer of a missing key and of a changed type', () => {
    const recorded = shapeOf({ result: [{ id: 1, name: 'a', tags: [] }] });
    expect(diffShapes(recorded, shapeOf({ result: [{ id: '1', tags: [] }] }))).toEqual([
      { pointer: '/result/0/id', expected: 'number', actual: 'string' },
      { pointer: '/result/0/name', expected: 'string', actual: 'missing' },
    ]);
    expect(diffShapes(recorded, shapeOf({ result: [{ id: 2, name: null, tags: [] }] }))).toEqual([]);
    // Recorded as null, the value's type was never seen: any is accepted.
    expect(diffShapes(shapeOf({ value: null }), shapeOf({ value: 'x' }))).toEqual([]);
  });

  it('allows a difference only where the list says so', () => {
    expect(isAllowed('GET /api/v1/chart/_info', '/add_columns')).toBe(true);
    expect(isAllowed('GET /api/v1/chart/_info', '/permissions')).toBe(false);
    expect(isAllowed('GET /api/v1/tag/', '/result/3/type')).toBe(true);
  });

  it('applies the errata: integer ids, nullable fields, relation lists', () => {
    const schema = applyErrata({ type: 'object', properties: { id: { type: 'string' }, owners: { $ref: '#/x' }, name: { type: 'string' } } }) as any;
    expect(schema.properties.id.type).toEqual(['integer', 'string', 'null']);
    expect(schema.properties.name).toEqual({ type: 'string', nullable: true });
    expect(schema.properties.owners).toEqual({ if: { type: 'array' }, then: { items: { $ref: '#/x' } }, else: { $ref: '#/x' } });
  });
});

describe('comparing exported bundles', () => {
  const ids = idMapOf([['u-chart', 12], ['u-dataset', 3]], [['u-chart', 40], ['u-dataset', 7]]);

  it('matches ids of the same objects and names what else changed', () => {
    const before = { params: JSON.stringify({ slice_id: 12, datasource: '3__table' }), expanded_slices: { 12: true }, label_colors: { No: '#fff' } };
    expect(diffDocuments(before, { params: JSON.stringify({ slice_id: 40, datasource: '7__table' }), expanded_slices: { 40: true }, label_colors: { No: '#fff' } }, ids)).toEqual([]);
    expect(diffDocuments(before, { ...before, label_colors: { false: '#fff' } }, ids)).toEqual(['/label_colors/No: only in the first', '/label_colors/false: only in the second']);
    expect(diffDocuments({ slice_id: 12 }, { slice_id: 41 }, ids)).toEqual(['/slice_id: 12, then 41']);
  });

  it('finds scalars a YAML 1.1 reader misreads', () => {
    expect(yaml11Misreadings('label_colors:\n  No: "#fff"\n')).toEqual(['/label_colors/No: only in the first', '/label_colors/false: only in the second']);
    expect(yaml11Misreadings('label_colors:\n  "No": "#fff"\nshow: true\n')).toEqual([]);
  });
});
