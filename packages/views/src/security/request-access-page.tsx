import { getClientErrorMessage, type ApiClient } from '@lumen-bi/core';
import { useEffect, useId, useState } from 'react';
import { COMPONENTS_CSS } from '../components/components-styles';
import { LISTS_CSS } from '../lists/lists-styles';
import { FormField } from './form-field';
import { type AccessTarget, fetchAccessTarget, sendAccessRequest, type TargetParams } from './request-access-data';
import { SECURITY_CSS } from './security-styles';
import { serverMessage } from './server-message';
import { LoadingLines } from '../components/skeleton';

export interface RequestAccessPageProps {
  client: ApiClient;
  /** From the address: ?datasource_id=N or ?database_id=N; null when it names neither. */
  target: TargetParams | null;
}

type Sent = { admins_emailed: number };

function useAccessTarget(client: ApiClient, target: TargetParams | null) {
  const [loaded, setLoaded] = useState<AccessTarget | null>(null);
  const [error, setError] = useState<string | null>(target ? null : 'This address names no dataset or database: open it from an access error’s Request Access link.');
  useEffect(() => {
    if (!target) return;
    const controller = new AbortController();
    fetchAccessTarget(client, target, controller.signal).then(setLoaded, (failure: unknown) => !controller.signal.aborted && setError(getClientErrorMessage(failure)));
    return () => controller.abort();
  }, [client, target]);
  return { loaded, error };
}

const sentText = (sent: Sent) =>
  sent.admins_emailed > 0
    ? `Request sent. ${sent.admins_emailed === 1 ? 'An administrator was' : `${sent.admins_emailed} administrators were`} e-mailed.`
    : 'Request recorded. No administrator could be e-mailed (no mail server or address is set up): tell one what to grant.';

/**
 * Request Access (/request_access/): opened from an access error, it names the dataset or database and the
 * permission pair an administrator would grant, takes an optional message and sends the request.
 */
export function RequestAccessPage({ client, target }: RequestAccessPageProps) {
  const { loaded, error } = useAccessTarget(client, target);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const id = useId();

  const submit = async () => {
    if (!target) return;
    setSending(true);
    try {
      setSent(await sendAccessRequest(client, target, message));
      setSendError(null);
    } catch (failure) {
      setSendError(serverMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="bi-profile" aria-label="Request access">
      <style>{COMPONENTS_CSS + LISTS_CSS + SECURITY_CSS}</style>
      <h1>Request access</h1>
      {error && (
        <p className="bi-field-error" role="alert">
          {error}
        </p>
      )}
      {!loaded && !error && <LoadingLines label="Loading the access request" />}
      {loaded && (
        <div className="bi-profile__section bi-request-access">
          <p>
            Access to the {loaded.kind} <strong>{loaded.name}</strong>
            {loaded.kind === 'dataset' && <> of the database <strong>{loaded.database_name}</strong></>}.
          </p>
          <p>
            An administrator grants it by adding <code>{loaded.permission}</code> to one of your roles.
          </p>
          {loaded.has_access ? (
            <p role="status">You already have this access.</p>
          ) : sent ? (
            <p role="status">{sentText(sent)}</p>
          ) : (
            <form className="bi-profile__form" aria-label="Request access" onSubmit={(e) => (e.preventDefault(), void submit())}>
              {sendError && (
                <p className="bi-field-error" role="alert">
                  {sendError}
                </p>
              )}
              <FormField id={`${id}-message`} label="Message to the administrators (optional)">
                <textarea id={`${id}-message`} rows={4} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
              </FormField>
              <button type="submit" className="bi-button bi-button--primary" disabled={sending}>
                Send request
              </button>
            </form>
          )}
        </div>
      )}
    </section>
  );
}
