// Pixel loops read typed arrays at indexes below their length (the loop bounds: w * h pixels,
// 3 channels each); the `!` on those reads states that, at no run-time cost.

/**
 * Salient-object map of a small Lab image: the minimum barrier distance from
 * the image border (FastMBD, Zhang et al. 2015, raster-scan approximation)
 * plus a border-colour contrast term, as in MB+. Pure JS on typed arrays;
 * meant for about 320 px on the longer side. Output 0..1 per pixel.
 */
export function saliencyMap(lab: Uint8Array, w: number, h: number): Float32Array {
  const n = w * h;
  const total = new Float32Array(n);
  for (let c = 0; c < 3; c++) {
    const channel = new Float32Array(n);
    for (let i = 0; i < n; i++) channel[i] = lab[i * 3 + c]!;
    const d = barrierDistance(channel, w, h, 3);
    for (let i = 0; i < n; i++) total[i]! += d[i]!;
  }
  normalise(total);
  const contrast = borderContrast(lab, w, h);
  for (let i = 0; i < n; i++) total[i] = total[i]! * 0.6 + contrast[i]! * 0.4;
  normalise(total);
  // MB+ post-processing: a gentle sigmoid to push the object up and the rest down.
  for (let i = 0; i < n; i++) total[i] = 1 / (1 + Math.exp(-10 * (total[i]! - 0.5)));
  normalise(total);
  return total;
}

/** Minimum barrier distance from the border: max minus min along the best path. */
function barrierDistance(img: Float32Array, w: number, h: number, passes: number): Float32Array {
  const n = w * h;
  const D = new Float32Array(n).fill(Infinity);
  const U = Float32Array.from(img);
  const L = Float32Array.from(img);
  for (let x = 0; x < w; x++) {
    D[x] = 0;
    D[(h - 1) * w + x] = 0;
  }
  for (let y = 0; y < h; y++) {
    D[y * w] = 0;
    D[y * w + w - 1] = 0;
  }
  const relax = (p: number, q: number) => {
    const v = img[p]!;
    const uq = U[q]!;
    const lq = L[q]!;
    const u = uq > v ? uq : v;
    const l = lq < v ? lq : v;
    if (u - l < D[p]!) {
      D[p] = u - l;
      U[p] = u;
      L[p] = l;
    }
  };
  for (let pass = 0; pass < passes; pass++) {
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const p = y * w + x;
        relax(p, p - 1);
        relax(p, p - w);
      }
    }
    for (let y = h - 2; y > 0; y--) {
      for (let x = w - 2; x > 0; x--) {
        const p = y * w + x;
        relax(p, p + 1);
        relax(p, p + w);
      }
    }
  }
  return D;
}

/**
 * Colour distance to each of the four border strips (normalised by the
 * strip's own spread); the strip most like the pixel is dropped, so one side
 * touched by the object does not make everything salient.
 */
function borderContrast(lab: Uint8Array, w: number, h: number): Float32Array {
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.05));
  const strips: Array<(x: number, y: number) => boolean> = [
    (_x, y) => y < band,
    (_x, y) => y >= h - band,
    (x) => x < band,
    (x) => x >= w - band,
  ];
  const stats = strips.map((inStrip) => {
    const sum = [0, 0, 0];
    const sq = [0, 0, 0];
    let count = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (!inStrip(x, y)) continue;
        const i = (y * w + x) * 3;
        for (let c = 0; c < 3; c++) {
          sum[c]! += lab[i + c]!;
          sq[c]! += lab[i + c]! * lab[i + c]!;
        }
        count++;
      }
    }
    const mean = sum.map((s) => s / count);
    const sd = sq.map((s, c) => Math.sqrt(Math.max(16, s / count - mean[c]! * mean[c]!)));
    return { mean, sd };
  });
  const out = new Float32Array(w * h);
  for (let p = 0; p < w * h; p++) {
    let sum = 0;
    let max = 0;
    for (const { mean, sd } of stats) {
      let d = 0;
      for (let c = 0; c < 3; c++) {
        const z = (lab[p * 3 + c]! - mean[c]!) / sd[c]!;
        d += z * z;
      }
      d = Math.sqrt(d);
      sum += d;
      if (d > max) max = d;
    }
    out[p] = sum - max;
  }
  normalise(out);
  return out;
}

function normalise(a: Float32Array): void {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of a) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const k = hi > lo ? 1 / (hi - lo) : 0;
  for (let i = 0; i < a.length; i++) a[i] = (a[i]! - lo) * k;
}

/** Otsu's threshold of a 0..1 map (256 bins). */
export function otsu(a: Float32Array): number {
  const hist = new Float64Array(256);
  for (const v of a) hist[Math.min(255, Math.max(0, Math.round(v * 255)))]!++;
  const total = a.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * hist[i]!;
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (!wB) continue;
    const wF = total - wB;
    if (!wF) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold / 255;
}
