import { describe, expect, it } from 'vitest';
import { clearInactiveQueries, createQuery, queryFailed, querySuccess, refreshQueries, statusColor, stopQuery } from './query-states';
import { createSqlLabStore } from './sqllab-store';
import { nextUntitledName, truncateTabName } from './tab-names';

let n = 0;
const store = () => createSqlLabStore({ newId: () => `id${++n}`, now: () => 1000 });

describe('tabs', () => {
  it('names untitled tabs after the highest existing number', () => {
    expect(nextUntitledName([])).toBe('Untitled Query 1');
    expect(nextUntitledName(['Untitled Query 1', 'Sales', 'Untitled Query 4'])).toBe('Untitled Query 5');
    const s = store();
    s.addTab();
    s.addTab({ name: 'Untitled Query 7' });
    expect(s.addTab().name).toBe('Untitled Query 8');
  });

  it('truncates tab names to 20 characters with an ellipsis', () => {
    expect(truncateTabName('Short')).toBe('Short');
    expect(truncateTabName('12345678901234567890')).toBe('12345678901234567890');
    expect(truncateTabName('A very long query name indeed')).toBe('A very long query na…');
  });

  it('removing a tab drops its queries and tables, falls back to the last visited tab and records it destroyed', () => {
    const s = store();
    const a = s.addTab();
    const b = s.addTab();
    const c = s.addTab();
    s.tabViewIds.value = { [c.id]: 33 };
    s.setActive(a.id);
    s.setActive(c.id);
    s.startQuery({ id: 'q1', sqlEditorId: c.id, dbId: 1, sql: 'SELECT 1', runAsync: false });
    s.addTable({ queryEditorId: c.id, dbId: 1, catalog: null, schema: 'main', name: 't' });
    s.removeTab(c.id);
    expect(s.tabs.value.map((t) => t.id)).toEqual([a.id, b.id]);
    expect(s.queries.value).toEqual({});
    expect(s.tables.value).toEqual([]);
    expect(s.activeTabId.value).toBe(a.id);
    expect(s.destroyedTabs.value).toEqual({ [c.id]: 33 });
    s.clearDestroyed(c.id);
    expect(s.destroyedTabs.value).toEqual({});
  });

  it('removing the only tab leaves a fresh one', () => {
    const s = store();
    const a = s.addTab();
    s.removeTab(a.id);
    expect(s.tabs.value).toHaveLength(1);
    expect(s.activeTabId.value).toBe(s.tabs.value[0]!.id);
  });

  it('next and previous wrap around', () => {
    const s = store();
    const a = s.addTab();
    const b = s.addTab();
    const c = s.addTab();
    s.nextTab();
    expect(s.activeTabId.value).toBe(a.id);
    s.previousTab();
    expect(s.activeTabId.value).toBe(c.id);
    s.previousTab();
    expect(s.activeTabId.value).toBe(b.id);
  });

  it('clones a tab, keeps the split per tab and toggles the left bar', () => {
    const s = store();
    const a = s.addTab({ sql: 'SELECT 2', dbId: 3, schema: 'main' });
    s.setSplit(a.id, 70);
    const copy = s.cloneTab(a.id)!;
    expect(copy).toMatchObject({ sql: 'SELECT 2', dbId: 3, schema: 'main', northPercent: 70, southPercent: 30, remoteId: null });
    expect(copy.id).not.toBe(a.id);
    s.toggleLeftBar(a.id);
    expect(s.tabs.value[0]!.hideLeftBar).toBe(true);
    expect(s.dirtyTabs.value.has(a.id)).toBe(true);
  });
});

describe('query states', () => {
  const base = () => ({ q: createQuery({ id: 'q', sqlEditorId: 't', dbId: 1, sql: 'x', runAsync: true }, 0) });
  const results = { columns: [], data: [{ a: 1 }] };

  it('starts pending when async, running otherwise, progress 0, not cached', () => {
    expect(base().q).toMatchObject({ state: 'pending', progress: 0, cached: false });
    expect(createQuery({ id: 'q', sqlEditorId: 't', dbId: 1, sql: 'x', runAsync: false }).state).toBe('running');
  });

  it('success is ignored for a stopped query or a non-success status', () => {
    expect(querySuccess(base(), 'q', { status: 'success', results }).q!.state).toBe('success');
    expect(querySuccess(base(), 'q', { status: 'failed', results }).q!.state).toBe('pending');
    expect(querySuccess(stopQuery(base(), 'q'), 'q', { status: 'success', results }).q!.state).toBe('stopped');
  });

  it('failure stores message, link and errors unless stopped; stop clears results', () => {
    const failed = queryFailed(base(), 'q', { message: 'boom', link: 'http://x', errors: [{ error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', message: 'boom', extra: {} }] });
    expect(failed.q).toMatchObject({ state: 'failed', errorMessage: 'boom', link: 'http://x' });
    expect(queryFailed(stopQuery(base(), 'q'), 'q', { message: 'late' }).q!.state).toBe('stopped');
    const done = querySuccess(base(), 'q', { results });
    expect(stopQuery(done, 'q').q).toMatchObject({ state: 'stopped', results: null });
  });

  it('refresh leaves stopped or failed queries alone and moves running to success', () => {
    expect(refreshQueries(stopQuery(base(), 'q'), [{ id: 'q', state: 'success' }]).q!.state).toBe('stopped');
    const running = { q: { ...base().q, state: 'running' as const } };
    expect(refreshQueries(running, [{ id: 'q', state: 'success' }]).q!.state).toBe('success');
  });

  it('clears running or pending queries past the interval with zero progress', () => {
    const queries = { ...base(), r: { ...base().q, id: 'r', progress: 50 }, s: { ...base().q, id: 's', state: 'success' as const } };
    expect(Object.keys(clearInactiveQueries(queries, 100, 1000))).toEqual(['r', 's']);
    expect(Object.keys(clearInactiveQueries(queries, 5000, 1000))).toEqual(['q', 'r', 's']);
  });

  it('shows status colours by state', () => {
    expect(['offline', 'failed', 'stopped', 'pending', 'fetching', 'running', 'success'].map((s) => statusColor(s as never))).toEqual(['error', 'error', 'error', 'info', 'info', 'warning', 'success']);
  });
});
