/**
 * "Embed dashboard" (the incumbent's DashboardEmbedModal, editors only): enables embedding with the host
 * origins allowed to embed, edits them, shows the embedded id and the code a host page pastes (the inline
 * `<bi-dashboard>` and the iframe SDK's `embedDashboard`), and deactivates embedding after a confirmation.
 * Loaded when opened (dashboard-actions-menu.tsx), so viewers never download it.
 */
import { getClientErrorMessage, parseAllowedOriginsText } from '@lumen-bi/core';
import { useEffect, useId, useRef, useState } from 'react';
import { LoadingLines } from '../components/skeleton';
import { Modal } from '../components/modal';
import { COPY_UNSUPPORTED } from './copy-text';
import { useDashboard } from './dashboard-context';
import { deleteEmbeddedConfig, fetchEmbeddedConfig, saveEmbeddedConfig, type EmbeddedConfig } from './embedded-config';
import { elementSnippet, iframeSnippet, snippetServerUrl } from './embed-snippets';

export const EMBED_ENABLED_MESSAGE = 'Embedding enabled';
export const EMBED_SAVED_MESSAGE = 'Allowed domains saved';
export const EMBED_DEACTIVATED_MESSAGE = 'Embedding deactivated';
/** How long a copy button says "Copied". */
const COPIED_FOR_MS = 2000;

/** The dialog's own styles: they load with it. */
const EMBED_DIALOG_CSS = `
.bi-embed-dialog__row { display: flex; gap: var(--bi-space-2); align-items: center; }
.bi-embed-dialog__row .bi-input { flex: 1; min-width: 0; }
.bi-embed-dialog h3 { font-size: var(--bi-font-size); margin: 0; }
.bi-embed-dialog__code-title { display: flex; align-items: center; justify-content: space-between; gap: var(--bi-space-2); margin: var(--bi-space-3) 0 var(--bi-space-1); }
.bi-embed-dialog__code { margin: 0; padding: var(--bi-space-2); white-space: pre-wrap; overflow-wrap: anywhere; background: var(--bi-color-bg);
  color: var(--bi-color-text); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius);
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: var(--bi-font-size-sm); }
.bi-embed-dialog__notice { margin: 0 0 var(--bi-space-3); color: var(--bi-color-success-dark, var(--bi-color-text)); font-weight: 600; }
.bi-embed-dialog__notice:empty { margin: 0; }
.bi-embed-dialog__copy { min-width: 80px; }
.bi-embed-dialog__deactivate { margin-right: auto; }
.bi-embed-dialog__deactivate:not(:disabled) { border-color: var(--bi-color-error); color: var(--bi-color-error-dark); }
`;

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; config: EmbeddedConfig | null };

export function EmbedDashboardModal({ onClose }: { onClose(): void }) {
  const { store, origin } = useDashboard();
  const dashboardId = store.info.value!.id;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [domains, setDomains] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // What the last save or deactivation did, said in the dialog (a toast would cover its footer).
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  // Focus goes to the domains field once the settings have loaded (the dialog opens on a loading state,
  // focus then on its footer) and after a deactivation (the buttons that had focus are gone).
  const focusField = useRef(true);
  const ids = { domains: useId(), hint: useId(), error: useId(), uuid: useId() };

  useEffect(() => {
    let live = true;
    fetchEmbeddedConfig(store.api, dashboardId).then(
      (config) => {
        if (!live) return;
        setLoaded({ status: 'ready', config });
        setDomains(config?.allowed_domains.join('\n') ?? '');
      },
      (failure: unknown) => live && setLoaded({ status: 'failed', message: getClientErrorMessage(failure) }),
    );
    return () => {
      live = false;
    };
  }, [store, dashboardId]);

  const config = loaded.status === 'ready' ? loaded.config : null;
  useEffect(() => {
    if (loaded.status !== 'ready' || !focusField.current) return;
    focusField.current = false;
    field.current?.focus();
  }, [loaded]);

  const save = async () => {
    const parsed = parseAllowedOriginsText(domains);
    if (!parsed.ok) {
      setError(parsed.message);
      field.current?.focus();
      return;
    }
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const saved = await saveEmbeddedConfig(store.api, dashboardId, parsed.origins);
      setNotice(config ? EMBED_SAVED_MESSAGE : EMBED_ENABLED_MESSAGE);
      setLoaded({ status: 'ready', config: saved });
      setDomains(saved.allowed_domains.join('\n'));
    } catch (failure) {
      setError(getClientErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const deactivate = async () => {
    setConfirming(false);
    setNotice(null);
    setBusy(true);
    try {
      await deleteEmbeddedConfig(store.api, dashboardId);
      setNotice(EMBED_DEACTIVATED_MESSAGE);
      focusField.current = true;
      setLoaded({ status: 'ready', config: null });
    } catch (failure) {
      setError(getClientErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <>
      {config && (
        <button key="deactivate" type="button" className="bi-button bi-embed-dialog__deactivate" disabled={busy} onClick={() => setConfirming(true)}>
          Deactivate
        </button>
      )}
      <button key="close" type="button" className="bi-button" onClick={onClose}>
        {config ? 'Close' : 'Cancel'}
      </button>
      {loaded.status === 'ready' && (
        <button key="save" type="button" className="bi-button bi-button--primary" disabled={busy} onClick={() => void save()}>
          {config ? 'Save changes' : 'Enable embedding'}
        </button>
      )}
    </>
  );

  return (
    <Modal title="Embed dashboard" show onHide={onClose} footer={footer} responsive className="bi-embed-dialog">
      <style>{EMBED_DIALOG_CSS}</style>
      {loaded.status === 'loading' && <LoadingLines label="Loading the embedding settings" />}
      {loaded.status === 'failed' && (
        <p className="bi-alert bi-alert--error" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.status === 'ready' && (
        <>
          <p>{config ? 'This dashboard is embedded. Pages on the allowed domains can show it with the code below.' : 'Configure this dashboard to embed it into an external web application.'}</p>
          <div className="bi-field">
            <label htmlFor={ids.domains}>Allowed domains</label>
            <textarea
              ref={field}
              id={ids.domains}
              rows={3}
              className="bi-input bi-input--code"
              value={domains}
              placeholder="https://app.example.com"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
              onChange={(event) => setDomains(event.target.value)}
            />
            {error && (
              <p id={ids.error} className="bi-field-error" role="alert">
                {error}
              </p>
            )}
            <span id={ids.hint} className="bi-field__hint">
              Origins (scheme://host[:port]) of the pages that may embed this dashboard, separated by commas or line breaks. Leave it empty to let any site embed it: for development only.
            </span>
          </div>
          <p className="bi-embed-dialog__notice" role="status">
            {notice}
          </p>
          {config && <EmbedCode config={config} serverUrl={snippetServerUrl(store.api.baseUrl, origin || window.location.origin)} uuidId={ids.uuid} />}
        </>
      )}
      <Modal title="Deactivate embedding?" show={confirming} onHide={() => setConfirming(false)} onOk={() => void deactivate()} okText="Deactivate">
        <p>Pages that embed this dashboard will stop showing it, and guest tokens naming its embedded id will stop working. Enabling embedding again gives it a new id.</p>
      </Modal>
    </Modal>
  );
}

/** The embedded id and the two host snippets, each with a copy button. */
function EmbedCode({ config, serverUrl, uuidId }: { config: EmbeddedConfig; serverUrl: string; uuidId: string }) {
  const target = { serverUrl, uuid: config.uuid };
  return (
    <>
      {config.allowed_domains.length === 0 && <p className="bi-alert bi-alert--warning">No allowed domains are saved: any site may embed this dashboard.</p>}
      <div className="bi-field">
        <label htmlFor={uuidId}>Embedded id</label>
        <div className="bi-embed-dialog__row">
          <input id={uuidId} className="bi-input bi-input--code" readOnly value={config.uuid} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton what="embedded id" text={config.uuid} />
        </div>
      </div>
      <p className="bi-field__hint">
        Paste one of these into your page. Replace <code>fetchGuestToken</code> with a call to your backend, which mints each viewer's guest token with this embedded id (see the embedding guide, section 2).
      </p>
      <CodeBlock title="Inline element (<bi-dashboard>)" code={elementSnippet(target)} />
      <CodeBlock title="Iframe SDK (embedDashboard)" code={iframeSnippet(target)} />
    </>
  );
}

function CodeBlock({ title, code }: { title: string; code: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <div className="bi-embed-dialog__code-title">
        <h3 id={titleId}>{title}</h3>
        <CopyButton what={title} text={code} />
      </div>
      <pre className="bi-embed-dialog__code" aria-labelledby={titleId}>
        <code>{code}</code>
      </pre>
    </section>
  );
}

/**
 * Copies `text`; the button itself says "Copied" for a moment (announced as a status), since a toast would
 * land on the dialog's footer. Where the browser cannot copy, it says how to copy by hand.
 */
function CopyButton({ what, text }: { what: string; text: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="bi-button bi-embed-dialog__copy" aria-label={`Copy ${what}`} onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span className={state === 'failed' ? 'bi-field-error' : 'bi-visually-hidden'} role="status">
        {state === 'copied' ? `${what} copied` : state === 'failed' ? COPY_UNSUPPORTED : ''}
      </span>
    </>
  );
}
