import type { ImageJobInput, ProviderOutput } from '../providers/ai/types.js';
import { productFromCutout } from './cutout-product.js';
import { loadProduct } from './product.js';
import { honestSceneCanvas, renderScene } from './scene-render.js';
import { centredSetup, planStyle, sceneSetups, type SceneSetup, type SceneStyle } from './scene-style.js';
import { detectView } from './view.js';
import { composeWhite } from './white.js';

/** The image run's stored parameters the studio reads, with the photo and its cut-out (null: it fell back, the framed photo). */
export type StudioImagesInput = Pick<ImageJobInput, 'imageBytes' | 'prompt' | 'category' | 'scene'> & { cutoutPng: Buffer | null };

const JPEG = { quality: 88, mozjpeg: false, chromaSubsampling: '4:2:0' } as const;

/** The scene canvas's shape: the photo's, kept within 3:4 .. 16:9 so odd crops still look like product shots. */
export const sceneAspect = (sourceAspect: number) => Math.min(16 / 9, Math.max(3 / 4, sourceAspect));

/**
 * Four images. With a cut-out: outputs[0] the marketplace white image, then
 * three scenes planned from the prompt and the seller's controls, composed for
 * the camera view of the photo (flat-lay from above, floor and wall when level).
 * Without one: the framed photo on the white studio set, then the same three
 * scenes around the framed photo.
 */
export async function renderStudioImages(input: StudioImagesInput, onProgress: (pct: number) => void): Promise<ProviderOutput[]> {
  onProgress(2);
  const [product, { view }] = await Promise.all([
    input.cutoutPng ? productFromCutout(input.cutoutPng) : loadProduct(input.imageBytes),
    detectView(input.imageBytes, input.cutoutPng),
  ]);
  const style = planStyle(input.prompt, input.category, input.scene);
  const setups = sceneSetups(style);
  onProgress(15);

  let done = 0;
  type Jpeg = Extract<ProviderOutput, { mime: 'image/jpeg' }>;
  const finish = async (image: import('sharp').Sharp, width: number, height: number): Promise<Jpeg> => {
    const bytes = await image.jpeg(JPEG).toBuffer();
    done++;
    onProgress(15 + Math.round((80 * done) / 4));
    return { bytes, mime: 'image/jpeg', ext: 'jpg', width, height };
  };
  const render = async (s: SceneStyle, setup: SceneSetup) => {
    const canvas = honestSceneCanvas(product, s, setup, view, sceneAspect(product.sourceAspect));
    const r = await renderScene(product, s, setup, view, canvas);
    return finish(r.image, r.width, r.height);
  };
  const first = async (): Promise<ProviderOutput> => {
    if (input.cutoutPng) {
      const white = await composeWhite(product, view);
      return finish(white.image, white.width, white.height);
    }
    // The framed photo on the marketplace white, with its shadow: the same scene path, pure white.
    const white = planStyle('', '', { background: '#ffffff' });
    return render(white, centredSetup(white));
  };
  const scene = async (setup: SceneSetup): Promise<ProviderOutput> => ({ ...(await render(style, setup)), role: 'scene', view });
  // All four at once: each pipeline's JS part (the surface, at texture size) runs while libvips
  // encodes the others on its own threads, so both cores stay busy.
  const outputs = await Promise.all([first(), scene(setups[0]), scene(setups[1]), scene(setups[2])]);
  return outputs;
}
