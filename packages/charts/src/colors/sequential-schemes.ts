/** Sequential colour schemes (the incumbent's ids), for heatmaps; apart from the categorical ones in schemes.ts. */

/** Sequential (linear) schemes as colour stops, for heatmaps. */
export const SEQUENTIAL_SCHEMES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  superset_seq_1: ['#E6F6F9', '#8FD3E4', '#1FA8C9', '#0D5C70'],
  superset_seq_2: ['#FFF1E9', '#FEC0A1', '#FF7F44', '#A63A0A'],
  blue_white_yellow: ['#00d1c1', '#ffffff', '#ffb400'],
  fire: ['#ffffcc', '#fd8d3c', '#800026'],
  white_black: ['#ffffff', '#000000'],
  // d3-scale-chromatic's nine-class yellow-orange-brown (ColorBrewer), which the example bundle's vaccine world map uses.
  schemeYlOrBr: ['#ffffe5', '#fff7bc', '#fee391', '#fec44f', '#fe9929', '#ec7014', '#cc4c02', '#993404', '#662506'],
});

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
  return [parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16)];
}

/**
 * A sequential colour for t in [0, 1] (clamped), interpolating the scheme's stops in RGB.
 *
 * @example
 * sequentialColor('white_black', 0.5); // 'rgb(128,128,128)'
 */
export function sequentialColor(id: string | null | undefined, t: number): string {
  const stops = (id && SEQUENTIAL_SCHEMES[id]) || SEQUENTIAL_SCHEMES.superset_seq_1;
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  const a = parseHex(stops[i]);
  const b = parseHex(stops[i + 1]);
  const c = a.map((v, k) => Math.round(v + (b[k] - v) * f));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}
