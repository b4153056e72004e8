import { ProviderError } from './errors.js';
import { IMAGES_PER_RUN, VIDEO_MAX_SECONDS, VIDEO_MIN_SECONDS, type ImageJobInput, type VideoJobInput } from './types.js';

const IMAGE_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Both providers refuse the same bad inputs before spending anything. */
export function checkImageInput(input: ImageJobInput): void {
  checkPhoto(input.imageBytes, input.mime);
  if (input.numImages !== IMAGES_PER_RUN) invalid(`numImages must be ${IMAGES_PER_RUN}`);
  if (!input.prompt.trim()) invalid('prompt is empty');
}

export function checkVideoInput(input: VideoJobInput): void {
  checkPhoto(input.imageBytes, input.mime);
  if (!Number.isInteger(input.duration) || input.duration < VIDEO_MIN_SECONDS || input.duration > VIDEO_MAX_SECONDS) {
    invalid(`duration must be a whole number of seconds, ${VIDEO_MIN_SECONDS}-${VIDEO_MAX_SECONDS}`);
  }
  if (input.aspectRatio !== '16:9' && input.aspectRatio !== '9:16') invalid('aspectRatio must be 16:9 or 9:16');
  if (input.resolution !== '1080p') invalid('resolution must be 1080p');
}

function checkPhoto(bytes: Buffer, mime: string): void {
  if (!bytes?.length) invalid('image is empty');
  if (!IMAGE_MIMES.has(mime)) invalid(`unsupported image type ${mime}`);
}

function invalid(detail: string): never {
  throw new ProviderError('invalid_input', { retryable: false, detail });
}
