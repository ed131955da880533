import type { QueryJob, QueryJobHandler, QueryRunner } from './runner';

export interface MemoryRunnerOptions {
  /** Jobs running at once; more wait in FIFO order. Default 4. */
  concurrency?: number;
  /** Called with errors the handler did not handle itself (the handler should record failures). */
  onError?: (error: unknown, job: QueryJob) => void;
}

/**
 * The in-process QueryRunner: a FIFO queue drained by at most `concurrency` jobs. Used by a single server
 * (the default deployment); a queue-backed runner replaces it for scale-out without touching SQL Lab.
 *
 * @example
 * const runner = createMemoryRunner(async (job, signal) => runQuery(job.queryId, signal), { concurrency: 2 });
 * runner.submit({ queryId: 1, clientId: 'abc' });
 * await runner.cancel('abc');
 */
export function createMemoryRunner(handler: QueryJobHandler, options: MemoryRunnerOptions = {}): QueryRunner {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const queue: QueryJob[] = [];
  const running = new Map<string, AbortController>();
  let closed = false;

  const pump = () => {
    while (!closed && running.size < concurrency && queue.length) {
      const job = queue.shift()!;
      const controller = new AbortController();
      running.set(job.clientId, controller);
      // Settle on the next tick so submit() never runs handler code synchronously inside a request.
      void Promise.resolve()
        .then(() => handler(job, controller.signal))
        .catch((error: unknown) => options.onError?.(error, job))
        .finally(() => {
          if (running.get(job.clientId) === controller) running.delete(job.clientId);
          pump();
        });
    }
  };

  return {
    kind: 'memory',
    submit(job) {
      if (closed) throw new Error('The query runner is closed');
      queue.push(job);
      pump();
    },
    async cancel(clientId) {
      const index = queue.findIndex((job) => job.clientId === clientId);
      if (index >= 0) {
        queue.splice(index, 1);
        return true;
      }
      const controller = running.get(clientId);
      if (!controller) return false;
      controller.abort();
      return true;
    },
    stats: () => ({ queued: queue.length, running: running.size }),
    async close() {
      closed = true;
      queue.length = 0;
      for (const controller of running.values()) controller.abort();
    },
  };
}
