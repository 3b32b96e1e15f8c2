import { SendFailedError, type Sender } from './sender.js';

const GATEWAY_TIMEOUT_MS = 10_000;

/** Why fetch failed, as a log may say it: the timeout, or the system's error code (ECONNREFUSED …). */
function unreachableReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? `unreachable ${cause.code}` : 'unreachable';
}

/**
 * SMS and voice-call codes through an HTTP gateway: one JSON POST per message,
 * `{channel: "sms"|"call", to, text}`, any 2xx is delivery accepted (docs/api.md, Senders).
 * Credentials, if any, go in the URL's user-info and are sent as Basic authentication.
 */
export function createSmsGatewaySender(gatewayUrl: string): Sender {
  const url = new URL(gatewayUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (url.username) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ channel: message.channel, to: message.to, text: message.text }),
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SendFailedError(
          `SMS gateway unreachable: ${error instanceof Error ? error.message : String(error)}`,
          'sms_gateway',
          unreachableReason(error),
        );
      }
      if (!response.ok)
        throw new SendFailedError(
          `SMS gateway answered ${response.status}`,
          'sms_gateway',
          `status ${response.status}`,
        );
    },
  };
}
