import { join } from 'node:path';
import { LocalFileStorage } from './local.js';
import { S3FileStorage, type S3StorageOptions } from './s3.js';
import type { FileStorage } from './types.js';

export * from './types.js';
export { InvalidStorageKeyError } from './keys.js';
export { LocalFileStorage } from './local.js';
export { S3FileStorage, type S3StorageOptions } from './s3.js';

export type StorageConfig = {
  /** DATA_DIR; local files go to `${dataDir}/files`. */
  dataDir: string;
  /** S3_* settings; used when `bucket` is non-blank. */
  s3?: Partial<S3StorageOptions>;
};

export function createStorage(config: StorageConfig): FileStorage {
  const bucket = config.s3?.bucket?.trim();
  if (bucket) return new S3FileStorage({ ...config.s3, bucket });
  return new LocalFileStorage(join(config.dataDir, 'files'));
}
