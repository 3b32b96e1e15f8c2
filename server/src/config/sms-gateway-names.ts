/**
 * The gateways Kirish can send through, as `SMS_GATEWAYS` names them (issue 37). Here, below the senders, so
 * that the configuration reads them; senders/sms-gateway.ts (the gateways' contract) hands them on.
 */
export const SMS_GATEWAY_NAMES = ['eskiz', 'playmobile', 'generic'] as const;
export type SmsGatewayName = (typeof SMS_GATEWAY_NAMES)[number];

export function isSmsGatewayName(value: string): value is SmsGatewayName {
  return (SMS_GATEWAY_NAMES as readonly string[]).includes(value);
}
