import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { createUploader } from '../import/import-upload';
import { createFakeServer, reply } from '../lists/test-support';
import { UploadDataModal } from './upload-data-modal';
import { UploadMenu } from './upload-menu';
import { uploadPermissions } from './upload-types';

afterEach(cleanup);

function server(uploadAnswer: unknown = { message: 'OK', rows: 2, dataset_id: 9 }) {
  return createFakeServer({
    'GET /api/v1/database/': () => ({ count: 2, result: [{ id: 1, database_name: 'examples' }, { id: 2, database_name: 'warehouse' }] }),
    'GET /api/v1/database/1/schemas/': () => ({ result: ['main', 'staging'] }),
    'GET /api/v1/database/2/schemas/': () => ({ result: ['public', 'uploads'] }),
    'POST /api/v1/database/upload_metadata/': () => ({ result: { items: [{ column_names: ['id', 'name'] }] } }),
    'POST /api/v1/database/2/upload/': () => uploadAnswer,
    'GET /api/v1/me/roles/': () => ({ result: { roles: { Alpha: [['can_upload', 'Database']] } } }),
  });
}

describe('UploadDataModal', () => {
  it('lists only upload-enabled databases and their upload schemas, and posts the file with the options', async () => {
    const fake = server();
    const toasts = createToastStore();
    const onUploaded = vi.fn();
    render(<UploadDataModal client={fake.client} upload={createUploader(fake.client, fake.fetch)} toasts={toasts} type="csv" onHide={() => undefined} onUploaded={onUploaded} />);
    expect(screen.getByRole('dialog', { name: 'CSV Upload' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('option', { name: 'warehouse' })).toBeTruthy());
    expect(fake.find('GET', '/api/v1/database/')[0]!.q).toMatchObject({ filters: [{ col: 'allow_file_upload', opr: 'eq', value: true }] });
    const upload = () => screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(upload().disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Database*'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'uploads' })).toBeTruthy());
    expect(fake.find('GET', '/api/v1/database/2/schemas/')[0]!.q).toEqual({ upload_allowed: true });
    fireEvent.change(screen.getByLabelText('Schema'), { target: { value: 'uploads' } });
    fireEvent.change(screen.getByLabelText('File*'), { target: { files: [new File(['id;name\n1;a\n'], 'My Sales.csv')] } });
    await waitFor(() => expect(screen.getByText('Columns: id, name')).toBeTruthy());
    expect((screen.getByLabelText('Table name*') as HTMLInputElement).value).toBe('My_Sales');
    fireEvent.change(screen.getByLabelText('Delimiter'), { target: { value: ';' } });
    fireEvent.change(screen.getByLabelText('If table already exists'), { target: { value: 'replace' } });
    fireEvent.change(screen.getByLabelText('Columns to be parsed as dates'), { target: { value: 'sold_on' } });
    fireEvent.click(screen.getByLabelText(/Day first/));
    expect(upload().disabled).toBe(false);
    fireEvent.click(upload());

    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ message: 'OK', rows: 2, dataset_id: 9, table_name: 'My_Sales' }));
    const form = fake.find('POST', '/api/v1/database/2/upload/')[0]!.body as FormData;
    expect((form.get('file') as File).name).toBe('My Sales.csv');
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'file'))).toEqual({
      type: 'csv', schema: 'uploads', table_name: 'My_Sales', already_exists: 'replace', delimiter: ';', header_row: '0', column_dates: 'sold_on',
      decimal_character: '.', dataframe_index: 'false', day_first: 'true', skip_blank_lines: 'true', skip_initial_space: 'false',
    });
    expect(toasts.toasts.value.map((t) => [t.toastType, t.text])).toEqual([['success', 'Data imported']]);
  });

  it('shows the server error and stays open when the upload is refused', async () => {
    const fake = server(reply(400, { message: "Line 3, column 'n': cannot read 'x' as an integer." }));
    const onHide = vi.fn();
    render(<UploadDataModal client={fake.client} upload={createUploader(fake.client, fake.fetch)} type="csv" onHide={onHide} />);
    await screen.findByRole('option', { name: 'warehouse' });
    fireEvent.change(screen.getByLabelText('Database*'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('File*'), { target: { files: [new File(['n\n1\nx\n'], 'n.csv')] } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Line 3, column 'n': cannot read 'x' as an integer.");
    expect(onHide).not.toHaveBeenCalled();
  });

  it('refuses a file of the wrong type and offers Excel sheets by name', async () => {
    const fake = createFakeServer({
      'GET /api/v1/database/': () => ({ result: [{ id: 1, database_name: 'examples' }] }),
      'GET /api/v1/database/1/schemas/': () => ({ result: ['main'] }),
      'POST /api/v1/database/upload_metadata/': () => ({ result: { items: [{ sheet_name: 'First', column_names: ['a'] }, { sheet_name: 'Orders', column_names: ['b'] }] } }),
    });
    render(<UploadDataModal client={fake.client} upload={createUploader(fake.client, fake.fetch)} type="excel" onHide={() => undefined} />);
    expect(screen.queryByLabelText('Delimiter')).toBeNull();
    fireEvent.change(screen.getByLabelText('File*'), { target: { files: [new File(['x'], 'book.csv')] } });
    expect(screen.getByRole('alert').textContent).toBe('Please choose a .xlsx file.');
    fireEvent.change(screen.getByLabelText('File*'), { target: { files: [new File(['x'], 'book.xlsx')] } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Orders' })).toBeTruthy());
    expect((screen.getByLabelText('Sheet name') as HTMLSelectElement).value).toBe('First');
  });
});

describe('UploadMenu', () => {
  it('offers the three uploads to users with can_upload and opens the matching modal', async () => {
    const fake = server();
    render(<UploadMenu client={fake.client} upload={createUploader(fake.client, fake.fetch)} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload file to database' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Upload CSV to database',
      'Upload Excel to database',
      'Upload Columnar file to database',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Upload Columnar file to database' }));
    expect(screen.getByRole('dialog', { name: 'Columnar Upload' })).toBeTruthy();
  });

  it('is absent without can_upload', async () => {
    const fake = createFakeServer({ 'GET /api/v1/me/roles/': () => ({ result: { roles: { Gamma: [['can_read', 'Database']] } } }) });
    render(<UploadMenu client={fake.client} upload={createUploader(fake.client, fake.fetch)} />);
    await waitFor(() => expect(fake.find('GET', '/api/v1/me/roles/')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Upload file to database' })).toBeNull();
    expect(uploadPermissions({ Gamma: [['can_read', 'Database']] }).canUploadData).toBe(false);
    expect(uploadPermissions({ Admin: [] })).toEqual({ canUploadCSV: true, canUploadExcel: true, canUploadColumnar: true, canUploadData: true });
  });
});
