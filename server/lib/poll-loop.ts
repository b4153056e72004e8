import { log } from './log';

/**
 * The loop of every background claimer (generation worker, e-mail sender, data exports, webhook
 * sender) and of the periodic sweeps (`startPeriodic`), and its whole lifecycle: `start()` subscribes to the wake source and runs `concurrency`
 * loops of `runOnce`; after a round with nothing to do a loop sleeps `pollMs` or until `wake()`
 * (work queued in this process). A failed round is reported to `onError` and the loop goes on.
 * `stop()` unsubscribes, ends every sleep and waits for the rounds in flight.
 */
export class PollLoop {
  private sleepers: (() => void)[] = [];
  private loops: Promise<void>[] = [];
  private unsubscribe: (() => void) | null = null;
  private stopping = false;

  constructor(
    private readonly opts: {
      runOnce: () => Promise<boolean>;
      pollMs: number;
      onError: (err: unknown) => void;
      /** After a round that did not fail (e.g. to say the database is back). */
      onOk?: () => void;
      /** Parallel loops (the generation worker runs several); 1 by default. */
      concurrency?: number;
      /** Calls `wake` whenever work is queued in this process; answers the unsubscribe. */
      subscribe?: (wake: () => void) => () => void;
    },
  ) {}

  get stopped(): boolean {
    return this.stopping;
  }

  start(): void {
    this.unsubscribe = this.opts.subscribe?.(() => this.wake()) ?? null;
    for (let i = 0; i < (this.opts.concurrency ?? 1); i++) this.loops.push(this.run());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.wake();
    await Promise.allSettled(this.loops);
  }

  /** Ends every current sleep at once. */
  wake(): void {
    this.sleepers.splice(0).forEach((fn) => fn());
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let worked = false;
      try {
        worked = await this.opts.runOnce();
        this.opts.onOk?.();
      } catch (err) {
        this.opts.onError(err);
      }
      if (!worked && !this.stopping) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise<void>((resolve) => {
      const t = setTimeout(resolve, this.opts.pollMs);
      this.sleepers.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }
}

/**
 * A periodic job (the sweeps) on a PollLoop: `round` runs every `everyMs`, the first after one period;
 * a failed round is logged as `failure` and the next one comes on time. The answer stops it and waits
 * for a round in flight.
 */
export function startPeriodic(everyMs: number, failure: string, round: () => Promise<unknown>): () => Promise<void> {
  let first = true;
  const loop = new PollLoop({
    pollMs: everyMs,
    runOnce: async () => {
      if (first) first = false;
      else await round();
      return false;
    },
    onError: (err) => log().error({ err }, failure),
  });
  loop.start();
  return () => loop.stop();
}
