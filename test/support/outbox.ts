/**
 * Reads the codes the server "sent" from its dev outbox (GET /dev/outbox, outside production
 * only; JSON, newest first).
 */

interface OutboxEntry {
  to: string;
  code: string | null;
  created_at: string;
}

const WAIT_MS = 5_000;
const POLL_MS = 100;

/** The code of the newest message to `to` that carries one, waiting up to 5 s for it to arrive. */
export async function latestCode(origin: string, to: string): Promise<string> {
  const url = `${origin}/dev/outbox?to=${encodeURIComponent(to)}`;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
    const messages = (await response.json()) as OutboxEntry[];
    const code = messages.find((m) => typeof m.code === 'string' && m.code !== '')?.code;
    if (code) return code;
    if (Date.now() >= deadline) {
      throw new Error(
        `no code was sent to ${to} within ${WAIT_MS / 1000} s (dev outbox at ${url} has ${messages.length} message(s) for it)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
