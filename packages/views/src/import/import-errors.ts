import { ClientError, getClientErrorMessage } from '@lumen-bi/core';

/** The four credential messages of spec 2 §5, word for word, and which form field each asks for. */
export const IMPORT_CREDENTIAL_MESSAGES = {
  passwords: 'Must provide a password for the database',
  sshTunnelPasswords: 'Must provide a password for the ssh tunnel',
  sshTunnelPrivateKeys: 'Must provide a private key for the ssh tunnel',
  sshTunnelPrivateKeyPasswords: 'Must provide a private key password for the ssh tunnel',
} as const;

export type CredentialKind = keyof typeof IMPORT_CREDENTIAL_MESSAGES;

/** Multipart field of each credential kind (spec 2 §7). */
export const CREDENTIAL_FIELDS: Record<CredentialKind, string> = {
  passwords: 'passwords',
  sshTunnelPasswords: 'ssh_tunnel_passwords',
  sshTunnelPrivateKeys: 'ssh_tunnel_private_keys',
  sshTunnelPrivateKeyPasswords: 'ssh_tunnel_private_key_passwords',
};

/** What a failed import asks of the user next. */
export interface ImportNeeds {
  /** Bundle paths (e.g. 'databases/examples.yaml') needing each credential. */
  credentials: Record<CredentialKind, string[]>;
  alreadyExists: boolean;
  /** Anything else: shown as the import error. */
  other: string | null;
}

/**
 * Spec 1 §5 words the conflict as 'already exists and overwrite was not passed'; the incumbent's per-file
 * text says 'already exists and `overwrite=true` was not passed'. Both mean the same prompt.
 */
const ALREADY_EXISTS = /already exists and `?overwrite(=true)?`? was not passed/;

const emptyCredentials = (): Record<CredentialKind, string[]> => ({ passwords: [], sshTunnelPasswords: [], sshTunnelPrivateKeys: [], sshTunnelPrivateKeyPasswords: [] });

/**
 * Reads a failed import's structured errors, whose `extra` maps bundle paths to a message or to
 * `{_schema: [messages]}` (the incumbent's shape), into the prompts to show.
 *
 * @example
 * importNeeds(error).credentials.passwords; // ['databases/examples.yaml']
 */
export function importNeeds(error: unknown): ImportNeeds {
  const needs: ImportNeeds = { credentials: emptyCredentials(), alreadyExists: false, other: null };
  const errors = error instanceof ClientError ? error.errors : [];
  let understood = false;
  for (const item of errors) {
    for (const [path, detail] of Object.entries(item.extra ?? {})) {
      if (path === 'issue_codes') continue;
      const messages = typeof detail === 'string' ? [detail] : Array.isArray((detail as { _schema?: unknown })?._schema) ? ((detail as { _schema: unknown[] })._schema.map(String)) : [];
      for (const message of messages) {
        if (ALREADY_EXISTS.test(message)) {
          needs.alreadyExists = true;
          understood = true;
          continue;
        }
        const kind = (Object.keys(IMPORT_CREDENTIAL_MESSAGES) as CredentialKind[]).find((k) => message.includes(IMPORT_CREDENTIAL_MESSAGES[k]));
        if (kind) {
          if (!needs.credentials[kind].includes(path)) needs.credentials[kind].push(path);
          understood = true;
        } else {
          needs.other = needs.other ? `${needs.other}\n${path}: ${message}` : `${path}: ${message}`;
        }
      }
    }
  }
  const message = getClientErrorMessage(error);
  if (!understood && !needs.other) {
    // Without per-file details the message itself may still be the conflict.
    if (ALREADY_EXISTS.test(message)) needs.alreadyExists = true;
    else needs.other = message;
  }
  return needs;
}

/** True when the user must fill in credentials before trying again. */
export const needsCredentials = (needs: ImportNeeds): boolean => Object.values(needs.credentials).some((paths) => paths.length > 0);
