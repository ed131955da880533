import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** An account at the test provider; change `groups` between sign-ins to test role refresh. */
export interface TestOidcAccount {
  password: string;
  givenName: string;
  familyName: string;
  email: string;
  groups: string[];
}

export interface TestOidcProvider {
  /** The issuer URL (http://127.0.0.1:PORT), which Lumen discovers. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by username (the `sub` and `preferred_username`); edit freely. */
  accounts: Map<string, TestOidcAccount>;
  stop(): Promise<void>;
}

export interface TestOidcProviderOptions {
  /** Callback URLs the client may use. */
  redirectUris: string[];
  /** A port chosen beforehand (a server configured with the issuer before the provider starts); default: any free one. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's login page: a plain form, as a real provider's would be, for the browser tests to fill in. */
const loginPage = (uid: string, error: string | null) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Test identity provider</title></head><body>
<h1>Test identity provider</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Login <input name="login" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button>
<button type="submit" name="deny" value="1">Cancel</button>
</form></body></html>`;

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** GET /interaction/:uid shows the form; POST .../login checks the password and finishes the login prompt. */
async function interaction(provider: Provider, accounts: Map<string, TestOidcAccount>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(details.uid, null));
    return;
  }
  const form = await formBody(req);
  if (form.get('deny')) {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled' }, { mergeWithLastSubmission: false });
    return;
  }
  const login = form.get('login') ?? '';
  const account = accounts.get(login);
  if (!account || account.password !== form.get('password')) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(details.uid, 'Wrong login or password'));
    return;
  }
  await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
}

function configuration(clientId: string, clientSecret: string, redirectUris: string[], accounts: Map<string, TestOidcAccount>, jwk: object) {
  return {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, token_endpoint_auth_method: 'client_secret_post' }],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    // Explicit lifetimes keep the provider from printing a notice for each default it applies.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], profile: ['preferred_username', 'given_name', 'family_name', 'name'], email: ['email'], groups: ['groups'] },
    async findAccount(_ctx: unknown, sub: string) {
      if (!accounts.has(sub)) return undefined;
      return {
        accountId: sub,
        async claims() {
          const account = accounts.get(sub)!;
          return { sub, preferred_username: sub, given_name: account.givenName, family_name: account.familyName, name: `${account.givenName} ${account.familyName}`, email: account.email, groups: account.groups };
        },
      };
    },
    // A first-party client: consent is implied, so the only page is the login form.
    async loadExistingGrant(ctx: { oidc: { client: { clientId: string }; session: { accountId: string; grantIdFor(id: string): string | undefined }; provider: Provider & { Grant: { find(id: string): Promise<unknown>; new (o: object): { addOIDCScope(s: string): void; save(): Promise<string> } } } } }) {
      const { oidc } = ctx;
      const existing = oidc.session.grantIdFor(oidc.client.clientId);
      if (existing) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid profile email groups');
      await grant.save();
      return grant;
    },
  };
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package, certified) on a free port of 127.0.0.1, with
 * one confidential client that must use PKCE, and a plain login form for its accounts.
 *
 * @example
 * const idp = await startTestOidcProvider({ redirectUris: ['http://127.0.0.1:8088/oauth-authorized/oidc/'] });
 * idp.accounts.set('alice', { password: 'pw', givenName: 'Alice', familyName: 'L', email: 'a@x', groups: ['analysts'] });
 */
export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestOidcAccount>();
  const { redirectUris, port = 0, clientId = 'lumen', clientSecret = randomBytes(16).toString('hex') } = options;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const provider = new Provider(issuer, configuration(clientId, clientSecret, redirectUris, accounts, jwk));
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    interaction(provider, accounts, req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(error.message);
    });
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
