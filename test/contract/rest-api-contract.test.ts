import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServes } from '../../scripts/unserved-endpoints.mjs';
import { createTestApp } from '../../packages/server/src/testing';
import { checkAgainstIncumbent, checkAgainstRecorded, isLooseSchema } from './check-response';
import { type ContractContext, openContractContext } from './contract-fixture';
import { parseDocumentedEndpoints } from './documented-endpoints';
import { loadIncumbentApi } from './incumbent-openapi';
import { REQUEST_FIXTURES } from './request-fixtures';

/**
 * The REST contract (issue 19): every endpoint docs/rest-api.md lists and Lumen serves is called once, as an
 * admin, with a realistic request on the example data, and its answer is checked against the incumbent's
 * OpenAPI document (status, content type, keys and value types), and against a recorded shape
 * (test/contract/recorded/) where that document is loose or has no such endpoint. Differences name the
 * endpoint and the JSON pointer; known ones are in allowed-differences.ts with their reason.
 */
const incumbent = loadIncumbentApi();

/** Which documented endpoints Lumen routes: read off a bare app (routes do not depend on data). */
async function servedEndpoints() {
  const bare = await createTestApp();
  try {
    return parseDocumentedEndpoints().filter((e) => appServes(bare.app, e.method, e.path));
  } finally {
    await bare.close();
  }
}
const served = await servedEndpoints();

describe('REST API contract against the incumbent', () => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await openContractContext();
  }, 240_000);
  afterAll(async () => c?.close());

  it('has a request fixture for every documented endpoint Lumen serves', () => {
    expect(served.length).toBeGreaterThan(150);
    expect(served.map((e) => e.key).filter((key) => !REQUEST_FIXTURES[key])).toEqual([]);
  });

  it.each(served.filter((e) => REQUEST_FIXTURES[e.key]).map((e) => [e.key, e] as const))('%s', async (key, endpoint) => {
    const request = await REQUEST_FIXTURES[key]!(c);
    const res = await c.t.app.inject({
      method: endpoint.method,
      url: request.url,
      headers: { ...(request.as === 'anonymous' ? {} : c.t.headers('admin')), ...request.headers },
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
    expect(res.statusCode, `${key} answered ${res.body.slice(0, 500)}`).toBe(request.status);
    if (request.page) {
      expect(res.headers['content-type'], key).toMatch(request.status === 200 ? /^text\/html/ : /^text\/plain/);
      return;
    }
    const op = incumbent.find(endpoint.method, request.url.replace(/\?.*$/, ''));
    const differences = op ? checkAgainstIncumbent(key, incumbent, op, res) : [];
    if (!op || isLooseSchema(incumbent, op.jsonSchema(res.statusCode))) differences.push(...checkAgainstRecorded(key, res));
    expect(differences).toEqual([]);
  });
});
