/** Async query jobs (spec 1 §3–§4; OpenAPI ChartDataAsyncResponseSchema). */
import type { StructuredError } from './error-types';

/** Job statuses the server reports. */
export type AsyncJobStatus = 'pending' | 'running' | 'done' | 'error';

/** The body of a 202 response: the job to wait for. */
export interface AsyncJobMetadata {
  channel_id: string;
  job_id: string;
  user_id: string | number | null;
  status: AsyncJobStatus | (string & {});
  errors?: StructuredError[];
  result_url: string | null;
}

/** An event delivered by polling or websocket. */
export interface AsyncEvent {
  id: string;
  job_id: string;
  status: AsyncJobStatus | (string & {});
  result_url: string | null;
  channel_id?: string;
  user_id?: string | number | null;
  errors?: StructuredError[];
}

/** Transports of the async-event client. */
export type AsyncEventTransport = 'polling' | 'ws';
