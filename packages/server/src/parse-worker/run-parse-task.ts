import { Worker } from 'node:worker_threads';
import { type ErrorLevel, type ErrorTypeCode, LumenError } from '../errors';
import { limitExceeded, type ParseLimits } from './parse-limits';
import type { ParseMessage, ParseTaskInput, ParseTaskName, ParseTaskOutput, SerializedError } from './parse-tasks';
import { parseWorkerScript } from './worker-script';

/**
 * Runs a parse task (parse-tasks.ts) on a worker thread, so parsing an upload never blocks the event loop.
 * A thread that overruns the time limit is terminated (V8 stops it even in a tight loop) and one that
 * overruns its heap dies alone; either way it is replaced. A thread that answered, with a result or a
 * refusal, holds no state (the tasks are pure functions) and waits, unref'd, for the next task: starting
 * a thread and loading the readers takes 0.1 s on an idle machine and over a second on a busy one, and a
 * reused thread keeps its compiled code. At most MAX_PARALLEL tasks run at once; further uploads wait for
 * a free thread, so a flood of imports costs threads and memory in bounded amounts.
 *
 * @example
 * const contents = await runParseTask('bundle', { data, filename: 'export.zip' }, parseLimitsFrom());
 */
const MAX_PARALLEL = 2;

interface Thread {
  worker: Worker;
  memoryMb: number;
  alive: boolean;
  /** Settles when the thread has loaded its readers (or died trying). */
  ready: Promise<void>;
}

let running = 0;
const waiting: (() => void)[] = [];
const idle: Thread[] = [];

async function acquireSlot(): Promise<void> {
  if (running < MAX_PARALLEL) {
    running += 1;
    return;
  }
  // The slot passes directly from the releasing task to this one, so `running` stays unchanged.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

function startThread(script: URL, memoryMb: number): Thread {
  const worker = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
  const ready = new Promise<void>((resolve) => {
    worker.once('message', () => resolve());
    worker.once('exit', () => resolve());
  });
  const thread: Thread = { worker, memoryMb, alive: true, ready };
  worker.once('exit', () => {
    thread.alive = false;
  });
  // Errors of a running task are handled by its listeners; an idle thread that fails is dropped.
  worker.on('error', () => undefined);
  worker.unref();
  return thread;
}

/** An idle thread with the heap limit asked for, or a new one; idle threads with another limit are ended. */
function takeThread(script: URL, memoryMb: number): Thread {
  while (idle.length) {
    const thread = idle.pop()!;
    if (thread.alive && thread.memoryMb === memoryMb) return thread;
    void thread.worker.terminate();
  }
  return startThread(script, memoryMb);
}

/**
 * Starts a thread ahead of the first upload (on listen), so that one is not slower than the rest, and
 * resolves once it is ready to take a task.
 */
export async function warmParseWorker(limits: ParseLimits): Promise<void> {
  const script = await parseWorkerScript();
  const thread = takeThread(script, limits.memoryMb);
  await thread.ready;
  if (thread.alive) idle.push(thread);
}

export async function runParseTask<N extends ParseTaskName>(task: N, input: ParseTaskInput<N>, limits: ParseLimits): Promise<ParseTaskOutput<N>> {
  const script = await parseWorkerScript();
  await acquireSlot();
  try {
    return (await runOnThread(takeThread(script, limits.memoryMb), task, input, limits)) as ParseTaskOutput<N>;
  } finally {
    releaseSlot();
  }
}

function deserialize(error: SerializedError): Error {
  if (error.statusCode === undefined) return new Error(`Parse worker failed: ${error.message}`);
  return new LumenError(error.statusCode, error.message, error.errorType as ErrorTypeCode, error.extra, error.level as ErrorLevel);
}

function runOnThread(thread: Thread, task: ParseTaskName, input: unknown, limits: ParseLimits): Promise<unknown> {
  const { worker } = thread;
  worker.ref();
  return new Promise((resolve, reject) => {
    let file: string | null = null;
    let settled = false;
    const settle = (outcome: () => void, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      outcome();
      if (reusable && thread.alive) {
        worker.unref();
        idle.push(thread);
      } else {
        // Stopped mid-task (time or memory limit): it must not go on, and its state is unknown.
        void worker.terminate();
      }
    };
    const timer = setTimeout(() => {
      settle(() => reject(limitExceeded('timeoutMs', limits, file, `took longer than ${limits.timeoutMs / 1000} s to read`)), false);
    }, limits.timeoutMs);
    const onMessage = (message: ParseMessage) => {
      if (message.type === 'ready') return;
      if (message.type === 'file') file = message.file;
      else if (message.type === 'done') settle(() => resolve(message.value), true);
      else settle(() => reject(deserialize(message.error)), true);
    };
    const onError = (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') settle(() => reject(limitExceeded('memoryMb', limits, file, `needs more than ${limits.memoryMb} MB of memory to read`)), false);
      else settle(() => reject(error), false);
    };
    const onExit = (code: number) => settle(() => reject(new Error(`Parse worker stopped (exit code ${code}) before answering`)), false);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ task, input, limits });
  });
}
