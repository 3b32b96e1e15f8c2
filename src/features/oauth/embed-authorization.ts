/**
 * The frame's authorization, once someone is signed in: the consent model for the partner's request
 * (as a web_message request), whose answer goes to the partner. Loaded with the frame's later code
 * (frame-later.ts), not with its first page.
 */
import type { Services } from '../../lib/services';
import type { AuthorizationRequest } from './authorization-request';
import { consentDeps } from './consent-deps';
import { createConsentModel, type ConsentModel } from './models/consent-model';
import { deliverToPartner } from './partner-delivery';

export function embedAuthorization(
  services: Services,
  request: AuthorizationRequest,
  { inPopup, signInAgain, delivered }: { inPopup: boolean; signInAgain: () => void; delivered: () => void },
): ConsentModel {
  return createConsentModel(
    consentDeps(
      services,
      { ...request, response_mode: 'web_message' },
      (delivery) => {
        delivered();
        deliverToPartner(delivery, services.frame, inPopup);
      },
      signInAgain,
    ),
  );
}
