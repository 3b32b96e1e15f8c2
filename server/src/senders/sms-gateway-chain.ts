/**
 * SMS and voice-call codes through the gateways `SMS_GATEWAYS` names, in that order (issue 37, docs/deploy.md,
 * SMS gateways): a send goes to the first gateway not set aside; one that does not take the message (no
 * answer, a timeout, a 5xx, a failure its documentation names: its client throws `SendFailedError`) hands it
 * to the next at once. A gateway that failed SMS_GATEWAY_FAILURES_BEFORE_SKIP times in a row is set aside for
 * SMS_GATEWAY_SKIP_SECONDS, then tried again; one success clears its count. The count is this process's own
 * (each instance learns of a failing gateway by itself). When every gateway is set aside they are still tried,
 * in order: a code is never refused without a try.
 *
 * Each message is a row (storage `smsMessages`), written before the send so that a delivery report arriving at
 * once finds it: the masked phone, the code's purpose and row, then the gateway that took it and its id, or
 * `failed` when none did. The person sees nothing of this but the code arriving.
 */
import {
  SMS_GATEWAY_FAILURES_BEFORE_SKIP,
  SMS_GATEWAY_SKIP_SECONDS,
  SMS_GATEWAY_TIMEOUT_MS,
} from '../config/policy.js';
import { maskPhone } from '../lib/contacts.js';
import type { Clock } from '../lib/clock.js';
import type { LogFields } from '../lib/json-log.js';
import { randomId } from '../lib/secrets.js';
import type { Storage } from '../storage/storage.js';
import { SendFailedError, type Sender, type SenderGateway } from './sender.js';
import type { SmsGateway, SmsGatewayName } from './sms-gateway.js';

/** What the chain counts (services/metrics.ts gives these, by gateway). */
export interface SmsChainMetrics {
  smsSent(gateway: SmsGatewayName): void;
  smsFailover(gateway: SmsGatewayName): void;
  smsSkip(gateway: SmsGatewayName): void;
}

export interface SmsGatewayChainDeps {
  /** In the order they are tried. */
  gateways: readonly SmsGateway[];
  storage: Pick<Storage, 'smsMessages'>;
  clock: Clock;
  /** Where `gateway` posts its delivery reports (the secret inside), or null when it sends none. */
  callbackUrl: (gateway: SmsGatewayName) => string | null;
  metrics?: SmsChainMetrics;
  /** One warning line per gateway that failed: its name and the reason, never the phone or the text. */
  log?: (message: string, error?: unknown, fields?: LogFields) => void;
  /** A gateway that has not answered by then has failed (its client's own timeout is the same). */
  timeoutMs?: number;
}

/** The name a `SendFailedError` gives a gateway: the generic one is `sms_gateway` in the logs since issue 13. */
export function senderGatewayOf(name: SmsGatewayName): SenderGateway {
  return name === 'generic' ? 'sms_gateway' : name;
}

export function createSmsGatewayChain(deps: SmsGatewayChainDeps): Sender {
  const { gateways, storage, clock, callbackUrl, metrics, log } = deps;
  const timeoutMs = deps.timeoutMs ?? SMS_GATEWAY_TIMEOUT_MS;
  if (gateways.length === 0) throw new Error('an SMS gateway chain needs at least one gateway');
  const health = new Map<SmsGatewayName, { failuresInARow: number; skippedUntil: number }>(
    gateways.map((gateway) => [gateway.name, { failuresInARow: 0, skippedUntil: 0 }]),
  );
  const stateOf = (gateway: SmsGateway) => health.get(gateway.name) ?? { failuresInARow: 0, skippedUntil: 0 };

  /** The gateways not set aside, in order, then those set aside, in order. */
  function order(now: number): SmsGateway[] {
    const open = gateways.filter((gateway) => stateOf(gateway).skippedUntil <= now);
    return [...open, ...gateways.filter((gateway) => !open.includes(gateway))];
  }

  function failed(gateway: SmsGateway, now: number): void {
    const state = stateOf(gateway);
    state.failuresInARow += 1;
    if (state.failuresInARow >= SMS_GATEWAY_FAILURES_BEFORE_SKIP && state.skippedUntil <= now) {
      state.skippedUntil = now + SMS_GATEWAY_SKIP_SECONDS * 1000;
      metrics?.smsSkip(gateway.name);
      log?.('SMS gateway set aside after repeated failures', undefined, {
        gateway: gateway.name,
        failures: state.failuresInARow,
        skip_seconds: SMS_GATEWAY_SKIP_SECONDS,
      });
    }
  }

  /** The gateway's send, given up after `timeoutMs`; anything it throws becomes a `SendFailedError`. */
  async function sendThrough(gateway: SmsGateway, message: Parameters<SmsGateway['send']>[0]) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new SendFailedError(
              `${gateway.name} did not answer in ${timeoutMs} ms`,
              senderGatewayOf(gateway.name),
              'timeout',
            ),
          ),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([gateway.send(message), timeout]);
    } catch (error) {
      if (error instanceof SendFailedError) throw error;
      // A client's bug must not keep the code from the next gateway; its reason stays free of the message.
      throw new SendFailedError(
        `${gateway.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        senderGatewayOf(gateway.name),
        'client error',
      );
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async send(message) {
      if (message.channel === 'email') throw new Error('an SMS gateway chain sends no e-mail');
      // A UUID: Play Mobile's client writes it without its hyphens as `message-id` and puts them back in reports.
      const id = randomId();
      const tries = order(clock.now());
      await storage.smsMessages.insert({
        id,
        gateway: tries[0]!.name,
        gatewayMessageId: null,
        phoneMasked: maskPhone(message.to),
        purpose: message.purpose ?? null,
        codeId: message.codeId ?? null,
        channel: message.channel,
        status: 'sent',
        createdAt: clock.now(),
        sentAt: null,
        deliveredAt: null,
        failedAt: null,
        error: null,
      });
      let lastError: SendFailedError | undefined;
      for (const [index, gateway] of tries.entries()) {
        try {
          const { gatewayMessageId } = await sendThrough(gateway, {
            channel: message.channel,
            to: message.to,
            text: message.text,
            messageId: id,
            callbackUrl: callbackUrl(gateway.name),
          });
          Object.assign(stateOf(gateway), { failuresInARow: 0, skippedUntil: 0 });
          await storage.smsMessages.markSent(id, gateway.name, gatewayMessageId, clock.now());
          metrics?.smsSent(gateway.name);
          return;
        } catch (error) {
          if (!(error instanceof SendFailedError)) throw error;
          lastError = error;
          failed(gateway, clock.now());
          const next = tries[index + 1];
          if (next) {
            metrics?.smsFailover(gateway.name);
            log?.('SMS gateway failed: the next one is tried', undefined, {
              channel: message.channel,
              gateway: gateway.name,
              reason: error.reason,
              next: next.name,
            });
          }
        }
      }
      const last = tries[tries.length - 1]!;
      await storage.smsMessages.markUnsent(id, last.name, lastError?.reason ?? 'failed', clock.now());
      throw lastError ?? new SendFailedError('no SMS gateway took the message', senderGatewayOf(last.name), 'failed');
    },
  };
}
