import { lazy, useState } from 'react';
import { useServices } from '../../../lib/services';
import type { TokenResponse } from '../../../lib/session';
import { SignInFlow } from '../components/sign-in-flow';
import { heldQrRequest } from '../qr-held';
import type { Contact } from '../api/types';
import { useFinishSignIn } from '../use-finish-sign-in';

/**
 * An app's request asking for a new sign-in (OpenID Connect Core §3.1.2.1 prompt=login; the consent
 * page adds it when the app's max_age has passed): the saved accounts are not offered.
 */
function freshSignInAsked(): boolean {
  if (typeof location === 'undefined') return false; // prerendered: no request
  const query = new URLSearchParams(location.search);
  return query.has('client_id') && (query.get('prompt') ?? '').split(' ').includes('login');
}

/**
 * A contact handed over by the page before (sign-up's "sign in instead", a finished password reset)
 * in the history entry's state, `{ contact }`: never in the address, where it would stay in the
 * history and go along with a copied link.
 */
function handedContact(): Contact | null {
  if (typeof history === 'undefined') return null;
  const contact = (history.state as { contact?: Partial<Contact> } | null)?.contact;
  return (contact?.type === 'phone' || contact?.type === 'email') && typeof contact.value === 'string'
    ? { type: contact.type, value: contact.value }
    : null;
}

// Login's `qr` step: its model, the events reader and the QR encoder load only when it is opened.
const QrStep = lazy(() => import('../components/qr-step'));

/** A QR code this browser showed before a reload is shown again until it expires (docs/product.md §3, key `bg`). */
const showingQr = () => heldQrRequest(Date.now()) !== null;

// After a password or code sign-in, the offer to make a passkey (issue 41): its chunk loads then.
const loadOffer = () => import('../components/passkey-offer');
const PasskeyOffer = lazy(loadOffer);

export default function LoginScreen() {
  const services = useServices();
  const finish = useFinishSignIn();
  const [offer, setOffer] = useState<{ uuid: string; save: boolean } | null>(null);
  if (offer) return <PasskeyOffer uuid={offer.uuid} onDone={() => void finish(null, offer.save)} />;
  const onSignedIn = async (response: TokenResponse | null, save: boolean) => {
    const next = response ? await (await loadOffer()).offerAfter(services, response, save) : 'no';
    if (next === 'offer' && response) setOffer({ uuid: response.user_uuid, save });
    else await finish(next === 'kept' ? null : response, save);
  };
  return (
    <SignInFlow
      onSignedIn={onSignedIn}
      fresh={freshSignInAsked()}
      prefill={handedContact()}
      qr={{ Step: QrStep, showing: showingQr }}
    />
  );
}
