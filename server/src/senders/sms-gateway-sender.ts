import { gatewayHttp, isSuccess, statusFailure, type Fetch } from './gateway-http.js';
import type { Sender } from './sender.js';
import type { SmsGateway } from './sms-gateway.js';

const GATEWAY_TIMEOUT_MS = 10_000;

/** The gateway's URL without its user-info, and that user-info as Basic authentication (RFC 7617). */
function target(gatewayUrl: string): { url: URL; headers: Record<string, string> } {
  const url = new URL(gatewayUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (url.username) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  return { url, headers };
}

/**
 * SMS and voice-call codes through an HTTP gateway: one JSON POST per message,
 * `{channel: "sms"|"call", to, text}`, any 2xx is delivery accepted (docs/api.md, Senders).
 * Credentials, if any, go in the URL's user-info and are sent as Basic authentication.
 */
export function createSmsGatewaySender(gatewayUrl: string): Sender {
  const { url, headers } = target(gatewayUrl);
  const http = gatewayHttp('sms_gateway', 'SMS gateway', fetch, GATEWAY_TIMEOUT_MS);
  return {
    async send(message) {
      const answer = await http.request(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ channel: message.channel, to: message.to, text: message.text }),
      });
      if (!isSuccess(answer.status)) throw statusFailure('sms_gateway', 'SMS gateway', answer.status);
    },
  };
}

export interface GenericGatewayDeps {
  fetch?: Fetch;
  timeoutMs: number;
}

/**
 * The generic HTTP gateway as one of the chain's gateways (docs/sms-gateways.md, The generic gateway): the
 * same JSON POST with Kirish's message id as `message_id`. It answers no id and posts no delivery reports.
 * Its failures keep the label `sms_gateway` of the log lines operators already read (docs/deploy.md, Logs).
 */
export function createGenericGateway(gatewayUrl: string, deps: GenericGatewayDeps): SmsGateway {
  const { url, headers } = target(gatewayUrl);
  const http = gatewayHttp('sms_gateway', 'SMS gateway', deps.fetch ?? fetch, deps.timeoutMs);
  return {
    name: 'generic',
    async send(message) {
      const answer = await http.request(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          channel: message.channel,
          to: message.to,
          text: message.text,
          message_id: message.messageId,
        }),
      });
      if (!isSuccess(answer.status)) throw statusFailure('sms_gateway', 'SMS gateway', answer.status);
      return { gatewayMessageId: null };
    },
    parseReports: () => null,
  };
}
