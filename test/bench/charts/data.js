// Deterministic series shared by the three benchmark pages: a random walk sampled every minute.
export function makeColumns(n) {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let seed = 42;
  let v = 100;
  const t0 = Date.UTC(2020, 0, 1);
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    v += (seed / 2147483648 - 0.5) * 2;
    x[i] = t0 + i * 60000;
    y[i] = v;
  }
  return { x, y };
}

export const WIDTH = 1000;
export const HEIGHT = 400;

export function mountPoint() {
  const el = document.createElement('div');
  el.style.width = `${WIDTH}px`;
  el.style.height = `${HEIGHT}px`;
  document.body.append(el);
  return el;
}
