import { createTransport } from 'nodemailer';
import { SendFailedError, type Sender } from './sender.js';

/** The one wrapper around nodemailer: e-mail codes through the SMTP server of SMTP_URL. */
export function createSmtpSender(smtpUrl: string, from: string): Sender {
  const transport = createTransport(smtpUrl);
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        throw new SendFailedError(`SMTP delivery failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
