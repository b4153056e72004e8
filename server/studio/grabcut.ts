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

type Typed = Float64Array | Int32Array | Uint8Array;
const scratches = new Map<string, Typed>();
/**
 * A working array kept for the thread's next call (a round allocated ~25 MB of them, and their
 * collection showed in its time): `length` long, its contents whatever the last call left.
 */
function scratch<T extends Typed>(Type: { new (length: number): T }, length: number, name: string): T {
  let a = scratches.get(name) as T | undefined;
  if (!a || a.length < length) scratches.set(name, (a = new Type(length)));
  return a.subarray(0, length) as T;
}
let stamps = 0;
/** A colour cache's entries are current while they hold its stamp; stamps never repeat in a thread. */
const nextStamp = () => ++stamps;

/** A grabCut colour model: `model` is OpenCV's 1×65 (weights, means, covariances), updated in place. */
class Gmm {
  readonly inv = new Float64Array(K * 9);
  readonly norm = new Float64Array(K);
  private readonly sums = new Float64Array(K * 3);
  private readonly prods = new Float64Array(K * 9);
  private readonly counts = new Int32Array(K);
  private total = 0;
  // A colour's scan, kept while the model stands (photos repeat colours: the flat-lay's coarse box has
  // one distinct colour in five pixels). Open addressing; `stamps` marks the entries of this model.
  private readonly bits: number;
  private readonly keys: Int32Array;
  private readonly stamps: Int32Array;
  private readonly mixes: Float64Array;
  private readonly bests: Uint8Array;
  private stamp = nextStamp();

  /** `pixels`: how many colours the model may be asked about (sizes its cache). */
  constructor(
    readonly model: Float64Array,
    pixels: number,
    slot: number,
  ) {
    for (let k = 0; k < K; k++) if (model[k]! > 0) this.invert(k, 0);
    this.bits = Math.max(10, Math.ceil(Math.log2(pixels * 2)));
    const size = 1 << this.bits;
    this.keys = scratch(Int32Array, size, `keys${slot}`);
    this.stamps = scratch(Int32Array, size, `stamps${slot}`);
    this.mixes = scratch(Float64Array, size, `mixes${slot}`);
    this.bests = scratch(Uint8Array, size, `bests${slot}`);
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

  /** The component `scan` found most likely (the first of equals; 0 when none has any density). */
  best = 0;

  /**
   * The mixture's density at a colour (the components' weighted densities summed in order), and in
   * `best` its most likely component: grabCut's t-link and its component assignment, from the same densities.
   */
  scan(r: number, g: number, b: number): number {
    const c = (r << 16) | (g << 8) | b;
    const mask = (1 << this.bits) - 1;
    let slot = Math.imul(c, 0x9e3779b1) >>> (32 - this.bits);
    while (this.stamps[slot] === this.stamp) {
      if (this.keys[slot] === c) {
        this.best = this.bests[slot]!;
        return this.mixes[slot]!;
      }
      slot = (slot + 1) & mask;
    }
    const m = this.model;
    let p = 0;
    let best = 0;
    let max = 0;
    for (let k = 0; k < K; k++) {
      const d = this.density(k, r, g, b);
      p += m[k]! * d;
      if (d > max) {
        best = k;
        max = d;
      }
    }
    this.best = best;
    this.stamps[slot] = this.stamp;
    this.keys[slot] = c;
    this.mixes[slot] = p;
    this.bests[slot] = best;
    return p;
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
    this.stamp = nextStamp();
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
  const bg = new Gmm(bgd, n, 0);
  const fg = new Gmm(fgd, n, 1);
  const beta = betaOf(rgb, w, h);
  // The padded grid: a one-pixel frame of nodes without any capacity (no bounds checks in the flow).
  const W = w + 2;
  const N = W * (h + 2);
  const off = DX.map((dx, d) => DY[d]! * W + dx);
  const edge = scratch(Float64Array, N * 8, 'edge').fill(0);
  // exp(−beta·|Δcolour|²) by squared colour distance (at most 3 × 255²), each computed once.
  const decay = scratch(Float64Array, 3 * 255 * 255 + 1, 'decay').fill(-1);
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
        const sq = d0 * d0 + d1 * d1 + d2 * d2;
        let e = decay[sq]!;
        if (e < 0) e = decay[sq] = Math.exp(-beta * sq);
        const wt = (DX[d] && DY[d] ? GAMMA_DIAGONAL : GAMMA) * e;
        edge[p * 8 + d] = wt;
        edge[(p + off[d]!) * 8 + 7 - d] = wt;
      }
    }
  const comp = scratch(Uint8Array, n, 'comp');
  const flow = new GridFlow(N, off);
  // The terminal capacities the flow was last solved for: the next iteration starts from that flow.
  const solved = scratch(Float64Array, N, 'solved');
  const next = scratch(Float64Array, N, 'next');
  // Each pixel's most likely component under each model: the next iteration's assignment (its models
  // are the ones this iteration's t-links were computed with).
  const bgBest = scratch(Uint8Array, n, 'bgBest');
  const fgBest = scratch(Uint8Array, n, 'fgBest');
  for (let it = 0; it < iterations; it++) {
    for (let i = 0; i < n; i++) {
      const m = mask[i]!;
      const bgSide = m === BGD || m === PR_BGD;
      if (it > 0) comp[i] = bgSide ? bgBest[i]! : fgBest[i]!;
      else {
        (bgSide ? bg : fg).scan(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
        comp[i] = (bgSide ? bg : fg).best;
      }
    }
    bg.begin();
    fg.begin();
    for (let i = 0; i < n; i++) {
      const m = mask[i]!;
      (m === BGD || m === PR_BGD ? bg : fg).add(comp[i]!, rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
    }
    bg.end();
    fg.end();
    const more = it + 1 < iterations;
    let finite = true;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const m = mask[i]!;
        const r = rgb[i * 3]!;
        const g = rgb[i * 3 + 1]!;
        const b = rgb[i * 3 + 2]!;
        let source: number;
        let sink: number;
        if (m === PR_BGD || m === PR_FGD) {
          source = -Math.log(bg.scan(r, g, b));
          sink = -Math.log(fg.scan(r, g, b));
          bgBest[i] = bg.best;
          fgBest[i] = fg.best;
        } else if (m === BGD) {
          source = 0;
          sink = LAMBDA;
          if (more) bgBest[i] = (bg.scan(r, g, b), bg.best);
        } else {
          source = LAMBDA;
          sink = 0;
          if (more) fgBest[i] = (fg.scan(r, g, b), fg.best);
        }
        const t = source - sink;
        if (!Number.isFinite(t)) finite = false;
        // Both infinite (neither model has any density there): OpenCV's flow takes it as the source's.
        next[(y + 1) * W + x + 1] = Number.isNaN(t) ? Infinity : t;
      }
    const term = flow.term;
    if (it > 0 && finite && flow.finite()) {
      // Only the terminal capacities changed: the last flow stays a flow of the new graph once each
      // node's terminal residual moves by its capacity's change (a node given less than it already
      // sends on is read as also sending the difference to the sink; that changes no cut).
      for (let p = 0; p < N; p++) term[p] = term[p]! + (next[p]! - solved[p]!);
    } else {
      flow.cap.set(edge);
      term.set(next);
    }
    solved.set(next);
    flow.solve();
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

const FREE = 0;
const SOURCE = 1;
const SINK = 2;
/** parent[] values besides a direction 0–7. */
const TERMINAL = 8;
const ORPHAN = 9;
const NONE = 10;
/**
 * When push–relabel takes over from the search trees: at TREE_CHECK steps of their work (path and
 * adoption steps) if their augmenting paths have been LONG_PATHS pixels long or more on average, and
 * at TREE_BUDGET steps in any case. The flat-lay's coarse box (weak colour models under strong
 * smoothness) took ~14 million steps, ~80,000 paths ~100 pixels long (74 on average at the check),
 * where push–relabel is several times faster; on the walk's other rounds it is slower, and their paths
 * are at most 47 long at the check (the orange's second iteration; the shapes' 47, the squirrel's 41).
 */
const TREE_CHECK = 1_500_000;
const LONG_PATHS = 60;
const TREE_BUDGET = 8_000_000;

/**
 * A max-flow on the padded pixel grid: `cap[p * 8 + d]` is the residual capacity from p to its
 * neighbour in direction d, `term[p]` the terminal one (> 0 from the source, < 0 to the sink); both
 * hold the residual graph after `solve`, so a later solve may start from that flow. First the
 * Boykov–Kolmogorov search trees (two trees grown from the terminals over unsaturated edges, a path
 * augmented where they meet, cut-off nodes re-attached or freed, with their timestamp and distance
 * heuristics), which read the cut as OpenCV.js's flow does; then, when their paths run long (TREE_CHECK), push–relabel (Goldberg
 * –Tarjan, FIFO, global relabelling) from that flow moves the rest in bulk, and the cut is read from
 * the residual graph (the nodes that can no longer reach the sink are the source's side).
 */
class GridFlow {
  readonly cap: Float64Array;
  readonly term: Float64Array;
  private readonly tree: Uint8Array;
  /** The tree a node was last in (0 source, 1 sink): OpenCV's side for a node no tree holds at the end. */
  private readonly last: Uint8Array;
  private readonly parent: Uint8Array;
  private readonly ts: Int32Array;
  private readonly dist: Int32Array;
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private readonly orphans: Int32Array;
  private readonly excess: Float64Array;
  private readonly sink: Float64Array;
  private readonly label: Int32Array;
  private head = 0;
  private tail = 0;
  private nOrphans = 0;
  private time = 0;
  private work = 0;
  /** Augmenting paths so far and their length. */
  private paths = 0;
  private steps = 0;
  private checked = false;
  private pushed = false;

  constructor(
    private readonly n: number,
    private readonly off: number[],
  ) {
    this.cap = scratch(Float64Array, n * 8, 'flow.cap');
    this.term = scratch(Float64Array, n, 'flow.term');
    this.tree = scratch(Uint8Array, n, 'flow.tree');
    this.last = scratch(Uint8Array, n, 'flow.last');
    this.parent = scratch(Uint8Array, n, 'flow.parent');
    this.ts = scratch(Int32Array, n, 'flow.ts');
    this.dist = scratch(Int32Array, n, 'flow.dist');
    this.queue = scratch(Int32Array, n + 1, 'flow.queue');
    this.queued = scratch(Uint8Array, n, 'flow.queued');
    this.orphans = scratch(Int32Array, n, 'flow.orphans');
    this.excess = scratch(Float64Array, n, 'flow.excess');
    this.sink = scratch(Float64Array, n, 'flow.sink');
    this.label = scratch(Int32Array, n, 'flow.label');
  }

  /** Whether every terminal residual is finite (a flow to start the next solve from). */
  finite(): boolean {
    for (let p = 0; p < this.n; p++) if (!Number.isFinite(this.term[p]!)) return false;
    return true;
  }

  solve(): void {
    this.pushed = !this.trees();
    if (!this.pushed) return;
    this.pushRelabel();
    // Back to a flow: what a node holds and cannot pass on goes back to the source.
    for (let p = 0; p < this.n; p++) this.term[p] = this.excess[p]! - this.sink[p]!;
  }

  /** Whether the node ends on the source's side. */
  sourceSide(p: number): boolean {
    if (this.pushed) return this.label[p]! >= this.n;
    return this.tree[p] === SOURCE || (this.tree[p] === FREE && this.last[p] === 0);
  }

  private push(p: number): void {
    if (this.queued[p]) return;
    this.queued[p] = 1;
    this.queue[this.tail] = p;
    this.tail = this.tail === this.n ? 0 : this.tail + 1;
  }

  private pop(): void {
    this.queued[this.queue[this.head]!] = 0;
    this.head = this.head === this.n ? 0 : this.head + 1;
  }

  /** The search-tree flow; false when it stopped for push–relabel (TREE_CHECK). */
  private trees(): boolean {
    const { n, cap, term, tree, last, parent, ts, dist, queued, off } = this;
    this.head = this.tail = 0;
    this.time = 0;
    this.work = 0;
    this.paths = 0;
    this.steps = 0;
    this.checked = false;
    this.nOrphans = 0;
    queued.fill(0);
    last.fill(0);
    for (let p = 0; p < n; p++) {
      ts[p] = 0;
      dist[p] = 0;
      const t = term[p]!;
      if (t > 0 || t < 0) {
        tree[p] = t > 0 ? SOURCE : SINK;
        last[p] = t > 0 ? 0 : 1;
        parent[p] = TERMINAL;
        dist[p] = 1;
        this.push(p);
      } else {
        // The padded frame's nodes have no capacity at all and stay free; so may a pixel, till it is reached.
        tree[p] = FREE;
        parent[p] = NONE;
      }
    }
    while (this.head !== this.tail) {
      if (this.work > TREE_BUDGET) return false;
      if (!this.checked && this.work > TREE_CHECK) {
        this.checked = true;
        if (this.steps >= LONG_PATHS * this.paths) return false;
      }
      const p = this.queue[this.head]!;
      const tp = tree[p]!;
      if (tp === FREE) {
        this.pop();
        continue;
      }
      // Grow p's tree; stop at the first edge to the other tree.
      let meet = -1;
      let dirMeet = 0;
      for (let d = 0; d < 8; d++) {
        const q = p + off[d]!;
        const r = tp === SOURCE ? cap[p * 8 + d]! : cap[q * 8 + 7 - d]!;
        if (!(r > 0)) continue;
        const tq = tree[q]!;
        if (tq === FREE) {
          tree[q] = tp;
          last[q] = tp === SOURCE ? 0 : 1;
          parent[q] = 7 - d;
          ts[q] = ts[p]!;
          dist[q] = dist[p]! + 1;
          this.push(q);
        } else if (tq === tp) {
          if (ts[q]! <= ts[p]! && dist[q]! > dist[p]! + 1) {
            parent[q] = 7 - d;
            ts[q] = ts[p]!;
            dist[q] = dist[p]! + 1;
          }
        } else {
          meet = q;
          dirMeet = d;
          break;
        }
      }
      if (meet < 0) {
        this.pop();
        continue;
      }
      // The path: source … a → b … sink, the edge a → b in direction `da`; p stays active.
      const a = tp === SOURCE ? p : meet;
      const b = tp === SOURCE ? meet : p;
      const da = tp === SOURCE ? dirMeet : 7 - dirMeet;
      this.augment(a, b, da);
      this.adopt();
    }
    return true;
  }

  private augment(a: number, b: number, da: number): void {
    const { cap, term, parent, off } = this;
    const before = this.work;
    let m = cap[a * 8 + da]!;
    // Source side: from a up to its root, the residual of each parent → child edge.
    let v = a;
    while (parent[v] !== TERMINAL) {
      const d = parent[v]!;
      const r = cap[(v + off[d]!) * 8 + 7 - d]!;
      if (r < m) m = r;
      v = v + off[d]!;
      this.work++;
    }
    if (term[v]! < m) m = term[v]!;
    // Sink side: from b down to its root, the residual of each child → parent edge.
    v = b;
    while (parent[v] !== TERMINAL) {
      const d = parent[v]!;
      const r = cap[v * 8 + d]!;
      if (r < m) m = r;
      v = v + off[d]!;
      this.work++;
    }
    if (-term[v]! < m) m = -term[v]!;
    this.paths++;
    this.steps += this.work - before + 1;
    cap[a * 8 + da] = cap[a * 8 + da]! - m;
    cap[(a + off[da]!) * 8 + 7 - da] = cap[(a + off[da]!) * 8 + 7 - da]! + m;
    v = a;
    while (parent[v] !== TERMINAL) {
      const d = parent[v]!;
      const u = v + off[d]!;
      cap[v * 8 + d] = cap[v * 8 + d]! + m;
      if ((cap[u * 8 + 7 - d] = cap[u * 8 + 7 - d]! - m) === 0) this.orphan(v);
      v = u;
    }
    if ((term[v] = term[v]! - m) === 0) this.orphan(v);
    v = b;
    while (parent[v] !== TERMINAL) {
      const d = parent[v]!;
      const u = v + off[d]!;
      cap[u * 8 + 7 - d] = cap[u * 8 + 7 - d]! + m;
      if ((cap[v * 8 + d] = cap[v * 8 + d]! - m) === 0) this.orphan(v);
      v = u;
    }
    if ((term[v] = term[v]! + m) === 0) this.orphan(v);
  }

  private orphan(v: number): void {
    this.parent[v] = ORPHAN;
    this.orphans[this.nOrphans++] = v;
  }

  /** Re-attaches the orphans to their tree (the nearest valid parent) or frees them. */
  private adopt(): void {
    const { cap, tree, parent, ts, dist, off } = this;
    const time = ++this.time;
    while (this.nOrphans > 0) {
      const v = this.orphans[--this.nOrphans]!;
      const tv = tree[v]!;
      let best = NONE;
      let bestDist = Infinity;
      this.work++;
      for (let d = 0; d < 8; d++) {
        const u0 = v + off[d]!;
        if (tree[u0] !== tv) continue;
        const r = tv === SOURCE ? cap[u0 * 8 + 7 - d]! : cap[v * 8 + d]!;
        if (!(r > 0)) continue;
        // Is u0 still rooted at a terminal? Count the steps there (or to a node stamped this round).
        let u = u0;
        let k = 0;
        let ok = true;
        for (;;) {
          this.work++;
          if (ts[u] === time) {
            k += dist[u]!;
            break;
          }
          const pu = parent[u]!;
          k++;
          if (pu === TERMINAL) {
            ts[u] = time;
            dist[u] = 1;
            break;
          }
          if (pu === ORPHAN || pu === NONE) {
            ok = false;
            break;
          }
          u = u + off[pu]!;
        }
        if (!ok) continue;
        if (k < bestDist) {
          bestDist = k;
          best = d;
        }
        // Stamp the path so later searches stop early.
        let dd = k;
        for (u = u0; ts[u] !== time; u = u + off[parent[u]!]!) {
          ts[u] = time;
          dist[u] = dd--;
        }
      }
      if (best !== NONE) {
        parent[v] = best;
        ts[v] = time;
        dist[v] = bestDist + 1;
        continue;
      }
      // No parent: v leaves its tree; its neighbours that could feed it become active, its children orphans.
      tree[v] = FREE;
      parent[v] = NONE;
      for (let d = 0; d < 8; d++) {
        const u = v + off[d]!;
        if (tree[u] !== tv) continue;
        const r = tv === SOURCE ? cap[u * 8 + 7 - d]! : cap[v * 8 + d]!;
        if (r > 0) this.push(u);
        const pu = parent[u]!;
        if (pu < 8 && u + off[pu]! === v) this.orphan(u);
      }
    }
  }

  /** Exact distances to the sink over residual edges (n where it cannot be reached); queues the active nodes. */
  private globalRelabel(): void {
    const { n, cap, sink, label, off, queue, queued, excess } = this;
    label.fill(n);
    // Breadth first from the sink, with the queue's array as its list.
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
    for (let p = 0; p < n; p++) if (excess[p]! > 0 && label[p]! < n) this.push(p);
  }

  /** Push–relabel from the current flow: each node's source residual becomes its excess. */
  private pushRelabel(): void {
    const { n, cap, term, excess, sink, label, off, queued } = this;
    for (let p = 0; p < n; p++) {
      const t = term[p]!;
      excess[p] = t > 0 ? t : 0;
      sink[p] = t < 0 ? -t : 0;
    }
    this.globalRelabel();
    let relabels = 0;
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
            this.push(q);
          } else if (lq < minLabel) minLabel = lq;
        }
        if (!(e > 0)) break;
        // Every admissible edge is saturated (the sink's too): one above the lowest neighbour still reachable.
        lp = minLabel < n ? minLabel + 1 : n;
        label[p] = lp;
        relabels++;
      }
      excess[p] = e;
      if (relabels > n / 4) {
        relabels = 0;
        this.globalRelabel();
      }
    }
    // The cut: who can still reach the sink.
    this.globalRelabel();
  }
}
