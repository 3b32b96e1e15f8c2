/**
 * POST /sso/api/v1/sms/reports/{gateway}/{secret}/ (docs/api.md, SMS delivery reports): where Eskiz and Play
 * Mobile post the delivery reports of the codes Kirish sent through them (issue 37). Neither signs its
 * reports, so the address itself is the credential: SMS_REPORT_SECRET in the path, compared in constant time.
 * A wrong or missing secret, or a gateway that is not configured, is a 404 before the body is read (the body
 * limit runs only after the check); a body that is not this gateway's report is a 400; a report of a message
 * Kirish does not know (another instance's database, an old one) is answered 200 all the same, so that the
 * gateway stops posting it. Nothing of the body, the phone or the text is logged.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { badRequest } from '../../lib/api-error.js';
import { requestText } from '../../lib/request-body.js';
import { constantTimeEqual, sha256 } from '../../lib/secrets.js';
import { notFound } from '../../middleware/error-handler.js';
import type { SmsGateway } from '../../senders/sms-gateway.js';
import type { SmsDeliveryReports } from '../../services/sms-delivery-reports.js';

export interface SmsReportRoutesDeps {
  /** The configured gateways, whose parsers read their reports. */
  gateways: readonly SmsGateway[];
  /** SMS_REPORT_SECRET; null: reports are off, every call is a 404. */
  secret: string | null;
  reports: SmsDeliveryReports;
  /** The API's small-body limit, run once the secret is right. */
  limitBody: MiddlewareHandler;
}

/** Both sides hashed first: equal lengths, so the comparison's time says nothing of the secret's length either. */
function secretMatches(given: string, secret: string): boolean {
  return constantTimeEqual(sha256(given), sha256(secret));
}

export function smsReportRoutes(deps: SmsReportRoutesDeps): Hono<AppEnv> {
  const { gateways, secret, reports } = deps;
  const routes = new Hono<AppEnv>();
  const authenticated: MiddlewareHandler<AppEnv> = async function authenticated(c, next) {
    const gateway = gateways.find((candidate) => candidate.name === c.req.param('gateway'));
    if (!gateway || secret === null || !secretMatches(c.req.param('secret') ?? '', secret)) return notFound(c);
    return next();
  };
  routes.post('/:gateway/:secret/', authenticated, deps.limitBody, async (c) => {
    const gateway = gateways.find((candidate) => candidate.name === c.req.param('gateway'))!;
    const parsed = gateway.parseReports({
      contentType: c.req.header('content-type') ?? '',
      body: await requestText(c),
    });
    if (parsed === null) throw badRequest('invalid_value');
    for (const report of parsed) await reports.apply(gateway.name, report);
    return c.json({}, 200);
  });
  return routes;
}
