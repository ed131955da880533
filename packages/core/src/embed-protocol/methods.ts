import type { DataMask, DataMaskStateWithId } from '../extra-form-data-types';

/**
 * The typed method maps of both ends of the embed channel. A channel side lists the requests it answers
 * (`gets`: args -> result) and the fire-and-forget messages it handles (`emits`: args). Method names and
 * argument shapes are the incumbent's, so its SDK and Lumen's guest page interoperate.
 */
export interface MethodSpec<Args, Result> {
  args: Args;
  result: Result;
}

/** What one side of a channel answers and handles. */
export interface ChannelSpec {
  gets: { [method: string]: MethodSpec<unknown, unknown> };
  emits: { [method: string]: unknown };
}

/** A channel with no typing, for tests and diagnostics. */
export interface UntypedChannel extends ChannelSpec {
  gets: { [method: string]: MethodSpec<unknown, unknown> };
  emits: { [method: string]: unknown };
}

/** document.body's scroll size inside the iframe. */
export interface ScrollSize {
  width: number;
  height: number;
}

/** Per-chart state returned by getChartStates (table column state, sorting, ...). */
export type ChartStates = Record<string, Record<string, unknown>>;

/**
 * The payload of observeDataMask: the dashboard's data masks by filter id (or emitting chart id), flat
 * beside the two flags telling what changed (the incumbent's shape).
 */
export interface ObservedDataMask {
  [filterId: string]: DataMask | boolean | undefined;
  crossFiltersChanged?: boolean;
  nativeFiltersChanged?: boolean;
}

/** The host's theme, passed through to the guest unchanged (tokens of the theme system). */
export type EmbedThemeConfig = Record<string, unknown>;
export type EmbedThemeMode = 'default' | 'dark' | 'system' | (string & {});

/** A host's filter value for setFilter: a list (select), `[min, max]` (range), a string (time), or null to clear. */
export type SetFilterValues = readonly (string | number | boolean | null)[] | string | number | boolean | null;

/**
 * setFilter's answer. A refusal is an answer, not a thrown error, so its code, message and the filters the
 * dashboard has reach the host intact (the switchboard's error replies carry only "threw an error").
 */
export type SetFilterResult =
  | { ok: true; filterId: string }
  | { ok: false; code: 'UNKNOWN_FILTER' | 'AMBIGUOUS_FILTER' | 'INVALID_FILTER_VALUE' | 'NOT_READY'; message: string; unknownFilters: string[]; knownFilters: string[] };

/** What the guest page (inside the iframe) answers and handles. */
export type GuestChannel = {
  gets: {
    getScrollSize: MethodSpec<undefined, ScrollSize>;
    getDashboardPermalink: MethodSpec<{ anchor: string }, string>;
    getActiveTabs: MethodSpec<undefined, string[]>;
    getDataMask: MethodSpec<undefined, DataMaskStateWithId>;
    setDataMask: MethodSpec<{ dataMask: DataMaskStateWithId | Record<string, DataMask> }, void>;
    getChartStates: MethodSpec<undefined, ChartStates>;
    getChartDataPayloads: MethodSpec<{ chartId?: number } | undefined, Record<string, unknown>>;
    /** Lumen's addition: sets one native filter by its name or column (see SetFilterResult). */
    setFilter: MethodSpec<{ name: string; values: SetFilterValues }, SetFilterResult>;
  };
  emits: {
    guestToken: { guestToken: string };
    setThemeConfig: { themeConfig: EmbedThemeConfig };
    setThemeMode: { mode: EmbedThemeMode };
  };
};

/** What the host page answers and handles. */
export type HostChannel = {
  gets: {
    /** Maps a permalink key to a URL on the host page (null: use the BI server's URL). */
    resolvePermalinkUrl: MethodSpec<{ key: string }, string | null>;
  };
  emits: {
    /** Sent only when the emitDataMasks flag is on. */
    observeDataMask: ObservedDataMask;
    /** Where the guest page stands, so a failure inside the iframe reaches the host (see EmbedStatus). */
    embedStatus: EmbedStatus;
  };
};

/**
 * The guest page's progress: `connected` once it accepted the handshake (the server answered), `ready` once
 * the token was accepted and the content can be shown, `failed` with a code naming the cause otherwise
 * (TOKEN_EXPIRED, TOKEN_INVALID, AUDIENCE_MISMATCH, NOT_FOUND, ORIGIN_NOT_ALLOWED, NETWORK, ...).
 */
export type EmbedStatus = { state: 'connected' } | { state: 'ready' } | { state: 'failed'; code: string; message: string };

/**
 * Name of the probe the incumbent's newer SDK sends after an in-iframe navigation: any reply, even
 * "not defined", proves a listener is there.
 */
export const HANDSHAKE_PROBE_METHOD = 'supersetEmbeddedSdkHandshake';
