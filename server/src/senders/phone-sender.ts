/**
 * SMS and voice-call codes as the configuration says (config/sms-config.ts, docs/deploy.md, SMS gateways): SMS
 * through the chain of `SMS_GATEWAYS`, calls through `SMS_CALL_GATEWAY` (a chain of one, with its row too),
 * or, outside production with no call gateway, the dev outbox. Each gateway's client is made once and shared
 * by both, and handed to the app as well: its parser reads its delivery reports (features/sms-reports).
 */
import { SMS_GATEWAY_TIMEOUT_MS } from '../config/policy.js';
import { smsReportUrl, type SmsConfig } from '../config/sms-config.js';
import type { Clock } from '../lib/clock.js';
import type { LogFields } from '../lib/json-log.js';
import type { Storage } from '../storage/storage.js';
import { createEskizGateway } from './eskiz-gateway.js';
import { createPlaymobileGateway } from './playmobile-gateway.js';
import type { Sender } from './sender.js';
import type { SmsGateway, SmsGatewayName } from './sms-gateway.js';
import { createOutboxSender } from './outbox-sender.js';
import { routeByChannel } from './route-by-channel.js';
import { createSmsGatewayChain, type SmsChainMetrics } from './sms-gateway-chain.js';
import { createGenericGateway } from './sms-gateway-sender.js';
import { createSmtpSender } from './smtp-sender.js';

export interface PhoneSenderDeps {
  storage: Storage;
  clock: Clock;
  /** Takes the calls when no call gateway is configured (outside production only: config.ts refuses it in production). */
  outbox: Sender;
  metrics?: SmsChainMetrics;
  log?: (message: string, error?: unknown, fields?: LogFields) => void;
}

/** The client of every gateway the configuration uses, each made once. */
export function createSmsGateways(sms: SmsConfig, clock: Clock): Map<SmsGatewayName, SmsGateway> {
  const gateways = new Map<SmsGatewayName, SmsGateway>();
  const timeoutMs = SMS_GATEWAY_TIMEOUT_MS;
  if (sms.eskiz) gateways.set('eskiz', createEskizGateway(sms.eskiz, { clock, timeoutMs }));
  if (sms.playmobile) gateways.set('playmobile', createPlaymobileGateway(sms.playmobile, { timeoutMs }));
  if (sms.genericUrl) gateways.set('generic', createGenericGateway(sms.genericUrl, { timeoutMs }));
  return gateways;
}

export function createPhoneSender(
  config: { publicUrl: string; sms: SmsConfig },
  gateways: Map<SmsGatewayName, SmsGateway>,
  deps: PhoneSenderDeps,
): Sender {
  const { sms } = config;
  const secret = sms.reportSecret;
  const chainOf = (names: readonly SmsGatewayName[]) =>
    createSmsGatewayChain({
      gateways: names.map((name) => {
        const gateway = gateways.get(name);
        // config/sms-config.ts reads the variables of every gateway it names: a missing one is a bug here.
        if (!gateway) throw new Error(`the SMS gateway ${name} is named but not configured`);
        return gateway;
      }),
      storage: deps.storage,
      clock: deps.clock,
      // The generic gateway posts no reports; Play Mobile's address is registered with it, and given all the same.
      callbackUrl: (name) =>
        name === 'generic' || secret === null ? null : smsReportUrl(config.publicUrl, name, secret),
      ...(deps.metrics ? { metrics: deps.metrics } : {}),
      ...(deps.log ? { log: deps.log } : {}),
    });
  const texts = chainOf(sms.gateways);
  const calls = sms.callGateway === null ? deps.outbox : chainOf([sms.callGateway]);
  return { send: (message) => (message.channel === 'call' ? calls : texts).send(message) };
}

/**
 * Every code's sender as the configuration says: e-mail by SMTP (or the dev outbox), SMS and calls as above;
 * and the SMS gateways' clients, whose reports the app reads.
 */
export function createConfiguredSender(
  config: { publicUrl: string; sms: SmsConfig; smtpUrl: string | undefined; smtpFrom: string },
  deps: Omit<PhoneSenderDeps, 'outbox'>,
): { sender: Sender; smsGateways: SmsGateway[] } {
  const outbox = createOutboxSender(deps.storage, deps.clock);
  const gateways = createSmsGateways(config.sms, deps.clock);
  const sender = routeByChannel({
    email: config.smtpUrl ? createSmtpSender(config.smtpUrl, config.smtpFrom) : outbox,
    phone: createPhoneSender(config, gateways, { ...deps, outbox }),
  });
  return { sender, smsGateways: [...gateways.values()] };
}
