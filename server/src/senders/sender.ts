/** A message carrying a one-time code, on its way to a person by SMS, a voice call or e-mail. */
export interface OutgoingMessage {
  channel: 'sms' | 'call' | 'email';
  /** Normal form of the phone or e-mail. */
  to: string;
  code: string;
  /** The full text in the recipient's language (what the SMS says, what the robot reads, the e-mail body). */
  text: string;
  subject: string;
  /** The code's purpose, and its `codes` row: kept with the SMS's row (storage `smsMessages`) for its delivery report. */
  purpose?: string;
  codeId?: string;
}

export interface Sender {
  send(message: OutgoingMessage): Promise<void>;
}

/** Which sender failed: the label of its log line (docs/deploy.md, Logs). */
/** `sms_gateway` is the generic HTTP gateway; `eskiz` and `playmobile` the Uzbek gateways (sms-gateway.ts). */
export type SenderGateway = 'smtp' | 'sms_gateway' | 'eskiz' | 'playmobile';

/**
 * A message the sender could not hand over. `reason` is what may be logged: a status, an error code,
 * never the contact or the code (the message may carry a server's reply that quotes the recipient).
 */
export class SendFailedError extends Error {
  override name = 'SendFailedError';
  constructor(
    message: string,
    readonly gateway: SenderGateway,
    readonly reason: string,
  ) {
    super(message);
  }
}
