/**
 * Fake SMS gateways for the chain's and the report route's tests (issue 37): each does what its script says
 * for the next send (take it under an id, fail as a 5xx would, never answer), records what it was handed,
 * and reads reports in a tiny JSON shape of its own: `{"reports": [DeliveryReport …]}`, anything else null.
 */
import { SendFailedError } from '../senders/sender.js';
import { senderGatewayOf } from '../senders/sms-gateway-chain.js';
import type { DeliveryReport, SmsGateway, SmsGatewayName, SmsOutgoing } from '../senders/sms-gateway.js';

export type FakeOutcome = 'take' | '5xx' | 'hang';

export interface FakeGateway extends SmsGateway {
  readonly handed: SmsOutgoing[];
  /** What the following sends do, in order; when the script is used up, `otherwise`. */
  script: FakeOutcome[];
  otherwise: FakeOutcome;
}

export function fakeGateway(name: SmsGatewayName, otherwise: FakeOutcome = 'take'): FakeGateway {
  let taken = 0;
  const gateway: FakeGateway = {
    name,
    handed: [],
    script: [],
    otherwise,
    async send(message) {
      gateway.handed.push(message);
      const outcome = gateway.script.shift() ?? gateway.otherwise;
      if (outcome === '5xx') throw new SendFailedError(`${name} answered 503`, senderGatewayOf(name), 'status 503');
      if (outcome === 'hang') return new Promise<never>(() => undefined);
      taken += 1;
      return { gatewayMessageId: `${name}-${taken}` };
    },
    parseReports({ body }) {
      try {
        const parsed = JSON.parse(body) as { reports?: unknown };
        return Array.isArray(parsed.reports) ? (parsed.reports as DeliveryReport[]) : null;
      } catch {
        return null;
      }
    },
  };
  return gateway;
}
