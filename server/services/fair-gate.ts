/**
 * At most `max` tasks at once; waiting tasks are served one seller after another, each seller's in
 * the order asked, so one seller's twelve exports do not make another seller's single one wait for
 * all of them.
 */
export class FairGate {
  private active = 0;
  /** Waiting tasks per seller; the Map's order is the rotation (a seller served goes to its end). */
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly max: number) {}

  /** Tasks running and waiting (for diagnostics and tests). */
  get load(): { running: number; waiting: number } {
    let waiting = 0;
    for (const q of this.waiting.values()) waiting += q.length;
    return { running: this.active, waiting };
  }

  async run<T>(owner: string, task: () => Promise<T>): Promise<T> {
    if (this.active < this.max) this.active++;
    else
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(owner);
        if (queue) queue.push(resolve);
        else this.waiting.set(owner, [resolve]);
      });
    try {
      return await task();
    } finally {
      this.passOn();
    }
  }

  /** The freed slot goes to the seller at the head of the rotation, or is given back. */
  private passOn(): void {
    const head = this.waiting.entries().next();
    if (head.done) {
      this.active--;
      return;
    }
    const [owner, queue] = head.value;
    const next = queue.shift()!;
    this.waiting.delete(owner);
    if (queue.length) this.waiting.set(owner, queue);
    next();
  }
}
