import { BGD, FGD, PR_BGD, PR_FGD } from './cutout.js';

// Loops read typed arrays at indexes below their length; the `!` on those reads states that.

/**
 * grabCut's iterations in TypeScript, for the editor's rounds (issue 37 item 7). OpenCV.js still
 * learns the opening colour models from the seeds (its k-means: `grabCut` with no iteration); the
 * iterations (each pixel's model component, the models learnt again, the graph cut) run here, with the
 * arithmetic of OpenCV's grabCut (Rother et al.'s energy with OpenCV's constants: gamma 50, lambda 450,
 * beta from the mean squared colour difference over the 8-neighbourhood; five-component models of 65
 * doubles in OpenCV's layout, so they pass to and from OpenCV unchanged) and a max-flow of its own.
 * OpenCV.js's flow (Boykov–Kolmogorov) spent ~70% of the flat-lay's box round: ~80,000 augmenting
 * paths ~100 pixels long. A push–relabel flow moves the same flow in bulk. Where the minimum cut is
 * unique (no pixel left between the two trees, as on every round measured) every maximum flow gives
 * the same cut, so the masks are OpenCV's: the editor walk's rounds on all fifteen ground-truth
 * photos are bit for bit the same (docs/studio.md, "The box round, coarse to fine").
 */

const K = 5;
const GAMMA = 50;
const LAMBDA = 9 * GAMMA;
/** OpenCV divides gamma by the single-precision square root of two for the diagonal neighbours. */
const GAMMA_DIAGONAL = GAMMA / Math.fround(Math.SQRT2);

/** A grabCut colour model: `model` is OpenCV's 1×65 (weights, means, covariances), updated in place. */
class Gmm {
  readonly inv = new Float64Array(K * 9);
  readonly norm = new Float64Array(K);
  private readonly sums = new Float64Array(K * 3);
  private readonly prods = new Float64Array(K * 9);
  private readonly counts = new Int32Array(K);
  private total = 0;

  constructor(readonly model: Float64Array) {
    for (let k = 0; k < K; k++) if (model[k]! > 0) this.invert(k, 0);
  }

  /** The component's density at a colour (without its weight). */
  density(k: number, r: number, g: number, b: number): number {
    const m = this.model;
    if (!(m[k]! > 0)) return 0;
    const d0 = r - m[K + k * 3]!;
    const d1 = g - m[K + k * 3 + 1]!;
    const d2 = b - m[K + k * 3 + 2]!;
    const v = this.inv;
    const o = k * 9;
    // inv[o + row * 3 + col]; the quadratic form summed in OpenCV's order.
    const q =
      d0 * (d0 * v[o]! + d1 * v[o + 3]! + d2 * v[o + 6]!) +
      d1 * (d0 * v[o + 1]! + d1 * v[o + 4]! + d2 * v[o + 7]!) +
      d2 * (d0 * v[o + 2]! + d1 * v[o + 5]! + d2 * v[o + 8]!);
    return this.norm[k]! * Math.exp(-0.5 * q);
  }

  /** The mixture's density at a colour. */
  mixture(r: number, g: number, b: number): number {
    let p = 0;
    for (let k = 0; k < K; k++) p += this.model[k]! * this.density(k, r, g, b);
    return p;
  }

  /** The most likely component (the first of equals; 0 when none has any density). */
  component(r: number, g: number, b: number): number {
    let best = 0;
    let max = 0;
    for (let k = 0; k < K; k++) {
      const p = this.density(k, r, g, b);
      if (p > max) {
        best = k;
        max = p;
      }
    }
    return best;
  }

  begin(): void {
    this.sums.fill(0);
    this.prods.fill(0);
    this.counts.fill(0);
    this.total = 0;
  }

  add(k: number, r: number, g: number, b: number): void {
    const s = k * 3;
    this.sums[s] = this.sums[s]! + r;
    this.sums[s + 1] = this.sums[s + 1]! + g;
    this.sums[s + 2] = this.sums[s + 2]! + b;
    const p = k * 9;
    const q = this.prods;
    q[p] = q[p]! + r * r;
    q[p + 1] = q[p + 1]! + r * g;
    q[p + 2] = q[p + 2]! + r * b;
    q[p + 3] = q[p + 3]! + g * r;
    q[p + 4] = q[p + 4]! + g * g;
    q[p + 5] = q[p + 5]! + g * b;
    q[p + 6] = q[p + 6]! + b * r;
    q[p + 7] = q[p + 7]! + b * g;
    q[p + 8] = q[p + 8]! + b * b;
    this.counts[k] = this.counts[k]! + 1;
    this.total++;
  }

  end(): void {
    const m = this.model;
    for (let k = 0; k < K; k++) {
      const n = this.counts[k]!;
      if (n === 0) {
        m[k] = 0;
        continue;
      }
      const invN = 1 / n;
      m[k] = n / this.total;
      const mean = K + k * 3;
      for (let i = 0; i < 3; i++) m[mean + i] = this.sums[k * 3 + i]! * invN;
      const cov = K * 4 + k * 9;
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++) m[cov + i * 3 + j] = this.prods[k * 9 + i * 3 + j]! * invN - m[mean + i]! * m[mean + j]!;
      this.invert(k, 0.01);
    }
  }

  /** The covariance's inverse and the density's normaliser; a near-singular covariance gets `fix` added on its diagonal. */
  private invert(k: number, fix: number): void {
    const m = this.model;
    const o = K * 4 + k * 9;
    const det = () =>
      m[o]! * (m[o + 4]! * m[o + 8]! - m[o + 5]! * m[o + 7]!) -
      m[o + 1]! * (m[o + 3]! * m[o + 8]! - m[o + 5]! * m[o + 6]!) +
      m[o + 2]! * (m[o + 3]! * m[o + 7]! - m[o + 4]! * m[o + 6]!);
    let d = det();
    if (d <= 1e-6 && fix > 0) {
      m[o] = m[o]! + fix;
      m[o + 4] = m[o + 4]! + fix;
      m[o + 8] = m[o + 8]! + fix;
      d = det();
    }
    if (!(d > 1e-6)) throw new Error('grabCut: singular colour model');
    const c = (i: number) => m[o + i]!;
    const id = 1 / d;
    const v = this.inv;
    const w = k * 9;
    v[w] = (c(4) * c(8) - c(5) * c(7)) * id;
    v[w + 3] = -(c(3) * c(8) - c(5) * c(6)) * id;
    v[w + 6] = (c(3) * c(7) - c(4) * c(6)) * id;
    v[w + 1] = -(c(1) * c(8) - c(2) * c(7)) * id;
    v[w + 4] = (c(0) * c(8) - c(2) * c(6)) * id;
    v[w + 7] = -(c(0) * c(7) - c(1) * c(6)) * id;
    v[w + 2] = (c(1) * c(5) - c(2) * c(4)) * id;
    v[w + 5] = -(c(0) * c(5) - c(2) * c(3)) * id;
    v[w + 8] = (c(0) * c(4) - c(1) * c(3)) * id;
    this.norm[k] = 1 / Math.sqrt(d);
  }
}

/**
 * Directions on the padded grid, in pairs: direction `d` and `7 - d` are opposite. The first four
 * are the neighbours above and to the left (the ones whose weights OpenCV computes at a pixel).
 */
const DX = [-1, -1, 0, 1, -1, 0, 1, 1];
const DY = [0, -1, -1, -1, 1, 1, 1, 0];

/**
 * Runs `iterations` of grabCut on `rgb` (w × h × 3) from the seeds in `mask` (grabCut's four values,
 * updated in place) with the colour models `bgd` and `fgd` (OpenCV's 65 doubles each, as its
 * GC_INIT_WITH_MASK leaves them; updated in place as OpenCV updates them).
 */
export function grabCutIterations(
  rgb: Uint8Array,
  w: number,
  h: number,
  mask: Uint8Array,
  bgd: Float64Array,
  fgd: Float64Array,
  iterations: number,
): void {
  const n = w * h;
  const bg = new Gmm(bgd);
  const fg = new Gmm(fgd);
  const beta = betaOf(rgb, w, h);
  // The padded grid: a one-pixel frame of nodes without any capacity (no bounds checks in the flow).
  const W = w + 2;
  const N = W * (h + 2);
  const off = DX.map((dx, d) => DY[d]! * W + dx);
  const edge = new Float64Array(N * 8);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const p = (y + 1) * W + x + 1;
      for (let d = 0; d < 4; d++) {
        const nx = x + DX[d]!;
        const ny = y + DY[d]!;
        if (nx < 0 || ny < 0 || nx >= w) continue;
        const j = ny * w + nx;
        const d0 = rgb[i * 3]! - rgb[j * 3]!;
        const d1 = rgb[i * 3 + 1]! - rgb[j * 3 + 1]!;
        const d2 = rgb[i * 3 + 2]! - rgb[j * 3 + 2]!;
        const wt = (DX[d] && DY[d] ? GAMMA_DIAGONAL : GAMMA) * Math.exp(-beta * (d0 * d0 + d1 * d1 + d2 * d2));
        edge[p * 8 + d] = wt;
        edge[(p + off[d]!) * 8 + 7 - d] = wt;
      }
    }
  const comp = new Uint8Array(n);
  const flow = new PushRelabel(N, off);
  for (let it = 0; it < iterations; it++) {
    for (let i = 0; i < n; i++) {
      const r = rgb[i * 3]!;
      const g = rgb[i * 3 + 1]!;
      const b = rgb[i * 3 + 2]!;
      const m = mask[i]!;
      comp[i] = m === BGD || m === PR_BGD ? bg.component(r, g, b) : fg.component(r, g, b);
    }
    bg.begin();
    fg.begin();
    for (let i = 0; i < n; i++) {
      const m = mask[i]!;
      (m === BGD || m === PR_BGD ? bg : fg).add(comp[i]!, rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
    }
    bg.end();
    fg.end();
    const term = flow.term;
    term.fill(0);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const m = mask[i]!;
        let source: number;
        let sink: number;
        if (m === PR_BGD || m === PR_FGD) {
          source = -Math.log(bg.mixture(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!));
          sink = -Math.log(fg.mixture(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!));
        } else if (m === BGD) {
          source = 0;
          sink = LAMBDA;
        } else {
          source = LAMBDA;
          sink = 0;
        }
        const t = source - sink;
        // Both infinite (neither model has any density there): OpenCV's flow takes it as the source's.
        term[(y + 1) * W + x + 1] = Number.isNaN(t) ? Infinity : t;
      }
    flow.cap.set(edge);
    flow.run();
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const m = mask[i]!;
        if (m === PR_BGD || m === PR_FGD) mask[i] = flow.sourceSide((y + 1) * W + x + 1) ? PR_FGD : PR_BGD;
      }
  }
  void FGD;
}

/** grabCut's beta: one over twice the mean squared colour difference between 8-neighbours. */
function betaOf(rgb: Uint8Array, w: number, h: number): number {
  let sum = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      for (let d = 0; d < 4; d++) {
        const nx = x + DX[d]!;
        const ny = y + DY[d]!;
        if (nx < 0 || ny < 0 || nx >= w) continue;
        const j = ny * w + nx;
        const d0 = rgb[i * 3]! - rgb[j * 3]!;
        const d1 = rgb[i * 3 + 1]! - rgb[j * 3 + 1]!;
        const d2 = rgb[i * 3 + 2]! - rgb[j * 3 + 2]!;
        sum += d0 * d0 + d1 * d1 + d2 * d2;
      }
    }
  if (sum <= Number.EPSILON) return 0;
  return 1 / ((2 * sum) / (4 * w * h - 3 * w - 3 * h + 2));
}

/**
 * Push–relabel max-flow (Goldberg–Tarjan; FIFO, with global relabelling) on the padded pixel grid:
 * `cap[p * 8 + d]` is the residual capacity from p to its neighbour in direction d, `term[p]` the
 * terminal one (> 0 from the source, < 0 to the sink). Phase one only: the cut is read from the
 * residual graph at the end (the pixels that can no longer reach the sink are the source's side).
 */
class PushRelabel {
  readonly cap: Float64Array;
  readonly term: Float64Array;
  private readonly excess: Float64Array;
  private readonly sink: Float64Array;
  private readonly label: Int32Array;
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private head = 0;
  private tail = 0;

  constructor(
    private readonly n: number,
    private readonly off: number[],
  ) {
    this.cap = new Float64Array(n * 8);
    this.term = new Float64Array(n);
    this.excess = new Float64Array(n);
    this.sink = new Float64Array(n);
    this.label = new Int32Array(n);
    this.queue = new Int32Array(n + 1);
    this.queued = new Uint8Array(n);
  }

  sourceSide(p: number): boolean {
    return this.label[p]! >= this.n;
  }

  private enqueue(p: number): void {
    if (this.queued[p]) return;
    this.queued[p] = 1;
    this.queue[this.tail] = p;
    this.tail = this.tail === this.n ? 0 : this.tail + 1;
  }

  /** Exact distances to the sink over residual edges (n where it cannot be reached); re-queues the active nodes. */
  private globalRelabel(): void {
    const { n, cap, sink, label, off, queue, queued, excess } = this;
    label.fill(n);
    // BFS from the sink, reusing the queue array as its list.
    let qh = 0;
    let qt = 0;
    for (let p = 0; p < n; p++)
      if (sink[p]! > 0) {
        label[p] = 1;
        queue[qt++] = p;
      }
    while (qh < qt) {
      const q = queue[qh++]!;
      const lq = label[q]! + 1;
      for (let d = 0; d < 8; d++) {
        const p = q + off[d]!;
        // p → q residual: p's edge in direction 7 - d.
        if (label[p] === n && cap[p * 8 + 7 - d]! > 0) {
          label[p] = lq;
          queue[qt++] = p;
        }
      }
    }
    queued.fill(0);
    this.head = this.tail = 0;
    for (let p = 0; p < n; p++) if (excess[p]! > 0 && label[p]! < n) this.enqueue(p);
  }

  run(): void {
    const { n, cap, term, excess, sink, label, off, queued } = this;
    for (let p = 0; p < n; p++) {
      const t = term[p]!;
      excess[p] = t > 0 ? t : 0;
      sink[p] = t < 0 ? -t : 0;
    }
    this.globalRelabel();
    let work = 0;
    const every = n;
    while (this.head !== this.tail) {
      const p = this.queue[this.head]!;
      queued[p] = 0;
      this.head = this.head === n ? 0 : this.head + 1;
      let e = excess[p]!;
      let lp = label[p]!;
      while (e > 0 && lp < n) {
        // To the sink first.
        const s = sink[p]!;
        if (s > 0) {
          const m = e < s ? e : s;
          sink[p] = s - m;
          e -= m;
          if (!(e > 0)) break;
        }
        let minLabel = n;
        for (let d = 0; d < 8 && e > 0; d++) {
          const r = cap[p * 8 + d]!;
          if (!(r > 0)) continue;
          const q = p + off[d]!;
          const lq = label[q]!;
          if (lq === lp - 1) {
            const m = e < r ? e : r;
            cap[p * 8 + d] = r - m;
            cap[q * 8 + 7 - d] = cap[q * 8 + 7 - d]! + m;
            e -= m;
            excess[q] = excess[q]! + m;
            if (lq < n) this.enqueue(q);
          } else if (lq < minLabel) minLabel = lq;
        }
        if (!(e > 0)) break;
        // Every admissible edge is saturated (the sink's too): one above the lowest neighbour still reachable.
        lp = minLabel < n ? minLabel + 1 : n;
        label[p] = lp;
        work++;
      }
      excess[p] = e;
      if (work > every) {
        work = 0;
        this.globalRelabel();
      }
    }
    // The cut: who can still reach the sink.
    this.globalRelabel();
  }
}
