import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { messagesFor } from '../../shared/messages';
import { StartupError } from '../errors';

/** The operator's line: the Turkish text, then its English copy, on one line. */
export function operatorLine(text: (m: ReturnType<typeof messagesFor>) => string): string {
  return `${text(messagesFor('tr'))} / ${text(messagesFor('en'))}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The pid of the live process holding `dir`'s lock (a running server), or null when free or stale. */
export function liveLockOwner(dir: string): number | null {
  const owner = ownerOf(`${dir}.lock`);
  return owner !== null && owner !== process.pid && alive(owner) ? owner : null;
}

/**
 * Takes the embedded database's directory for this process alone: a lock file beside it holding
 * our pid, created exclusively. A lock whose pid is no longer running (a crash, `kill -9`) is
 * stale and taken over; a live owner refuses this process with `StartupError`. Returns the
 * release, which removes the file if it is still ours (also run on exit).
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  // Written aside, then linked into place: the lock file never exists without its pid.
  const draft = `${lockPath}.${process.pid}`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    for (let tries = 0; ; tries++) {
      try {
        linkSync(draft, lockPath);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 5) throw err;
        const owner = ownerOf(lockPath);
        if (owner !== null && owner !== process.pid && alive(owner)) {
          throw new StartupError(operatorLine((m) => m.operator.embeddedDatabaseInUse(dir, owner)));
        }
        // Stale: its process is gone (or the pid is our own, reused after a restart in a container).
        try {
          unlinkSync(lockPath);
        } catch {
          // another process removed it first
        }
      }
    }
  } finally {
    unlinkSync(draft);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (ownerOf(lockPath) === process.pid) unlinkSync(lockPath);
  };
  process.on('exit', release);
  return release;
}
