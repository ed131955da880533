/**
 * The embedding flags (spec 2 §2). Lumen code passes a typed options object; the incumbent's bitmask
 * exists only on the wire, in the iframe's `uiConfig` query parameter.
 */
export interface EmbedUiFlags {
  hideTitle?: boolean;
  hideTab?: boolean;
  hideNav?: boolean;
  hideChartControls?: boolean;
  /** The guest emits `observeDataMask` whenever filters or cross-filters change. */
  emitDataMasks?: boolean;
  showRowLimitWarning?: boolean;
}

export type EmbedUiFlag = keyof EmbedUiFlags;

/** Bit of each flag in the wire value (the incumbent's values; do not renumber). */
const WIRE_BITS: Readonly<Record<EmbedUiFlag, number>> = {
  hideTitle: 1,
  hideTab: 2,
  hideNav: 4,
  hideChartControls: 8,
  emitDataMasks: 16,
  showRowLimitWarning: 32,
};

/** The flags in wire order, for iteration (e.g. rendering a settings form). */
export const EMBED_UI_FLAGS: readonly EmbedUiFlag[] = Object.keys(WIRE_BITS) as EmbedUiFlag[];

/**
 * Encodes the flags as the wire's `uiConfig` integer.
 *
 * @example
 * encodeUiConfig({ hideTitle: true, emitDataMasks: true }); // 17
 */
export function encodeUiConfig(flags: EmbedUiFlags): number {
  let value = 0;
  for (const flag of EMBED_UI_FLAGS) if (flags[flag]) value |= WIRE_BITS[flag];
  return value;
}

/**
 * Decodes a `uiConfig` query value (number or string). Invalid or negative input gives all flags off;
 * unknown high bits are ignored.
 *
 * @example
 * decodeUiConfig('17').emitDataMasks; // true
 */
export function decodeUiConfig(value: number | string | null | undefined): Required<EmbedUiFlags> {
  const n = typeof value === 'string' ? Number(value.trim() || NaN) : value ?? NaN;
  const bits = Number.isInteger(n) && n >= 0 ? n : 0;
  const flags = {} as Required<EmbedUiFlags>;
  for (const flag of EMBED_UI_FLAGS) flags[flag] = (bits & WIRE_BITS[flag]) !== 0;
  return flags;
}

/** Dashboard display modes (spec 2 §2): the `standalone` query values 0..3. */
export type DashboardDisplayMode = 'none' | 'hideNav' | 'hideNavAndTitle' | 'report';
const DISPLAY_MODES: readonly DashboardDisplayMode[] = ['none', 'hideNav', 'hideNavAndTitle', 'report'];

/**
 * The `standalone` query value of a display mode, and back.
 *
 * @example
 * displayModeToStandalone('hideNavAndTitle'); // 2
 */
export function displayModeToStandalone(mode: DashboardDisplayMode): number {
  return DISPLAY_MODES.indexOf(mode);
}

/**
 * @example
 * standaloneToDisplayMode('1'); // 'hideNav'
 */
export function standaloneToDisplayMode(value: number | string | null | undefined): DashboardDisplayMode {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n < DISPLAY_MODES.length ? DISPLAY_MODES[n] : 'none';
}
