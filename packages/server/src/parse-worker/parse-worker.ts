import { parentPort } from 'node:worker_threads';
import { LumenError } from '../errors';
import { PARSE_TASKS, type ParseMessage, type ParseRequest, type SerializedError } from './parse-tasks';

/**
 * Entry of a parse worker thread (run-parse-task.ts): loads every reader, then runs the tasks posted to
 * it one at a time, posting each answer. The server thread enforces the time and memory limits by
 * terminating the thread, so nothing here watches the clock.
 */
function serialize(error: unknown): SerializedError {
  if (error instanceof LumenError) {
    return { message: error.message, statusCode: error.statusCode, errorType: error.errorType, extra: error.extra, level: error.level };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

const post = (message: ParseMessage) => parentPort!.postMessage(message);

// Every reader is loaded by now (static imports): tell the server this thread can take a task at once.
post({ type: 'ready' });

parentPort!.on('message', async (request: ParseRequest) => {
  try {
    const run = PARSE_TASKS[request.task] as (input: unknown, limits: ParseRequest['limits'], onFile: (file: string) => void) => unknown;
    post({ type: 'done', value: await run(request.input, request.limits, (file) => post({ type: 'file', file })) });
  } catch (error) {
    post({ type: 'failed', error: serialize(error) });
  }
});
