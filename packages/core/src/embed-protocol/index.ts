/** The embed protocol shared by the host SDK (@lumen-bi/embed) and the guest page. */
export type {
  EmbedHandshakeMessage,
  SwitchboardAction,
  SwitchboardEmitMessage,
  SwitchboardErrorMessage,
  SwitchboardGetMessage,
  SwitchboardMessage,
  SwitchboardReplyMessage,
} from './messages';
export {
  EMBED_PROTOCOL_VERSION,
  EMBEDDED_CHART_ROUTE,
  EMBEDDED_COMMS_TYPE,
  EMBEDDED_DASHBOARD_ROUTE,
  isEmbedHandshake,
  isSwitchboardMessage,
  PORT_TRANSFER_HANDSHAKE,
} from './messages';
export type {
  ChannelSpec,
  ChartStates,
  EmbedThemeConfig,
  EmbedThemeMode,
  EmbedStatus,
  GuestChannel,
  HostChannel,
  MethodSpec,
  ObservedDataMask,
  ScrollSize,
  SetFilterResult,
  SetFilterValues,
  UntypedChannel,
} from './methods';
export { HANDSHAKE_PROBE_METHOD } from './methods';
export type { DashboardDisplayMode, EmbedUiFlag, EmbedUiFlags } from './ui-config';
export { decodeUiConfig, displayModeToStandalone, EMBED_UI_FLAGS, encodeUiConfig, standaloneToDisplayMode } from './ui-config';
export type { MessagePortLike, SwitchboardHandlers, SwitchboardOptions } from './switchboard';
export { Switchboard, SwitchboardError } from './switchboard';
