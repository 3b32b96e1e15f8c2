/** A message carrying a one-time code, on its way to a person by SMS, a voice call or e-mail. */
export interface OutgoingMessage {
  channel: 'sms' | 'call' | 'email';
  /** Normal form of the phone or e-mail. */
  to: string;
  code: string;
  /** The full text in the recipient's language (what the SMS says, what the robot reads, the e-mail body). */
  text: string;
  subject: string;
}

export interface Sender {
  send(message: OutgoingMessage): Promise<void>;
}

export class SendFailedError extends Error {
  override name = 'SendFailedError';
}
