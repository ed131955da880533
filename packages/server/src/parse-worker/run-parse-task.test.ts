import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LumenError } from '../errors';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './parse-limits';
import { runParseTask } from './run-parse-task';

const limits = (overrides: Partial<ParseLimits>): ParseLimits => ({ ...DEFAULT_PARSE_LIMITS, ...overrides });
const chartBundle = (params: string) =>
  zipSync({ 'b/metadata.yaml': strToU8('version: 1.0.0\ntype: Slice\n'), 'b/charts/c.yaml': strToU8(`slice_name: c\nviz_type: table\nversion: 1.0.0\nparams:\n${params}`) });
/** Half a million distinct sequence items: seconds of parsing and a few hundred MB of syntax tree. */
const heavy = () => chartBundle(`  x:\n${Array.from({ length: 500_000 }, (_, i) => `  - ${i}\n`).join('')}`);

async function refusal(promise: Promise<unknown>): Promise<LumenError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(LumenError);
  return error as LumenError;
}

describe('runParseTask', () => {
  it('answers with the parsed bundle, its maps intact across the thread boundary', async () => {
    const contents = await runParseTask('bundle', { data: chartBundle('  a: 1\n'), filename: 'b.zip' }, DEFAULT_PARSE_LIMITS);
    expect(contents.metadata).toEqual({ version: '1.0.0', type: 'Slice', timestamp: null });
    expect(contents.configs.chart.get('charts/c.yaml')).toMatchObject({ slice_name: 'c', params: { a: 1 } });
  });

  it('stops a thread at its heap limit, names the file, and the next task gets a fresh thread', async () => {
    const error = await refusal(runParseTask('bundle', { data: heavy(), filename: 'b.zip' }, limits({ memoryMb: 32, maxKeys: 10_000_000 })));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('File charts/c.yaml needs more than 32 MB of memory to read (limit LUMEN_PARSE_MEMORY_MB=32)');
    const after = await runParseTask('bundle', { data: chartBundle('  a: 2\n'), filename: 'b.zip' }, limits({ memoryMb: 32 }));
    expect(after.configs.chart.get('charts/c.yaml')).toMatchObject({ params: { a: 2 } });
  });

  it('runs at most two tasks at once; the others wait rather than fail', async () => {
    const slow = limits({ timeoutMs: 1000, maxKeys: 10_000_000 });
    const started = performance.now();
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => runParseTask('bundle', { data: heavy(), filename: 'b.zip' }, slow)));
    const messages = outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as Error).message : 'parsed'));
    // Each is stopped at its own time limit (naming charts/c.yaml once the thread reached it); the third
    // only starts when a thread is free.
    for (const message of messages) expect(message).toMatch(/^(File charts\/c\.yaml|The upload) took longer than 1 s to read \(limit LUMEN_PARSE_TIMEOUT=1\)$/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2000);
  });
});
