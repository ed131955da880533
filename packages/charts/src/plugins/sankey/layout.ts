/** Sankey geometry: d3-sankey places the nodes in columns and the links on them; paths are drawn here. */
import { sankey } from 'd3-sankey';

/** A node's box. */
export interface PlacedNode {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Whether the node is in the right half (its label goes to its left, inside the chart). */
  labelLeft: boolean;
}

/** A link's band: its thickness and where it leaves its source and enters its target. */
export interface PlacedLink {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  width: number;
}

/** The laid-out diagram, in the order of the given nodes and links. */
export interface SankeyGeometry {
  nodes: PlacedNode[];
  links: PlacedLink[];
  /** Room in px a node's label has beside it before the next column. */
  labelRoom: number;
}

/** The incumbent's (ECharts) node width and vertical gap between nodes. */
const NODE_WIDTH = 20;
const NODE_GAP = 8;
const MARGIN = 8;

/**
 * Lays out `nodeCount` nodes and their links in a width x height box.
 *
 * @example
 * layoutSankey(3, [{ source: 0, target: 2, value: 5 }, { source: 1, target: 2, value: 3 }], 400, 300).nodes[2].x1; // 392
 */
export function layoutSankey(nodeCount: number, links: ReadonlyArray<{ source: number; target: number; value: number }>, width: number, height: number): SankeyGeometry {
  const nodeWidth = Math.max(4, Math.min(NODE_WIDTH, width / 20));
  const graph = sankey<{ index?: number }, { index?: number }>()
    .nodeId((n) => n.index ?? 0)
    .nodeWidth(nodeWidth)
    .nodePadding(Math.min(NODE_GAP, Math.max(1, height / (nodeCount * 4))))
    .extent([[MARGIN, MARGIN], [Math.max(MARGIN + nodeWidth, width - MARGIN), Math.max(MARGIN + 1, height - MARGIN)]])({
      nodes: Array.from({ length: nodeCount }, (_, index) => ({ index })),
      // d3-sankey mutates its input: give it copies, and no negative flow (a band cannot be thinner than 0).
      links: links.map((l) => ({ source: l.source, target: l.target, value: Math.max(0, l.value) })),
    });
  const columns = new Set(graph.nodes.map((n) => n.x0 ?? 0)).size;
  const columnStep = columns > 1 ? (width - 2 * MARGIN - nodeWidth) / (columns - 1) : width - 2 * MARGIN;
  return {
    nodes: graph.nodes.map((n) => ({ x0: n.x0 ?? 0, x1: n.x1 ?? 0, y0: n.y0 ?? 0, y1: n.y1 ?? 0, labelLeft: (n.x0 ?? 0) > width / 2 })),
    links: graph.links.map((l) => {
      const s = l.source as { x1?: number };
      const t = l.target as { x0?: number };
      return { x0: s.x1 ?? 0, x1: t.x0 ?? 0, y0: l.y0 ?? 0, y1: l.y1 ?? 0, width: Math.max(0, l.width ?? 0) };
    }),
    labelRoom: Math.max(0, columnStep - nodeWidth - 12),
  };
}

/**
 * The centre line of a link band: a horizontal S-curve (drawn with the band's thickness as stroke width).
 *
 * @example
 * linkPath({ x0: 10, x1: 110, y0: 20, y1: 80, width: 4 }); // 'M10,20C60,20 60,80 110,80'
 */
export function linkPath(l: PlacedLink): string {
  const mid = (l.x0 + l.x1) / 2;
  return `M${l.x0},${l.y0}C${mid},${l.y0} ${mid},${l.y1} ${l.x1},${l.y1}`;
}
