import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertValidKey, contentTypeFromKey } from './keys.js';
import { checkRange } from './range.js';
import type { ByteRange, FileStorage, ObjectInfo, StoredObject } from './types.js';

export type S3StorageOptions = {
  bucket: string;
  /** Most S3-compatible services accept any region; AWS needs the bucket's. */
  region?: string;
  /** e.g. https://<account>.r2.cloudflarestorage.com or http://localhost:9000 (MinIO). */
  endpoint?: string;
  /** Without these the SDK's default chain is used (env, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `host/bucket/key` URLs instead of `bucket.host/key`; MinIO and most self-hosted services need it. */
  forcePathStyle?: boolean;
  /** Optional folder inside the bucket, so one bucket can serve several installs. */
  prefix?: string;
  /** Part size of streamed uploads (S3's minimum is 5 MiB for every part but the last); default 8 MiB. */
  partBytes?: number;
};

/** Any S3-compatible bucket via @aws-sdk/client-s3. Objects are private; the server streams them to their owner. */
export class S3FileStorage implements FileStorage {
  readonly name = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly partBytes: number;

  constructor(options: S3StorageOptions, client?: S3Client) {
    this.bucket = options.bucket;
    this.partBytes = options.partBytes ?? 8 * 1024 * 1024;
    this.prefix = options.prefix ? options.prefix.replace(/^\/+|\/+$/g, '') + '/' : '';
    if (this.prefix) assertValidKey(this.prefix.slice(0, -1));
    const config: S3ClientConfig = {
      region: options.region || 'us-east-1',
      endpoint: options.endpoint || undefined,
      forcePathStyle: options.forcePathStyle ?? false,
      // Newer SDKs add CRC checksums to every upload by default, which several
      // S3-compatible services reject; send them only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (options.accessKeyId && options.secretAccessKey) {
      config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
    }
    this.client = client ?? new S3Client(config);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  /**
   * A multipart upload, one part in memory at a time (@aws-sdk/lib-storage is not a dependency);
   * an object that fits in one part is a plain PUT. A failure aborts the upload, leaving nothing.
   */
  async putStream(key: string, body: Readable, contentType: string): Promise<number> {
    const Key = this.objectKey(key);
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    const sendPart = async () => {
      if (!uploadId) {
        const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key, ContentType: contentType }));
        uploadId = created.UploadId;
      }
      const Body = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      const PartNumber = parts.length + 1;
      const r = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key, UploadId: uploadId, PartNumber, Body, ContentLength: Body.length }),
      );
      parts.push({ ETag: r.ETag, PartNumber });
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        size += chunk.length;
        if (pendingBytes >= this.partBytes) await sendPart();
      }
      if (!uploadId) {
        await this.put(key, Buffer.concat(pending), contentType);
        return size;
      }
      if (pendingBytes > 0) await sendPart();
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
      return size;
    } catch (err) {
      if (uploadId) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: uploadId })).catch(() => {});
      }
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!res.Body) return null;
      const bytes = Buffer.from(await res.Body.transformToByteArray());
      return { bytes, contentType: res.ContentType || contentTypeFromKey(key) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: res.ContentLength ?? 0, contentType: res.ContentType || contentTypeFromKey(key) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async openRead(key: string, range?: ByteRange) {
    // HEAD first: the full size is needed for Content-Range and the range must be checked against it.
    const info = await this.head(key);
    if (!info) return null;
    const r = range ? checkRange(range, info.size) : undefined;
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Range: r ? `bytes=${r.start}-${r.end}` : undefined,
        }),
      );
      if (!res.Body) return null;
      return { info, body: res.Body as Readable };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for missing keys too, which is the contract here.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async deleteAll(folder: string): Promise<void> {
    const prefix = this.objectKey(folder) + '/';
    let token: string | undefined;
    do {
      // One page (at most 1000 keys) per round, which is also DeleteObjects' limit.
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        const res = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        const failed = res.Errors ?? [];
        if (failed.length > 0) throw new Error(`S3 DeleteObjects failed for ${failed.length} key(s): ${failed[0]?.Code ?? 'unknown'}`);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return this.prefix + key;
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
