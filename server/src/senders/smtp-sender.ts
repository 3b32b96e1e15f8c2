import { createTransport } from 'nodemailer';
import { SendFailedError, type Sender } from './sender.js';

/**
 * Why nodemailer failed, as a log may say it: its error code (ECONNECTION, EAUTH, EENVELOPE …) and
 * the server's reply code, never its reply text, which may quote the recipient.
 */
function smtpReason(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const parts = [
    typeof code === 'string' ? code : 'error',
    ...(typeof responseCode === 'number' ? [String(responseCode)] : []),
  ];
  return parts.join(' ');
}

/** The one wrapper around nodemailer: e-mail codes through the SMTP server of SMTP_URL. */
export function createSmtpSender(smtpUrl: string, from: string): Sender {
  const transport = createTransport(smtpUrl);
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        throw new SendFailedError(
          `SMTP delivery failed: ${error instanceof Error ? error.message : String(error)}`,
          'smtp',
          smtpReason(error),
        );
      }
    },
  };
}
