// One page of the renderer benchmark (bench/renderer.mjs): times the summaries' first call after
// the page's modules have loaded, then a second call, on one fixed input. The build aliases
// `summaries` to the package or to the plain-TypeScript stand-ins.
import { roundFloats, tailWithCounts } from 'summaries';

const ready = performance.now();
const entities = Array.from({ length: 200 }, (_, i) => ({
  id: i,
  transform: { x: i / 3, y: Math.sin(i) * 100, z: 1e-7 * i },
  scale: [1 / 7, 2 / 7, 3 / 7],
}));
const logs = Array.from({ length: 500 }, (_, i) => ({
  seq: i,
  level: ['log', 'info', 'warn', 'error'][i % 4],
  text: `line ${i}`,
}));

function once() {
  const t0 = performance.now();
  const rounded = roundFloats(entities, 9);
  const tail = tailWithCounts(logs, (e) => e.level, { defaultLimit: 50 });
  return { ms: performance.now() - t0, answer: JSON.stringify([rounded[199], tail.byType, tail.items.length]) };
}

const first = once();
const second = once();
(window as unknown as { __bench: unknown }).__bench = { ready, first, second };
