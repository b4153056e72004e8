import type { ProviderOutput } from '../types.js';
import { composeShot, type Canvas } from './compose.js';
import { LOOKS, type Look } from './looks.js';
import { loadProduct } from './product.js';

/** "4K" marketing promise: 4096 px long side, but never more than 2x upscaling. */
export function imageLongSide(inputLongSide: number): number {
  return inputLongSide >= 2048 ? 4096 : 2048;
}

/** Canvas follows the photo's shape, kept within 3:4 .. 16:9 so odd crops still look like product shots. */
export function imageCanvas(sourceAspect: number, longSide: number): Canvas {
  const aspect = Math.min(16 / 9, Math.max(3 / 4, sourceAspect));
  return aspect >= 1
    ? { width: longSide, height: Math.round(longSide / aspect) }
    : { width: Math.round(longSide * aspect), height: longSide };
}

/** Four studio variants of the uploaded photo as JPEG (quality 88, libjpeg for speed). */
export async function renderStudioImages(
  imageBytes: Buffer,
  onProgress: (pct: number) => void,
): Promise<ProviderOutput[]> {
  onProgress(2);
  const product = await loadProduct(imageBytes);
  const canvas = imageCanvas(product.sourceAspect, imageLongSide(product.sourceLongSide));
  onProgress(15);

  // Two looks at a time: sharp runs each pipeline on one thread here (its
  // default on glibc Linux), so pairs keep both cores busy without piling up
  // four 4K canvases in memory.
  let done = 0;
  const render = async (look: Look): Promise<ProviderOutput> => {
    const shot = await composeShot(product, look, canvas);
    const bytes = await shot.jpeg({ quality: 88, mozjpeg: false, chromaSubsampling: '4:2:0' }).toBuffer();
    done++;
    onProgress(15 + Math.round((80 * done) / LOOKS.length));
    return { bytes, mime: 'image/jpeg', ext: 'jpg' };
  };
  const outputs: ProviderOutput[] = [];
  for (let i = 0; i < LOOKS.length; i += 2) {
    outputs.push(...(await Promise.all(LOOKS.slice(i, i + 2).map(render))));
  }
  return outputs;
}
