/**
 * The seconds a refused call says to wait (Retry-After, RFC 9110 §10.2.3, as delay-seconds: the
 * server sends no dates), read from the failure redaxios rejects with; 0 when it says none.
 */
export function retryAfterSeconds(error: unknown): number {
  const seconds = Number((error as { headers?: Headers } | null)?.headers?.get?.('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/** Runs `work`; a refusal's Retry-After goes to `onWait` (seconds) before the failure goes on. */
export async function noteRetryAfter<T>(work: () => Promise<T>, onWait: (seconds: number) => void): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const seconds = retryAfterSeconds(error);
    if (seconds > 0) onWait(seconds);
    throw error;
  }
}
