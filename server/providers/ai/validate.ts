import { ProviderError } from './errors.js';
import { ASPECT_RATIOS, IMAGES_PER_RUN, VIDEO_DURATIONS, type ImageJobInput, type VideoJobInput } from './types.js';
import { VIDEO_RESOLUTION } from '../../../shared/constants.js';

const IMAGE_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Both providers refuse the same bad inputs before spending anything. */
export function checkImageInput(input: ImageJobInput): void {
  checkPhoto(input.imageBytes, input.mime);
  if (input.numImages !== IMAGES_PER_RUN) invalid(`numImages must be ${IMAGES_PER_RUN}`);
  if (!input.prompt.trim()) invalid('prompt is empty');
}

export function checkVideoInput(input: VideoJobInput): void {
  checkPhoto(input.imageBytes, input.mime);
  const { min, max } = VIDEO_DURATIONS;
  if (!Number.isInteger(input.duration) || input.duration < min || input.duration > max) {
    invalid(`duration must be a whole number of seconds, ${min}-${max}`);
  }
  if (!ASPECT_RATIOS.includes(input.aspectRatio)) invalid(`aspectRatio must be ${ASPECT_RATIOS.join(' or ')}`);
  if (input.resolution !== VIDEO_RESOLUTION) invalid(`resolution must be ${VIDEO_RESOLUTION}`);
}

function checkPhoto(bytes: Buffer, mime: string): void {
  if (!bytes?.length) invalid('image is empty');
  if (!IMAGE_MIMES.has(mime)) invalid(`unsupported image type ${mime}`);
}

function invalid(detail: string): never {
  throw new ProviderError('invalid_input', { retryable: false, detail });
}
