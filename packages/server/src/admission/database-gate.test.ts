import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionAbortedError, AdmissionQueueFullError, AdmissionTimeoutError } from './admission-errors';
import { type AdmissionTicket, DatabaseGate } from './database-gate';

/** An engine query that finishes when the test says so, so ordering is observed without timing. */
function engineGate() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, done };
}

const FAR = () => Date.now() + 60_000;
const ticket = (user: string, overrides: Partial<AdmissionTicket> = {}): AdmissionTicket => ({ user, priority: 'interactive', deadlineAt: FAR(), ...overrides });

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('DatabaseGate', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at most `limit` queries at once and hands freed slots to waiters in fair order', async () => {
    const gate = new DatabaseGate(1, 10);
    const order: string[] = [];
    const blocker = engineGate();
    const first = gate.run(ticket('alice'), async () => {
      order.push('a0');
      await blocker.done;
    });
    const queued = [
      gate.run(ticket('alice'), async () => void order.push('a1')),
      gate.run(ticket('alice'), async () => void order.push('a2')),
      gate.run(ticket('bob'), async () => void order.push('b1')),
      gate.run(ticket('carol', { priority: 'sqllab' }), async () => void order.push('sql')),
    ];
    await settle();
    expect([gate.active, gate.waiting, order]).toEqual([1, 4, ['a0']]);
    blocker.finish();
    await Promise.all([first, ...queued]);
    expect(order).toEqual(['a0', 'a1', 'b1', 'a2', 'sql']);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('refuses a newcomer with 503 and a Retry-After when the queue is full', async () => {
    const gate = new DatabaseGate(1, 2);
    const blocker = engineGate();
    const running = gate.run(ticket('alice'), () => blocker.done);
    const waiting = [gate.run(ticket('bob'), async () => 'b1'), gate.run(ticket('carol'), async () => 'c1')];
    const refused = await gate.run(ticket('bob'), async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AdmissionQueueFullError);
    expect((refused as AdmissionQueueFullError).statusCode).toBe(503);
    expect((refused as AdmissionQueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    blocker.finish();
    expect(await Promise.all(waiting)).toEqual(['b1', 'c1']);
    await running;
  });

  it('pushes out the heaviest user’s newest request, not the newcomer, when that is fairer', async () => {
    const gate = new DatabaseGate(1, 2);
    const blocker = engineGate();
    const running = gate.run(ticket('alice'), () => blocker.done);
    const a1 = gate.run(ticket('alice'), async () => 'a1');
    const a2 = gate.run(ticket('alice'), async () => 'a2').catch((error: unknown) => error);
    const b1 = gate.run(ticket('bob'), async () => 'b1');
    expect(await a2).toBeInstanceOf(AdmissionQueueFullError);
    blocker.finish();
    expect(await Promise.all([a1, b1])).toEqual(['a1', 'b1']);
    await running;
  });

  it('times a waiting request out at its deadline, without running it', async () => {
    vi.useFakeTimers();
    const gate = new DatabaseGate(1, 10);
    const blocker = engineGate();
    const running = gate.run(ticket('alice'), () => blocker.done);
    const work = vi.fn(async () => 'late');
    const waiting = gate.run(ticket('bob', { deadlineAt: Date.now() + 5000 }), work).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4999);
    expect(gate.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBeInstanceOf(AdmissionTimeoutError);
    expect(gate.waiting).toBe(0);
    blocker.finish();
    await running;
    expect(work).not.toHaveBeenCalled();
    expect(gate.active).toBe(0);
  });

  it('lets a request whose client went away leave the queue, and skips it when a slot frees', async () => {
    const gate = new DatabaseGate(1, 10);
    const blocker = engineGate();
    const running = gate.run(ticket('alice'), () => blocker.done);
    const client = new AbortController();
    const work = vi.fn(async () => 'for nobody');
    const leaving = gate.run(ticket('bob', { signal: client.signal }), work).catch((error: unknown) => error);
    const staying = gate.run(ticket('carol'), async () => 'c1');
    client.abort();
    expect(await leaving).toBeInstanceOf(AdmissionAbortedError);
    expect(gate.waiting).toBe(1);
    blocker.finish();
    expect(await staying).toBe('c1');
    await running;
    expect(work).not.toHaveBeenCalled();
  });

  it('frees the slot when the query fails', async () => {
    const gate = new DatabaseGate(1, 10);
    await expect(gate.run(ticket('alice'), () => Promise.reject(new Error('engine down')))).rejects.toThrow('engine down');
    expect(await gate.run(ticket('bob'), async () => 'next')).toBe('next');
    expect(gate.active).toBe(0);
  });
});
