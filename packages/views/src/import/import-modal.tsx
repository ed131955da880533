import { getClientErrorMessage } from '@lumen-bi/core';
import { useState } from 'react';
import { Modal } from '../components/modal';
import type { ToastStore } from '../components/toast-store';
import { CREDENTIAL_FIELDS, importNeeds, needsCredentials, type CredentialKind, type ImportNeeds } from './import-errors';
import type { Uploader } from './import-upload';

/** File types an import accepts (spec 2 §5). */
export const IMPORT_EXTENSIONS = ['.yaml', '.json', '.yml', '.zip'] as const;
/** What must be typed to allow overwriting, compared case-insensitively (spec 2 §5). */
export const OVERWRITE_WORD = 'OVERWRITE';

const CREDENTIAL_LABELS: Record<CredentialKind, string> = {
  passwords: 'password',
  sshTunnelPasswords: 'SSH tunnel password',
  sshTunnelPrivateKeys: 'SSH tunnel private key',
  sshTunnelPrivateKeyPasswords: 'SSH tunnel private key password',
};

export interface ImportModalProps {
  show: boolean;
  onHide(): void;
  /** e.g. 'dashboard'; used in the title, prompts and messages. */
  resourceLabel: string;
  /** e.g. '/api/v1/dashboard/import/'. */
  importPath: string;
  upload: Uploader;
  toasts?: ToastStore;
  onImported?(): void;
}

const noNeeds = (): ImportNeeds => ({ credentials: { passwords: [], sshTunnelPasswords: [], sshTunnelPrivateKeys: [], sshTunnelPrivateKeyPasswords: [] }, alreadyExists: false, other: null });

/**
 * Import resource (spec 2 §2, §4, §5): pick a .yaml/.json/.yml/.zip file, Import. When the server asks for
 * database or SSH-tunnel credentials, required fields (with an asterisk) appear per bundle path; when an
 * object already exists, the button becomes Overwrite and stays disabled until OVERWRITE is typed.
 *
 * @example
 * <ImportModal show resourceLabel="dashboard" importPath="/api/v1/dashboard/import/" upload={createUploader(client)} onHide={close} />
 */
export function ImportModal({ show, onHide, resourceLabel, importPath, upload, toasts, onImported }: ImportModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [needs, setNeeds] = useState<ImportNeeds>(noNeeds);
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [confirmText, setConfirmText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setNeeds(noNeeds());
    setCredentials({});
    setConfirmText('');
    setError(null);
  };
  const hide = () => {
    reset();
    onHide();
  };

  const overwriting = needs.alreadyExists;
  const confirmed = confirmText.trim().toUpperCase() === OVERWRITE_WORD;
  const credentialKeys = (Object.keys(needs.credentials) as CredentialKind[]).flatMap((kind) => needs.credentials[kind].map((path) => `${kind}:${path}`));
  const missingCredential = credentialKeys.some((key) => !credentials[key]);
  const disabled = busy || !file || (overwriting && !confirmed) || missingCredential;

  const submit = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('formData', file);
    for (const kind of Object.keys(CREDENTIAL_FIELDS) as CredentialKind[]) {
      const map = Object.fromEntries(needs.credentials[kind].map((path) => [path, credentials[`${kind}:${path}`] ?? '']));
      if (Object.keys(map).length) form.append(CREDENTIAL_FIELDS[kind], JSON.stringify(map));
    }
    if (overwriting && confirmed) form.append('overwrite', 'true');
    setBusy(true);
    setError(null);
    try {
      await upload(importPath, form);
      toasts?.success(`${resourceLabel.charAt(0).toUpperCase()}${resourceLabel.slice(1)} imported`);
      reset();
      onImported?.();
      onHide();
    } catch (failure) {
      const next = importNeeds(failure);
      // Credentials asked before stay asked: the server reports only what is still missing.
      const merged = { ...next, alreadyExists: next.alreadyExists || needs.alreadyExists };
      for (const kind of Object.keys(merged.credentials) as CredentialKind[]) {
        merged.credentials[kind] = [...new Set([...needs.credentials[kind], ...next.credentials[kind]])];
      }
      setNeeds(merged);
      if (!needsCredentials(next) && !next.alreadyExists) setError(`An error occurred while importing ${resourceLabel}: ${next.other ?? getClientErrorMessage(failure)}`);
      else if (next.other) setError(next.other);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`Import ${resourceLabel}`}
      show={show}
      onHide={hide}
      onOk={() => void submit()}
      okText={overwriting ? 'Overwrite' : 'Import'}
      okDisabled={disabled}
    >
      <div className="bi-form-field">
        <label htmlFor="bi-import-file">
          File<span className="bi-form-field__required">*</span>
        </label>
        <input
          id="bi-import-file"
          type="file"
          accept={IMPORT_EXTENSIONS.join(',')}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            reset();
            setFile(chosen && IMPORT_EXTENSIONS.some((ext) => chosen.name.toLowerCase().endsWith(ext)) ? chosen : null);
            if (chosen && !IMPORT_EXTENSIONS.some((ext) => chosen.name.toLowerCase().endsWith(ext))) setError(`Please choose a ${IMPORT_EXTENSIONS.join(', ')} file.`);
          }}
        />
      </div>
      {credentialKeys.length > 0 && (
        <div className="bi-import__credentials">
          <p>
            The passwords for the databases below are needed in order to import them together with the {resourceLabel}s. Please note that the "Secure
            Extra" and "Certificate" sections of the database configuration are not present in export files, and should be added manually after the
            import if they are needed.
          </p>
          {(Object.keys(needs.credentials) as CredentialKind[]).flatMap((kind) =>
            needs.credentials[kind].map((path) => {
              const key = `${kind}:${path}`;
              const multiline = kind === 'sshTunnelPrivateKeys';
              return (
                <div className="bi-form-field" key={key}>
                  <label htmlFor={`bi-import-${key}`}>
                    {path} {CREDENTIAL_LABELS[kind]}
                    <span className="bi-form-field__required" aria-hidden="true">
                      *
                    </span>
                  </label>
                  {multiline ? (
                    <textarea id={`bi-import-${key}`} required value={credentials[key] ?? ''} onChange={(e) => setCredentials((c) => ({ ...c, [key]: e.target.value }))} />
                  ) : (
                    <input
                      id={`bi-import-${key}`}
                      type="password"
                      required
                      autoComplete="new-password"
                      value={credentials[key] ?? ''}
                      onChange={(e) => setCredentials((c) => ({ ...c, [key]: e.target.value }))}
                    />
                  )}
                </div>
              );
            }),
          )}
        </div>
      )}
      {overwriting && (
        <div className="bi-import__overwrite">
          <p>
            You are importing one or more {resourceLabel}s that already exist. Overwriting might cause you to lose some of your work. Are you sure you
            want to overwrite?
          </p>
          <div className="bi-form-field">
            <label htmlFor="bi-import-confirm">Type "{OVERWRITE_WORD}" to confirm</label>
            <input id="bi-import-confirm" type="text" value={confirmText} onChange={(e) => setConfirmText(e.target.value)} />
          </div>
        </div>
      )}
      {error && (
        <p className="bi-alert bi-alert--error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
