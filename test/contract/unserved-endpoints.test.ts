import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedSection, reasonFor, sectionFor } from '../../scripts/unserved-endpoints.mjs';
import { createTestApp, type TestApp } from '../../packages/server/src/testing';

/**
 * docs/rest-api.md lists every incumbent endpoint Lumen does not serve, with the reason: the section is what
 * scripts/unserved-endpoints.mjs renders from the incumbent's OpenAPI document and the server's routes.
 */
describe('the unserved incumbent endpoints in docs/rest-api.md', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('are the ones the server does not route, each with its reason (node scripts/unserved-endpoints.mjs --write)', () => {
    const section = sectionFor(t.app);
    expect(section).toMatch(/\| `GET \/api\/v1\/css_template\/`/);
    expect(section).not.toMatch(/annotation_layer/);
    expect(section).not.toMatch(/`GET \/api\/v1\/chart\/`/);
    expect(documentedSection()).toBe(section);
  });

  it('has no catch-all reason: an endpoint without a written reason is refused', () => {
    expect(reasonFor('/api/v1/css_template/')).toMatch(/^Not built yet/);
    expect(reasonFor('/api/v1/some_new_thing/')).toBeNull();
  });
});
