/**
 * Wire messages of the embed protocol. The shapes are those of the incumbent's embedded SDK and
 * switchboard (so hosts written for it talk to Lumen unchanged); the types make every message a member of
 * a closed union instead of an untyped object.
 */

/** Lumen's protocol version. Sent as an extra handshake field, which the incumbent's guests ignore. */
export const EMBED_PROTOCOL_VERSION = 1;

/** `type` of the handshake message posted to the iframe window. */
export const EMBEDDED_COMMS_TYPE = '__embedded_comms__';
/** `handshake` of the handshake message: the host transfers one end of a MessageChannel. */
export const PORT_TRANSFER_HANDSHAKE = 'port transfer';

/** Route of the guest page of an embedded dashboard (the id is the embedded uuid). */
export const EMBEDDED_DASHBOARD_ROUTE = '/embedded/';
/** Route of the guest page of one embedded chart (Lumen's addition; the id is the chart id). */
export const EMBEDDED_CHART_ROUTE = '/embedded/chart/';

/**
 * Posted with `window.postMessage(message, targetOrigin, [port])` once the iframe has loaded.
 *
 * @example
 * const handshake: EmbedHandshakeMessage = { type: EMBEDDED_COMMS_TYPE, handshake: PORT_TRANSFER_HANDSHAKE };
 */
export interface EmbedHandshakeMessage {
  type: typeof EMBEDDED_COMMS_TYPE;
  handshake: typeof PORT_TRANSFER_HANDSHAKE;
  /** Lumen's protocol version; absent when the host is the incumbent's SDK. */
  protocolVersion?: number;
}

/** Request: the other side answers with a reply or an error carrying the same messageId. */
export interface SwitchboardGetMessage {
  switchboardAction: 'get';
  method: string;
  /** `m_<switchboard name>_<n>`. */
  messageId: string;
  args?: unknown;
}

export interface SwitchboardReplyMessage {
  switchboardAction: 'reply';
  messageId: string;
  result?: unknown;
}

export interface SwitchboardErrorMessage {
  switchboardAction: 'error';
  messageId: string;
  /** `[name] Method "x" is not defined` or `[name] Method "x" threw an error`. */
  error: string;
}

/** Fire and forget. */
export interface SwitchboardEmitMessage {
  switchboardAction: 'emit';
  method: string;
  args?: unknown;
}

/** Every message that travels on the transferred port. */
export type SwitchboardMessage = SwitchboardGetMessage | SwitchboardReplyMessage | SwitchboardErrorMessage | SwitchboardEmitMessage;
export type SwitchboardAction = SwitchboardMessage['switchboardAction'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * True for the port-transfer handshake (the only message the guest page accepts on its window).
 *
 * @example
 * window.addEventListener('message', (event) => { if (isEmbedHandshake(event.data)) start(event.ports[0]); });
 */
export function isEmbedHandshake(data: unknown): data is EmbedHandshakeMessage {
  return isRecord(data) && data.type === EMBEDDED_COMMS_TYPE && data.handshake === PORT_TRANSFER_HANDSHAKE;
}

/**
 * Validates a message received on the port; anything else is ignored by the switchboard.
 *
 * @example
 * if (isSwitchboardMessage(event.data) && event.data.switchboardAction === 'emit') handle(event.data);
 */
export function isSwitchboardMessage(data: unknown): data is SwitchboardMessage {
  if (!isRecord(data)) return false;
  switch (data.switchboardAction) {
    case 'get':
      return typeof data.method === 'string' && typeof data.messageId === 'string';
    case 'reply':
      return typeof data.messageId === 'string';
    case 'error':
      return typeof data.messageId === 'string' && typeof data.error === 'string';
    case 'emit':
      return typeof data.method === 'string';
    default:
      return false;
  }
}
