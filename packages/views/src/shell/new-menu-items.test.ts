import { describe, expect, it } from 'vitest';
import { newMenuEntries } from './new-menu-items';

const labels = (roles: Parameters<typeof newMenuEntries>[0]) => newMenuEntries(roles).map((entry) => entry.label);

describe("the '+' menu's entries", () => {
  it('gives Admin every entry, in the incumbent order', () => {
    expect(labels({ Admin: [] })).toEqual([
      'Connect database',
      'Create dataset',
      'Upload CSV to database',
      'Upload Excel to database',
      'Upload Columnar file to database',
      'SQL query',
      'Chart',
      'Dashboard',
    ]);
  });

  it('offers each entry only for its permission pair', () => {
    expect(labels({ Writer: [['can_write', 'Chart']] })).toEqual(['Chart']);
    expect(labels({ Lab: [['can_sqllab', 'Superset']], Boards: [['can_write', 'Dashboard']] })).toEqual(['SQL query', 'Dashboard']);
    expect(labels({ Reader: [['can_read', 'Chart'], ['can_read', 'Database']] })).toEqual([]);
    expect(labels(undefined)).toEqual([]);
  });

  it('maps entries to their pages and dialogs', () => {
    const byLabel = Object.fromEntries(newMenuEntries({ Admin: [] }).map((entry) => [entry.label, entry.action]));
    expect(byLabel.Chart).toEqual({ kind: 'link', href: '/chart/add' });
    expect(byLabel.Dashboard).toEqual({ kind: 'link', href: '/dashboard/new/' });
    expect(byLabel['Create dataset']).toEqual({ kind: 'link', href: '/dataset/add/' });
    expect(byLabel['Connect database']).toEqual({ kind: 'connect-database' });
    expect(byLabel['Upload Excel to database']).toEqual({ kind: 'upload', type: 'excel' });
  });
});
