/**
 * OneID, the state identity system (id.egov.uz; docs/social-sign-in.md, OneID): its own grant types on
 * one path. The code is exchanged server-side (`one_authorization_code`), then the token is identified
 * (`one_access_token_identify`), which answers the state's record of the person: PINFL, names, birth
 * date, phone.
 */
import type { SecretClientConfig } from '../../config/social-config.js';
import type { CallbackInput, FlowSecrets, ProviderClient } from './provider-client.js';
import {
  createProviderHttp,
  endpointUrl,
  identityOf,
  providerEmail,
  providerPhone,
  readText,
  readToken,
  withQuery,
  type ProviderClientDeps,
} from './provider-http.js';

/** Authorization, token and identify: one path, told apart by `response_type` and `grant_type`. */
const ENDPOINT = 'https://sso.egov.uz/sso/oauth/Authorization.do';
/** The personal identification number of a physical person (JShShIR): 14 digits. */
const PINFL = /^\d{14}$/;
const BIRTH_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function createOneIdClient(
  config: SecretClientConfig & { redirectUri: string },
  deps: ProviderClientDeps,
): ProviderClient {
  const http = createProviderHttp('oneid', deps);
  const endpoint = endpointUrl(config.baseUrl, ENDPOINT);
  // OneID names the data a system may read by the system's own name: its client id.
  const scope = config.clientId;

  return {
    provider: 'oneid',

    authorizationUrl: (flow: FlowSecrets) =>
      withQuery(endpoint, {
        response_type: 'one_code',
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        scope,
        state: flow.state,
      }),

    async identify(input: CallbackInput) {
      if (input.kind !== 'code') throw http.refused('callback', `a ${input.kind}, not a code`);
      const token = await http.call('one_authorization_code', endpoint, {
        form: {
          grant_type: 'one_authorization_code',
          client_id: config.clientId,
          client_secret: config.clientSecret,
          redirect_uri: config.redirectUri,
          code: input.code,
        },
      });
      if (token.status !== 200) throw http.refused('one_authorization_code', `status ${token.status}`);
      const accessToken = readToken(token.body, 'access_token');
      if (!accessToken) throw http.failed('one_authorization_code', 'no access_token');

      const person = await http.call('one_access_token_identify', endpoint, {
        form: {
          grant_type: 'one_access_token_identify',
          client_id: config.clientId,
          client_secret: config.clientSecret,
          access_token: accessToken,
          scope,
        },
      });
      if (person.status !== 200 || readText(person.body, 'valid') !== 'true')
        throw http.refused('one_access_token_identify', `status ${person.status}`);
      const subject = readText(person.body, 'user_id');
      const pinfl = readText(person.body, 'pin');
      const birthDate = readText(person.body, 'birth_date');
      // The PINFL is what OneID is trusted for (an account's verified status): one that is not 14 digits is nonsense.
      if (!subject || !pinfl || !PINFL.test(pinfl)) throw http.failed('one_access_token_identify', 'no user_id or pin');
      const phone = providerPhone(readText(person.body, 'mob_phone_no'));
      const firstName = readText(person.body, 'first_name') ?? '';
      const lastName = readText(person.body, 'sur_name') ?? '';
      return identityOf('oneid', subject, {
        email: providerEmail(readText(person.body, 'email')),
        // The state's record holds the phone its owner confirmed; the e-mail is typed, never confirmed.
        emailVerified: false,
        phone,
        phoneVerified: phone !== null,
        firstName,
        lastName,
        display: readText(person.body, 'full_name') ?? (`${firstName} ${lastName}`.trim() || null),
        pinfl,
        birthDate: birthDate !== null && BIRTH_DATE.test(birthDate) ? birthDate : null,
      });
    },
  };
}
