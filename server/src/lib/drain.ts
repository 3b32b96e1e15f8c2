/**
 * Stopping an HTTP server without cutting anyone off (issue 13, the SIGTERM drain; docs/deploy.md):
 * the listening socket closes at once, so a new connection is refused and the balancer sends it to
 * another instance; the connections idle between requests are closed; each request under way runs to
 * its answer, which says `Connection: close` (middleware/observe-requests.ts) so its connection ends
 * with it. After `graceMs` whatever is still open is closed.
 */
import type { Server } from 'node:http';

/** How often connections that went idle after their answer are closed while draining. */
const IDLE_SWEEP_MS = 100;

/** Resolves when every connection has ended; `timedOut` when the grace ran out first and they were cut. */
export function drainServer(server: Server, graceMs: number): Promise<{ timedOut: boolean }> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (timedOut: boolean) => {
      if (done) return;
      done = true;
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve({ timedOut });
    };
    // Node 19+ closes the idle keep-alive connections in close(); a connection whose answer ends
    // later goes idle then, and a client that ignored `Connection: close` is let go by the sweep.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      server.closeAllConnections();
      finish(true);
    }, graceMs);
    server.close(() => finish(false));
    server.closeIdleConnections();
  });
}
