/**
 * Runs `work` and answers no sooner than `ms` after it began, found or not, so the time an
 * answer takes does not tell whether an address is known (password reset, verification resend).
 */
export async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const left = ms - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
