/**
 * Play Mobile's broker API (smsxabar) as Kirish speaks it (docs/sms-gateways.md, Play Mobile): HTTP Basic
 * (RFC 7617), one JSON `messages` list per send with Kirish's message id as `message-id`, no id of its
 * own in the answer, and reports posted to the one address registered with Play Mobile, several at once.
 */
import {
  gatewayHttp,
  noCalls,
  isRecord,
  isSuccess,
  parseJson,
  phoneDigits,
  statusFailure,
  tashkentTime,
  type Fetch,
} from './gateway-http.js';
import { SendFailedError } from './sender.js';
import type { DeliveryReport, SmsGateway } from './sms-gateway.js';

export interface PlaymobileConfig {
  /** `https://send.smsxabar.uz`, or the stand-in's `…/playmobile`; `/broker-api/send` is appended. */
  baseUrl: string;
  login: string;
  password: string;
  /** The sender name Play Mobile assigned to the account. */
  originator: string;
}

export interface PlaymobileDeps {
  fetch?: Fetch;
  timeoutMs: number;
}

/** Play Mobile's `message-id`: Latin letters and digits, at most 40 (docs/sms-gateways.md). */
const MESSAGE_ID = /^[A-Za-z0-9]{1,40}$/;
const UUID = /^([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})$/i;

/** Kirish's message id (a UUID) as a `message-id`: its 32 hex digits, without the hyphens Play Mobile refuses. */
export function playmobileMessageId(messageId: string): string {
  return messageId.replace(/-/g, '');
}

/** The `message-id` of a report back to Kirish's message id: a UUID's hyphens put back, anything else as it is. */
function kirishMessageId(playmobileId: string): string {
  const uuid = UUID.exec(playmobileId);
  return uuid ? uuid.slice(1, 6).join('-').toLowerCase() : playmobileId;
}

const DELIVERED = new Set(['delivered']);
const FAILED = new Set(['notdelivered', 'undelivered', 'expired', 'rejected', 'failed', 'deleted']);

/** A Play Mobile report (JSON, one or several messages), or null when the body is not one. */
export function parsePlaymobileReports(report: { contentType: string; body: string }): DeliveryReport[] | null {
  // JSON whatever the content type says (docs/sms-gateways.md): the report is authenticated by its address.
  const body = parseJson(report.body);
  const messages = isRecord(body) ? body.messages : undefined;
  if (!Array.isArray(messages) || messages.length === 0) return null;
  const reports: DeliveryReport[] = [];
  for (const entry of messages) {
    if (!isRecord(entry)) return null;
    const id = entry['message-id'];
    const status = entry.status;
    if (typeof id !== 'string' || !MESSAGE_ID.test(id) || typeof status !== 'string' || status === '') return null;
    const state = status.toLowerCase().replace(/[\s_-]/g, '');
    reports.push({
      gatewayMessageId: id,
      messageId: kirishMessageId(id),
      status: DELIVERED.has(state) ? 'delivered' : FAILED.has(state) ? 'failed' : 'pending',
      at: tashkentTime(entry['status-date']),
    });
  }
  return reports;
}

export function createPlaymobileGateway(config: PlaymobileConfig, deps: PlaymobileDeps): SmsGateway {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/broker-api/send`;
  const authorization = `Basic ${Buffer.from(`${config.login}:${config.password}`).toString('base64')}`;
  const http = gatewayHttp('playmobile', 'Play Mobile', deps.fetch ?? fetch, deps.timeoutMs);
  return {
    name: 'playmobile',
    async send(message) {
      if (message.channel !== 'sms') throw noCalls('playmobile', 'Play Mobile');
      const messageId = playmobileMessageId(message.messageId);
      if (!MESSAGE_ID.test(messageId))
        throw new SendFailedError('Play Mobile takes no such message-id', 'playmobile', 'bad message-id');
      const answer = await http.request(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [
            {
              recipient: phoneDigits(message.to),
              'message-id': messageId,
              sms: { originator: config.originator, content: { text: message.text } },
            },
          ],
        }),
      });
      if (answer.status === 400) {
        const body = parseJson(answer.text);
        const code = isRecord(body) ? body['error-code'] : undefined;
        // Only a number is told on: the reason is logged, and a body may quote the message.
        if (
          (typeof code === 'number' && Number.isInteger(code)) ||
          (typeof code === 'string' && /^\d{1,5}$/.test(code))
        )
          throw new SendFailedError(`Play Mobile refused the message (${code})`, 'playmobile', `error-code ${code}`);
      }
      if (!isSuccess(answer.status)) throw statusFailure('playmobile', 'Play Mobile', answer.status);
      // Play Mobile answers no id of its own: the message is known to it by the message-id Kirish gave.
      return { gatewayMessageId: messageId };
    },
    parseReports: parsePlaymobileReports,
  };
}
