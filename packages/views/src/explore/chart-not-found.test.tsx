import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../testing/fake-server';
import { ExploreView } from './explore-view';
import { baseRoutes, createFakeServer, newRegistry } from './test-support';

afterEach(cleanup);

describe('Explore for a chart id the server does not know', () => {
  it("says 'Chart not found' with a way back, not a database engine error", async () => {
    const server = createFakeServer(baseRoutes({ 'GET /api/v1/chart/99999': () => reply(404, { message: 'Chart not found', errors: [{ message: 'Chart not found', error_type: 'OBJECT_DOES_NOT_EXIST_ERROR', level: 'error' }] }) }));
    render(<ExploreView client={server.client} registry={newRegistry()} pathname="/explore/" search="?slice_id=99999" />);
    expect(await screen.findByRole('heading', { name: 'Chart not found' })).toBeTruthy();
    expect(screen.getByText(/There is no chart with id 99999/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Charts' }).getAttribute('href')).toBe('/chart/list/');
    expect(screen.queryByText('DB engine Error')).toBeNull();
  });
});
