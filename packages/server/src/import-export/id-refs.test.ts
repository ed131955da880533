import { describe, expect, it } from 'vitest';
import { positionForExport, positionForImport } from './id-refs';

type Meta = Record<string, unknown>;
const layout = (meta: Meta) => ({
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['CHART-a'] },
  'CHART-a': { id: 'CHART-a', type: 'CHART', children: [], meta: { width: 4, height: 50, ...meta } as Meta },
});

describe('layout references across export and import', () => {
  it('exports a slot whose chart was deleted without any chart reference', () => {
    const exported = positionForExport(layout({ chartId: 7, uuid: 'stale-uuid' }), new Map()) as ReturnType<typeof layout>;
    expect(exported['CHART-a'].meta).toEqual({ width: 4, height: 50 });
    const kept = positionForExport(layout({ chartId: 7 }), new Map([[7, 'u7']])) as ReturnType<typeof layout>;
    expect(kept['CHART-a'].meta).toMatchObject({ chartId: 7, uuid: 'u7' });
  });

  it('never keeps a foreign chart id that has no local chart', () => {
    const imported = positionForImport(layout({ chartId: 3, uuid: 'unknown' }), new Map()) as ReturnType<typeof layout>;
    expect(imported['CHART-a'].meta.chartId).toBeUndefined();
    const mapped = positionForImport(layout({ chartId: 3, uuid: 'u' }), new Map([['u', 42]])) as ReturnType<typeof layout>;
    expect(mapped['CHART-a'].meta.chartId).toBe(42);
  });
});
