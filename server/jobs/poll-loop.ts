/**
 * The loop of every background claimer (generation worker, e-mail sender, data exports): run
 * `runOnce` until stopped; after a round with nothing to do, sleep `pollMs` or until `wake()`
 * (work queued in this process). A failed round is reported to `onError` and the loop goes on.
 */
export class PollLoop {
  private sleepers: (() => void)[] = [];

  constructor(
    private readonly opts: { runOnce: () => Promise<boolean>; pollMs: number; stopped: () => boolean; onError: (err: unknown) => void },
  ) {}

  async run(): Promise<void> {
    while (!this.opts.stopped()) {
      let worked = false;
      try {
        worked = await this.opts.runOnce();
      } catch (err) {
        this.opts.onError(err);
      }
      if (!worked && !this.opts.stopped()) await this.sleep();
    }
  }

  /** Ends every current sleep at once. */
  wake(): void {
    this.sleepers.splice(0).forEach((fn) => fn());
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
