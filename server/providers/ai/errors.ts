/**
 * Typed provider failures. `kind` is what the lead maps to the Turkish
 * catalogue (docs/product.md §8 "Generation": API key, network, quota, other); the
 * provider's own message stays in `detail` for logs, never for users.
 */
export type ProviderErrorKind = 'api_key' | 'network' | 'quota' | 'invalid_input' | 'other';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  /** Trying again later may succeed (transient); false = fail the generation now. */
  readonly retryable: boolean;
  /**
   * The provider request itself failed or is gone, so a retry must submit a
   * new request instead of resuming the stored id (runProviderJob clears it).
   */
  readonly resubmit: boolean;
  readonly detail?: string;

  constructor(kind: ProviderErrorKind, opts: { retryable: boolean; resubmit?: boolean; detail?: string; cause?: unknown }) {
    super(opts.detail ? `${kind}: ${opts.detail}` : kind, { cause: opts.cause });
    this.kind = kind;
    this.retryable = opts.retryable;
    this.resubmit = opts.resubmit ?? false;
    this.detail = opts.detail;
  }
}

export function isProviderError(err: unknown): err is ProviderError {
  return err instanceof ProviderError;
}

/** The rejection used when a wait is aborted: the signal's own reason, like fetch does. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
