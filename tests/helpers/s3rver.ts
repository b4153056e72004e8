import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './process';

/**
 * s3rver (npm) in a child process, as the tests' real S3 API (issue 35 item 8): its own process
 * because s3rver 3.7 signs ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 18+)
 * only offers with `--openssl-legacy-provider`; without it any listing longer than a page answers
 * 500. The flag is given to that child only.
 */
const CHILD = `
const S3rver = require('s3rver');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3RVER_DIR, configureBuckets: [{ name: process.env.S3RVER_BUCKET }] });
server.run().then((a) => console.log('S3RVER_PORT=' + a.port), (err) => { console.error(err); process.exit(1); });
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
`;

/**
 * Starts s3rver on an ephemeral port with `bucket` made, its objects in a temporary folder.
 * Known gap: s3rver answers AbortMultipartUpload with 405; the product ignores a failed abort (the
 * object never appears), and a real bucket gets a lifecycle rule for incomplete uploads.
 */
export async function startS3rver(bucket: string): Promise<{ endpoint: string; directory: string; close: () => Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'vitrin-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD], {
    cwd: ROOT,
    env: { ...process.env, S3RVER_DIR: directory, S3RVER_BUCKET: bucket, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let said = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      said += b.toString();
      const m = /S3RVER_PORT=(\d+)/.exec(said);
      if (m) resolve(Number(m[1]));
    });
    child.stderr!.on('data', (b: Buffer) => (said += b.toString()));
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening:\n${said}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
