import { describe, expect, it } from 'vitest';
import { FairQueue, type QueueEntry } from './fair-queue';
import type { AdmissionPriority } from './priority';

interface Named extends QueueEntry {
  name: string;
}

const entry = (user: string, name: string, priority: AdmissionPriority = 'interactive'): Named => ({ user, name, priority });
const drain = (queue: FairQueue<Named>) => Array.from({ length: queue.size }, () => queue.shift()!.name);

describe('FairQueue', () => {
  it('takes turns between users: one user’s many requests do not hold back another’s one', () => {
    const queue = new FairQueue<Named>();
    for (let i = 1; i <= 4; i++) queue.push(entry('alice', `a${i}`));
    queue.push(entry('bob', 'b1'));
    queue.push(entry('carol', 'c1'));
    queue.push(entry('bob', 'b2'));
    expect(drain(queue)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('serves interactive chart data before SQL Lab, and SQL Lab before background work', () => {
    const queue = new FairQueue<Named>();
    queue.push(entry('alice', 'report', 'background'));
    queue.push(entry('alice', 'sql', 'sqllab'));
    queue.push(entry('bob', 'chart', 'interactive'));
    queue.push(entry('carol', 'sql2', 'sqllab'));
    expect(drain(queue)).toEqual(['chart', 'sql', 'sql2', 'report']);
  });

  it('removes a request from the middle and keeps the others’ order', () => {
    const queue = new FairQueue<Named>();
    const gone = entry('alice', 'a2');
    queue.push(entry('alice', 'a1'));
    queue.push(gone);
    queue.push(entry('alice', 'a3'));
    expect(queue.remove(gone)).toBe(true);
    expect(queue.remove(gone)).toBe(false);
    expect(drain(queue)).toEqual(['a1', 'a3']);
  });

  it('offers the newest request of the heaviest user at the least urgent level for a fairer newcomer', () => {
    const queue = new FairQueue<Named>();
    queue.push(entry('alice', 'a1'));
    queue.push(entry('alice', 'a2'));
    queue.push(entry('bob', 'b1'));
    // bob (1 queued) asking again is not fairer than alice (2); carol (0) is.
    expect(queue.displaceableBy({ user: 'bob', priority: 'interactive' })).toBeUndefined();
    expect(queue.displaceableBy({ user: 'carol', priority: 'interactive' })?.name).toBe('a2');
    // Less urgent work never pushes out more urgent work; more urgent work pushes out the least urgent.
    expect(queue.displaceableBy({ user: 'carol', priority: 'background' })).toBeUndefined();
    queue.push(entry('dave', 'report', 'background'));
    expect(queue.displaceableBy({ user: 'bob', priority: 'sqllab' })?.name).toBe('report');
  });
});
