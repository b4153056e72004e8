import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { expect, test } from 'vitest';
import { ZipWriter } from '../../server/services/zip-stream';
import { unzip } from './helpers';

/** `size` bytes made on demand in 64 KB chunks, counting what has been pulled out of it. */
function counting(size: number, seed: number) {
  const state = { pulled: 0 };
  const chunk = 64 * 1024;
  const stream = new Readable({
    read() {
      if (state.pulled >= size) return this.push(null);
      const n = Math.min(chunk, size - state.pulled);
      const b = Buffer.alloc(n);
      for (let i = 0; i < n; i++) b[i] = (state.pulled + i + seed) % 251;
      state.pulled += n;
      this.push(b);
    },
  });
  return { stream, state };
}

test('a standard zip: buffers and streams, stored and deflated, UTF-8 names; read back by unzip and JSZip', async () => {
  const zip = new ZipWriter();
  const whole = buffer(zip.output);
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, ...Array.from({ length: 5000 }, (_, i) => i % 256)]);
  await zip.add('görsel-1.jpg', jpeg);
  await zip.add('profile.json', JSON.stringify({ ad: 'Ayşe', n: 'x'.repeat(3000) }), { compress: true });
  const big = counting(300_000, 7);
  await zip.add('uploads/video.mp4', big.stream);
  await zip.add('notes.txt', Readable.from([Buffer.from('satır 1\n'), Buffer.from('satır 2\n'.repeat(500))]), { compress: true });
  await zip.finish();
  const bytes = await whole;

  const dir = mkdtempSync(path.join(tmpdir(), 'vitrin-zip-'));
  try {
    writeFileSync(path.join(dir, 'a.zip'), bytes);
    // Info-ZIP checks every entry's CRC and sizes against the central directory.
    const tested = execFileSync('unzip', ['-t', path.join(dir, 'a.zip')], { encoding: 'utf8' });
    expect(tested).toContain('No errors detected');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const files = await unzip(bytes);
  expect([...files.keys()].sort()).toEqual(['görsel-1.jpg', 'notes.txt', 'profile.json', 'uploads/video.mp4']);
  expect(files.get('görsel-1.jpg')).toEqual(jpeg);
  expect(JSON.parse(files.get('profile.json')!.toString('utf8')).ad).toBe('Ayşe');
  expect(files.get('uploads/video.mp4')!.length).toBe(300_000);
  expect(files.get('uploads/video.mp4')![1000]).toBe((1000 + 7) % 251);
  expect(files.get('notes.txt')!.toString('utf8')).toBe('satır 1\n' + 'satır 2\n'.repeat(500));
});

test('memory does not grow with an entry: a 16 MB stream is pulled only as fast as the zip is read', async () => {
  const zip = new ZipWriter();
  const src = counting(16 * 1024 * 1024, 1);
  const adding = zip.add('big.bin', src.stream).then(() => zip.finish());
  let read = 0;
  let widest = 0;
  for await (const chunk of zip.output as AsyncIterable<Buffer>) {
    read += chunk.length;
    // What was taken from the source but not yet read out of the zip is all the writer can hold.
    widest = Math.max(widest, src.state.pulled - read);
    await new Promise((r) => setImmediate(r)); // a slow reader
  }
  await adding;
  expect(read).toBeGreaterThan(16 * 1024 * 1024);
  expect(widest).toBeLessThan(512 * 1024);
});

test('one entry at a time: a second add while one is being written is refused', async () => {
  const zip = new ZipWriter();
  const first = zip.add('a.bin', counting(1024 * 1024, 0).stream);
  await expect(zip.add('b.bin', Buffer.from('b'))).rejects.toThrow(/one entry at a time/);
  zip.output.resume();
  await first;
  await zip.finish();
});
