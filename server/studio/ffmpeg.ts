import { spawn } from 'node:child_process';
import { access, chmod, constants } from 'node:fs/promises';
import { ProviderError } from '../providers/ai/errors.js';

let resolved: Promise<string> | null = null;

/**
 * Path of the bundled ffmpeg binary. npm here runs without install scripts,
 * so the executable bit may be missing; it is restored once (u+x).
 */
export function ffmpegPath(override?: string): Promise<string> {
  if (override) return ensureExecutable(override);
  resolved ??= import('@ffmpeg-installer/ffmpeg')
    .then((m) => ensureExecutable(m.default.path))
    .catch((cause) => {
      resolved = null;
      throw new ProviderError('other', { retryable: false, detail: 'ffmpeg binary not available', cause });
    });
  return resolved;
}

async function ensureExecutable(path: string): Promise<string> {
  try {
    await access(path, constants.X_OK);
  } catch {
    await chmod(path, 0o755);
  }
  return path;
}

export type FfmpegRun = {
  bin: string;
  args: string[];
  /** Written to ffmpeg's stdin (e.g. a raw frame); stdin is closed afterwards. */
  stdin?: Buffer;
  /** Length of the output in seconds, to turn out_time into a fraction. */
  outputSeconds: number;
  /** 0..1 as reported by `-progress pipe:1`. */
  onProgress: (fraction: number) => void;
};

/**
 * Runs ffmpeg with `-progress pipe:1` appended and parses its key=value
 * stream. `out_time_ms` is, despite its name, in microseconds (ffmpeg quirk).
 */
export function runFfmpeg(run: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(run.bin, [...run.args, '-progress', 'pipe:1', '-nostats'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    let pending = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [key, value] = line.trim().split('=');
        if (key === 'out_time_ms' || key === 'out_time_us') {
          const us = Number(value);
          if (Number.isFinite(us) && us >= 0) run.onProgress(Math.min(1, us / 1e6 / run.outputSeconds));
        } else if (key === 'progress' && value === 'end') {
          run.onProgress(1);
        }
      }
    });
    child.on('error', (cause) => reject(new ProviderError('other', { retryable: false, detail: 'ffmpeg could not start', cause })));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new ProviderError('other', {
            retryable: true,
            detail: `ffmpeg exited with ${code ?? signal}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
          }),
        );
    });
    // A closed stdin (ffmpeg died early) must surface as the exit error above, not crash the process.
    child.stdin.on('error', () => {});
    child.stdin.end(run.stdin);
  });
}

/**
 * The one MP4 every local video is written as: H.264 High, CRF 20, BT.709 tags (the frames are
 * converted to BT.709 before encoding), moov atom first so browsers start playing at once, no audio.
 */
export function mp4OutputArgs(preset: string, file: string): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    '20',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-colorspace',
    'bt709',
    '-color_primaries',
    'bt709',
    '-color_trc',
    'bt709',
    '-movflags',
    '+faststart',
    '-an',
    '-y',
    file,
  ];
}
