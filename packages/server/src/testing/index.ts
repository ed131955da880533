export { createTestApp, METADATA_DIALECTS, TEST_PG_URL, type TestApp, type TestAppOptions, type TestDialect, type TestUser } from './harness';
export { mintTestGuestToken, type GuestTokenGrant } from './guest-token';
