import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { StudioPool } from '../../server/studio/pool';
import { planStyle } from '../../server/studio/scene-style';
import { cutoutView } from '../../server/services/studio';
import { M } from '../../shared/messages';
import { alphaOf, photo } from './photos';
import { maskOfPng } from './truth';

// Real photos through WASM on a shared 2-core machine: seconds per case, not milliseconds.
vi.setConfig({ testTimeout: 120_000 });
const pool = new StudioPool(1);
afterAll(() => pool.close());

const cut = (bytes: Buffer, hints = {}) => pool.run({ kind: 'cutout', bytes, hints }, { owner: 'test' });

describe('cut-out on real photographs', () => {
  it('cuts the cup and saucer out of the café photo: PNG at the photo size, product kept, table removed', async () => {
    const r = await cut(photo('coffee'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect({ width: r.width, height: r.height }).toEqual({ width: 600, height: 400 });
    const a = await alphaOf(Buffer.from(r.png));
    expect({ width: a.width, height: a.height }).toEqual({ width: 600, height: 400 });
    // Cup and saucer cover a bit under half the frame; the wooden table around them is gone.
    expect(a.coverage).toBeGreaterThan(0.3);
    expect(a.coverage).toBeLessThan(0.6);
    expect(a.at(0.48, 0.3)).toBe(255); // the coffee in the cup
    expect(a.at(0.25, 0.6)).toBe(255); // the saucer
    expect(a.at(0.02, 0.05)).toBe(0); // dark corner
    expect(a.at(0.95, 0.9)).toBe(0); // table top right of the saucer
    expect(a.at(0.05, 0.95)).toBe(0);
    // Soft edges: some alpha between 0 and 255 exists along the outline.
    expect(a.data.some((v) => v > 20 && v < 235)).toBe(true);
  });

  it('falls back honestly when the subject fills the frame, with a Turkish note and a tip', async () => {
    const r = await cut(photo('chelsea'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reasons).toEqual(['fills_frame']);
    const view = cutoutView({
      id: 'x',
      storage_key: null,
      width: r.width,
      height: r.height,
      note_code: r.reasons[0]!,
      reasons: r.reasons,
      mask_key: null,
    });
    expect(view.cutoutUrl).toBeNull();
    expect(view.verdict).toBe('none');
    expect(view.note).toContain(M.studio.notes.fills_frame);
    expect(view.note).toContain(M.studio.nextStep);
    expect(view.note).toMatch(/fotoğraf/);
  });

  it('keeps several objects laid out on a cloth in their arrangement (pen, lid, ball, lighter), but does not call it ready unattended', async () => {
    // The detector finds only the pen, whose box the thin pen fills a tenth of; the cloth between and
    // around the objects is the same cloth, so the gate does not call the cut-out small for its box.
    // Unattended, a mask filling under 30% of the detector's box is 'uncertain' (issue 37: here the
    // coin is missing, IoU 0.899 against the hand-made mask), so the seller is asked.
    const r = await cut(photo('stuff'));
    expect(r.ok ? 'accepted' : r.reasons).toEqual(['uncertain']);
    if (r.ok) return;
    expect(r.figures!.boxFill).toBeLessThan(0.45);
    const W = r.width;
    const H = r.height;
    const m = await maskOfPng(Buffer.from(r.maskPng!), W, H);
    const at = (fx: number, fy: number) => m[Math.floor(fy * H) * W + Math.floor(fx * W)];
    expect({ lid: at(0.36, 0.12), pen: at(0.3, 0.35), ball: at(0.62, 0.39), lighter: at(0.52, 0.8) }).toEqual({
      lid: 1,
      pen: 1,
      ball: 1,
      lighter: 1,
    });
    expect([at(0.15, 0.85), at(0.82, 0.85), at(0.5, 0.05)]).toEqual([0, 0, 0]);
  });

  it("the seller's box and keep/remove strokes change the mask, and the gate judges guided runs too", async () => {
    // The rocket at dusk: the automatic cut is not sure enough, so it falls back.
    const auto = await cut(photo('rocket'));
    expect(auto.ok).toBe(false);

    const subject = { x: 0.44, y: 0.27, width: 0.14, height: 0.68 };
    // The rocket is thin in this loose box: the gate does not trust a mask filling a quarter of the
    // seller's box (half an orange looks the same to it), but the mask is there for the overlay.
    const boxed = await cut(photo('rocket'), { subject });
    expect(boxed.ok).toBe(false);
    if (boxed.ok) return;
    expect(boxed.reasons).toEqual(['small_for_box']);
    const W = boxed.width;
    const H = boxed.height;
    const a = await maskOfPng(Buffer.from(boxed.maskPng!), W, H);
    const at = (m: Uint8Array, fx: number, fy: number) => m[Math.floor(fy * H) * W + Math.floor(fx * W)];
    const share = (m: Uint8Array) => m.reduce((s, v) => s + v, 0) / m.length;
    expect(at(a, 0.5, 0.55)).toBe(1); // the rocket body
    expect(at(a, 0.2, 0.5)).toBe(0); // the sky beside it

    // "Remove" strokes over the launch pad's lower part take it out; "keep" brings a part back.
    const remove = Array.from({ length: 12 }, (_, i) => ({ x: 0.45 + i * 0.01, y: 0.93 }));
    const stroked = await cut(photo('rocket'), { subject, remove });
    const b = await maskOfPng(Buffer.from(stroked.ok ? stroked.png : stroked.maskPng!), W, H);
    expect(at(b, 0.5, 0.93)).toBe(0);
    expect(share(b)).toBeLessThan(share(a));

    const keep = [{ x: 0.5, y: 0.93 }];
    const kept = await cut(photo('rocket'), { subject, keep });
    expect(at(await maskOfPng(Buffer.from(kept.ok ? kept.png : kept.maskPng!), W, H), 0.5, 0.93)).toBe(1);
  });
});

describe('what a run makes from a cut-out', () => {
  it('outputs[0] is the marketplace white image: pure white to every edge, product 75-98% of the longer side', async () => {
    const c = await cut(photo('coffee'));
    if (!c.ok) throw new Error('coffee should cut out');
    const outs = await pool.run(
      {
        kind: 'images',
        input: { imageBytes: photo('coffee'), cutoutPng: Buffer.from(c.png), prompt: 'stüdyo' },
      },
      { owner: 'test' },
    );
    expect(outs).toHaveLength(4);
    const { data, info } = await sharp(Buffer.from(outs[0]!.bytes)).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(outs[0]!.width);
    expect(info.height).toBe(outs[0]!.height);
    const W = info.width;
    const H = info.height;
    const ch = info.channels;
    const px = (x: number, y: number): [number, number, number] => [
      data[(y * W + x) * ch]!,
      data[(y * W + x) * ch + 1]!,
      data[(y * W + x) * ch + 2]!,
    ];
    // Every edge pixel, 3 px deep, is #FFFFFF (JPEG keeps flat white exactly white).
    for (let d = 0; d < 3; d++) {
      for (let x = 0; x < W; x++) {
        expect(px(x, d)).toEqual([255, 255, 255]);
        expect(px(x, H - 1 - d)).toEqual([255, 255, 255]);
      }
      for (let y = 0; y < H; y++) {
        expect(px(d, y)).toEqual([255, 255, 255]);
        expect(px(W - 1 - d, y)).toEqual([255, 255, 255]);
      }
    }
    // The product's extent (clearly non-white pixels; the faint shadow is lighter than this).
    let x0 = W,
      y0 = H,
      x1 = 0,
      y1 = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const [r, g, b] = px(x, y);
        if (Math.min(r, g, b) < 200) {
          x0 = Math.min(x0, x);
          x1 = Math.max(x1, x);
          y0 = Math.min(y0, y);
          y1 = Math.max(y1, y);
        }
      }
    }
    const span = Math.max(x1 - x0 + 1, y1 - y0 + 1) / Math.max(W, H);
    expect(span).toBeGreaterThanOrEqual(0.75);
    expect(span).toBeLessThanOrEqual(0.98);
    // Centred.
    expect(Math.abs((x0 + x1) / 2 - W / 2)).toBeLessThan(W * 0.05);
    // Honest size: the 600 px photo's cut-out is never blown up more than 2x.
    expect(Math.max(W, H)).toBeLessThanOrEqual(Math.ceil((600 * 2) / 0.85));
  });

  it('two different prompts give measurably different scenes', async () => {
    const c = await cut(photo('coffee'));
    if (!c.ok) throw new Error('coffee should cut out');
    const render = (prompt: string) =>
      pool.run({ kind: 'images', input: { imageBytes: photo('coffee'), cutoutPng: Buffer.from(c.png), prompt } }, { owner: 'test' });
    const [marble, sunset] = await Promise.all([
      render('beyaz mermer mutfak tezgahı, aydınlık'),
      render('ahşap parke salon, gün batımı ışığı'),
    ]);
    const marbleStyle = planStyle('beyaz mermer mutfak tezgahı, aydınlık');
    const sunsetStyle = planStyle('ahşap parke salon, gün batımı ışığı');
    expect(marbleStyle.surface.material).toBe('marble');
    expect(marbleStyle.understood.map((w) => w.value)).toEqual(expect.arrayContaining(['kitchen', 'bright']));
    expect(sunsetStyle.surface.material).toBe('wood');
    expect(sunsetStyle.understood.map((w) => w.value)).toEqual(expect.arrayContaining(['living', 'sunset']));
    // The white image does not depend on the prompt; the scenes do.
    expect(Buffer.from(marble[0]!.bytes).equals(Buffer.from(sunset[0]!.bytes))).toBe(true);
    for (const i of [1, 2, 3]) {
      const size = { width: 96, height: 64, fit: 'fill' as const };
      const a = await sharp(Buffer.from(marble[i]!.bytes)).resize(size).removeAlpha().raw().toBuffer();
      const b = await sharp(Buffer.from(sunset[i]!.bytes)).resize(size).removeAlpha().raw().toBuffer();
      let diff = 0;
      for (let k = 0; k < a.length; k++) diff += Math.abs(a[k]! - b[k]!);
      expect(diff / a.length).toBeGreaterThan(20); // mean absolute difference per channel, 0-255
    }
  });
});
