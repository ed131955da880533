import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { createFakeServer, reply } from '../lists/test-support';
import { importNeeds } from './import-errors';
import { ImportModal } from './import-modal';
import { createUploader } from './import-upload';

afterEach(cleanup);

const passwordError = {
  message: 'Error importing dashboard: Must provide a password for the database',
  errors: [
    {
      message: 'Error importing dashboard',
      error_type: 'GENERIC_COMMAND_ERROR',
      level: 'warning',
      extra: { 'databases/examples.yaml': { _schema: ['Must provide a password for the database'] }, issue_codes: [{ code: 1010, message: '...' }] },
    },
  ],
};
const existsError = {
  message: 'Error importing dashboard: dashboards/x.yaml already exists and overwrite was not passed',
  errors: [{ message: 'Error importing dashboard', error_type: 'GENERIC_COMMAND_ERROR', level: 'warning', extra: { 'dashboards/x.yaml': 'Dashboard already exists and `overwrite=true` was not passed' } }],
};

function setup(answers: unknown[]) {
  const server = createFakeServer({ 'POST /api/v1/dashboard/import/': () => answers.shift() });
  const upload = createUploader(server.client, server.fetch);
  const toasts = createToastStore();
  const onImported = vi.fn();
  render(<ImportModal show onHide={() => undefined} resourceLabel="dashboard" importPath="/api/v1/dashboard/import/" upload={upload} toasts={toasts} onImported={onImported} />);
  const choose = (name = 'bundle.zip') => fireEvent.change(screen.getByLabelText(/^File/), { target: { files: [new File(['zip'], name)] } });
  const form = (i: number) => server.find('POST', '/api/v1/dashboard/import/')[i].body as FormData;
  return { server, toasts, onImported, choose, form };
}

describe('ImportModal', () => {
  it('is disabled until a file of an accepted type is chosen', () => {
    const { choose } = setup([]);
    const button = () => screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    choose('notes.txt');
    expect(button().disabled).toBe(true);
    choose('bundle.yml');
    expect(button().disabled).toBe(false);
  });

  it('asks for the database password (with an asterisk) and sends it keyed by bundle path', async () => {
    const { choose, form, toasts, onImported } = setup([reply(422, passwordError), { message: 'OK' }]);
    choose();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const field = await screen.findByLabelText(/databases\/examples\.yaml password/);
    expect(field.closest('.bi-form-field')?.querySelector('.bi-form-field__required')?.textContent).toBe('*');
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(form(1).get('passwords')).toBe(JSON.stringify({ 'databases/examples.yaml': 's3cret' }));
    expect(form(1).get('overwrite')).toBeNull();
    expect(toasts.toasts.value.map((t) => t.text)).toEqual(['Dashboard imported']);
  });

  it('turns Import into Overwrite, enabled only once OVERWRITE is typed (any case)', async () => {
    const { choose, form, onImported } = setup([reply(422, existsError), { message: 'OK' }]);
    choose();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const overwrite = (await screen.findByRole('button', { name: 'Overwrite' })) as HTMLButtonElement;
    expect(overwrite.disabled).toBe(true);
    const confirm = screen.getByLabelText('Type "OVERWRITE" to confirm');
    fireEvent.change(confirm, { target: { value: 'overwrit' } });
    expect(overwrite.disabled).toBe(true);
    fireEvent.change(confirm, { target: { value: 'overWRITE' } });
    expect(overwrite.disabled).toBe(false);
    fireEvent.click(overwrite);
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(form(1).get('overwrite')).toBe('true');
  });

  it('shows other failures as an import error', async () => {
    const { choose } = setup([reply(400, { message: 'Not a valid bundle' })]);
    choose();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred while importing dashboard: Not a valid bundle');
  });
});

describe('importNeeds', () => {
  it('recognises the four credential messages', async () => {
    const { client, fetch } = createFakeServer({
      'POST /api/v1/x/': () =>
        reply(422, {
          message: 'x',
          errors: [
            {
              message: 'x',
              error_type: 'GENERIC_COMMAND_ERROR',
              level: 'error',
              extra: {
                'databases/a.yaml': { _schema: ['Must provide a password for the database', 'Must provide a password for the ssh tunnel'] },
                'databases/b.yaml': { _schema: ['Must provide a private key for the ssh tunnel', 'Must provide a private key password for the ssh tunnel'] },
              },
            },
          ],
        }),
    });
    const error = await createUploader(client, fetch)('/api/v1/x/', new FormData()).catch((e: unknown) => e);
    expect(importNeeds(error).credentials).toEqual({
      passwords: ['databases/a.yaml'],
      sshTunnelPasswords: ['databases/a.yaml'],
      sshTunnelPrivateKeys: ['databases/b.yaml'],
      sshTunnelPrivateKeyPasswords: ['databases/b.yaml'],
    });
  });
});
