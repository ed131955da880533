/** The incumbent's default bar colours, read by the control panel (Explore) and the chart's runtime alike: kept apart from control-panel.ts so the chart's lazy chunk carries no Explore code. */
export const WATERFALL_DEFAULT_COLORS = {
  increase_color: { r: 90, g: 193, b: 137, a: 1 },
  decrease_color: { r: 224, g: 67, b: 85, a: 1 },
  total_color: { r: 102, g: 102, b: 102, a: 1 },
} as const;
