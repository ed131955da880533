import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServer, reply } from '../testing/fake-server';
import { targetFromSearch } from './request-access-data';
import { RequestAccessPage } from './request-access-page';

afterEach(cleanup);

const PATH = '/api/v1/security/request_access/';
const target = (extra: object = {}) => ({
  kind: 'dataset', id: 7, name: 'sales', database_name: 'examples', permission: 'datasource_access on [examples].[sales](id:7)', has_access: false, ...extra,
});

describe('RequestAccessPage', () => {
  it('reads the target from the address', () => {
    expect(targetFromSearch('?datasource_id=7')).toEqual({ datasource_id: 7 });
    expect(targetFromSearch('?database_id=2')).toEqual({ database_id: 2 });
    expect(targetFromSearch('?datasource_id=x')).toBeNull();
    expect(targetFromSearch('')).toBeNull();
  });

  it('names the dataset and the pair to grant, sends the message and says who was told', async () => {
    const server = createFakeServer({ [`GET ${PATH}`]: () => ({ result: target() }), [`POST ${PATH}`]: () => ({ result: { permission: target().permission, admins_emailed: 2 } }) });
    render(<RequestAccessPage client={server.client} target={{ datasource_id: 7 }} />);
    expect(await screen.findByText('datasource_access on [examples].[sales](id:7)')).toBeTruthy();
    expect(server.calls[0]!.query.get('datasource_id')).toBe('7');
    fireEvent.change(screen.getByLabelText(/Message to the administrators/), { target: { value: 'For the Q3 review' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('status')).textContent).toBe('Request sent. 2 administrators were e-mailed.');
    expect(server.find('POST', PATH)[0]!.body).toEqual({ datasource_id: 7, message: 'For the Q3 review' });
  });

  it('shows the server’s refusal, an already granted target and an address naming nothing', async () => {
    const server = createFakeServer({
      [`GET ${PATH}`]: () => ({ result: target() }),
      [`POST ${PATH}`]: () => reply(429, { message: 'You asked for access to the dataset sales less than 10 minutes ago; the admins were told.' }),
    });
    render(<RequestAccessPage client={server.client} target={{ datasource_id: 7 }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/less than 10 minutes ago/);
    cleanup();

    const granted = createFakeServer({ [`GET ${PATH}`]: () => ({ result: target({ has_access: true }) }) });
    render(<RequestAccessPage client={granted.client} target={{ datasource_id: 7 }} />);
    // The loading skeleton's status comes first; the answer replaces it as its own status.
    expect((await screen.findByText('You already have this access.')).getAttribute('role')).toBe('status');
    cleanup();

    render(<RequestAccessPage client={granted.client} target={null} />);
    expect(screen.getByRole('alert').textContent).toMatch(/names no dataset or database/);
  });
});
