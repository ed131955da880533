/**
 * Node positions of the graph chart. The force layout runs d3-force synchronously for a fixed number of
 * ticks (bounded work, no animation loop); both layouts then scale into the chart's box, so a resize only
 * refits the positions and never reruns the simulation.
 */
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationNodeDatum } from 'd3-force';
import type { GraphForces } from './types';

/** Ticks of the force simulation: enough for a few hundred nodes to settle, and a fixed cost. */
export const FORCE_TICKS = 300;
/** Ticks of the second pass that pushes overlapping nodes apart. */
const COLLIDE_TICKS = 60;
/** The size in px the layout is assumed to be drawn at when sizing nodes for the collision pass. */
const NOMINAL_SIZE = 400;

/** A position in layout units (fitted to pixels by fitToBox). */
export interface Point {
  x: number;
  y: number;
}

/**
 * Force-directed positions: edges pull their ends towards edgeLength, nodes repel each other, gravity
 * holds the graph together around the centre and friction slows nodes down each tick. Big nodes can still
 * end up on top of each other, so a second short pass pushes apart nodes whose circles (radii in px, at
 * the size the chart is usually drawn) overlap.
 *
 * @example
 * forceLayout(3, [{ source: 0, target: 1 }], { edgeLength: 400, repulsion: 1000, gravity: 0.3, friction: 0.2 }, [10, 5, 5]).length; // 3
 */
export function forceLayout(nodeCount: number, edges: ReadonlyArray<{ source: number; target: number }>, forces: GraphForces, radii: readonly number[] = []): Point[] {
  const nodes: SimulationNodeDatum[] = Array.from({ length: nodeCount }, () => ({}));
  const simulation = forceSimulation(nodes)
    .force('link', forceLink(edges.map((e) => ({ source: e.source, target: e.target }))).distance(Math.max(1, forces.edgeLength)))
    .force('charge', forceManyBody().strength(-Math.max(0, forces.repulsion)))
    .force('x', forceX(0).strength(Math.max(0, forces.gravity) / 3))
    .force('y', forceY(0).strength(Math.max(0, forces.gravity) / 3))
    .velocityDecay(Math.min(0.9, Math.max(0.1, forces.friction)))
    .stop();
  simulation.tick(FORCE_TICKS);
  if (radii.length && nodeCount > 1) {
    const xs = nodes.map((n) => n.x ?? 0);
    const ys = nodes.map((n) => n.y ?? 0);
    const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) || 1;
    const unitsPerPx = extent / NOMINAL_SIZE;
    simulation.force('collide', forceCollide<SimulationNodeDatum>((_, i) => ((radii[i] ?? 0) + 6) * unitsPerPx)).alpha(0.3);
    simulation.tick(COLLIDE_TICKS);
  }
  return nodes.map((n) => ({ x: n.x ?? 0, y: n.y ?? 0 }));
}

/**
 * Nodes evenly spaced on a unit circle in data order, the first at 12 o'clock.
 *
 * @example
 * circularLayout(4)[1]; // { x: 1, y: 0 } (3 o'clock, rounded)
 */
export function circularLayout(nodeCount: number): Point[] {
  return Array.from({ length: nodeCount }, (_, i) => {
    const angle = (i / Math.max(1, nodeCount)) * Math.PI * 2;
    return { x: Math.sin(angle), y: -Math.cos(angle) };
  });
}

/** The box the nodes' centres may use, in px. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Layout positions scaled (one factor for both axes, so shapes keep their proportions) and centred into
 * `box`.
 *
 * @example
 * fitToBox([{ x: -1, y: 0 }, { x: 1, y: 0 }], { left: 0, top: 0, width: 100, height: 50 }); // [{ x: 0, y: 25 }, { x: 100, y: 25 }]
 */
export function fitToBox(points: readonly Point[], box: Box): Point[] {
  if (!points.length) return [];
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min(x1 > x0 ? box.width / (x1 - x0) : Infinity, y1 > y0 ? box.height / (y1 - y0) : Infinity);
  const k = Number.isFinite(scale) ? scale : 0;
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  return points.map((p) => ({ x: cx + (p.x - (x0 + x1) / 2) * k, y: cy + (p.y - (y0 + y1) / 2) * k }));
}
