import { createServer } from 'node:net';

/**
 * A TCP port that was free a moment ago on 127.0.0.1. Another process could take it before the server
 * binds; with tests run one file at a time (vitest e2e project) that race is theoretical.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free port found'))));
    });
  });
}
