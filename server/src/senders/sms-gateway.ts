/**
 * What every SMS gateway's client is to the rest of Kirish (issue 37, docs/sms-gateways.md): Eskiz, Play
 * Mobile and the generic HTTP gateway each hand one text to their gateway and say under which id the gateway
 * took it. The chain (sms-gateway-chain.ts) tries them in the order `SMS_GATEWAYS` names, keeps a row per
 * message (storage `smsMessages`) and reads their delivery reports back through the parsers below.
 */

import type { SmsGatewayName } from '../config/sms-gateway-names.js';

/** The gateways Kirish can send through, as `SMS_GATEWAYS` names them (kept below, where the configuration reads them). */
export { SMS_GATEWAY_NAMES, isSmsGatewayName, type SmsGatewayName } from '../config/sms-gateway-names.js';

/** One text on its way to one gateway. */
export interface SmsOutgoing {
  channel: 'sms' | 'call';
  /** The phone in normal form, `+998901234567`; each client writes it as its gateway wants it. */
  to: string;
  /** The full text, one of the fixed templates of docs/deploy.md (Eskiz sends only approved texts). */
  text: string;
  /**
   * Kirish's own id of this message (the `smsMessages` row): Play Mobile's `message-id`, Eskiz's `user_sms_id`,
   * so that a delivery report can be matched even without the gateway's id.
   */
  messageId: string;
  /** Where this gateway posts its delivery report (the secret inside), or null when reports are off. */
  callbackUrl: string | null;
}

export interface SmsGateway {
  readonly name: SmsGatewayName;
  /**
   * Hands the text over. Answers the gateway's own id of the message (null if the gateway gives none).
   * Throws `SendFailedError` (sender.ts, `gateway` its name) for everything the gateway did not take: no
   * answer, a timeout, a 5xx, an answer its documentation calls a failure. Never logs the phone or the text.
   */
  send(message: SmsOutgoing): Promise<{ gatewayMessageId: string | null }>;
  /**
   * Reads a delivery report this gateway posted to Kirish's report address (the route has already checked the
   * secret): its body as received, with its content type. Answers every report in it (Play Mobile may batch),
   * or null when the body is not this gateway's report at all (the route answers 400). The generic gateway
   * sends none: it answers null.
   */
  parseReports(report: { contentType: string; body: string }): DeliveryReport[] | null;
}

/** A message's state in the `smsMessages` rows. */
export type SmsStatus = 'sent' | 'delivered' | 'failed';

/**
 * One delivery report as a gateway's parser reads it: which message (by the gateway's id, or by Kirish's own
 * id where the gateway echoes it), its final state, and when the gateway says it happened (epoch ms, or null).
 * A report of a state that is not final (accepted, in transit) is `pending` and changes nothing.
 */
export interface DeliveryReport {
  gatewayMessageId: string | null;
  messageId: string | null;
  status: 'delivered' | 'failed' | 'pending';
  at: number | null;
}
