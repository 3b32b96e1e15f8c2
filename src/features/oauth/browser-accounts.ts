/**
 * The widget frame's way to the person's Kirish session where the browser partitions a
 * third-party frame's storage (issue 21, docs/fedcm.md): the Storage Access API lets the frame's
 * requests carry Kirish's own HttpOnly browser cookie, which names the accounts signed in on this
 * browser. Loaded with the first click, or after the first paint to look without asking.
 */
import type { DeviceProfile } from '../../../server/src/contract/device-profiles.js';
import type { KirishMessage } from '../../../widget/protocol';
import type { Services } from '../../lib/services';
import { browserAccounts, joinBrowserSession } from './api/browser-accounts';
import { openSignInPopup } from './popup-relay';

/**
 * The browser's accounts when the frame already has storage access (the browser allows this frame
 * its cookies, or the person allowed it before); null when it has not (asking needs a click) or
 * nobody is signed in to Kirish here.
 */
export async function accountsIfAllowed({ http, config }: Services): Promise<DeviceProfile[] | null> {
  if (!document.hasStorageAccess || !(await document.hasStorageAccess())) return null;
  const accounts = await browserAccounts(http, config.ssoApi).catch(() => null);
  return accounts?.length ? accounts : null;
}

/**
 * Asks for storage access (Storage Access API §4.3 `requestStorageAccess`, which needs the click
 * this runs in), then lists the accounts; null when the browser has no such API, the person or the
 * browser refused, or nobody is signed in to Kirish here: the caller opens the popup instead.
 */
export async function requestAccounts(services: Services): Promise<DeviceProfile[] | null> {
  if (!document.requestStorageAccess) return null;
  try {
    await document.requestStorageAccess();
  } catch {
    return null;
  }
  return accountsIfAllowed(services);
}

/**
 * "Continue with your Kirish account" where the partner's page has no FedCM: the browser's accounts
 * through storage access, else the popup (whose answer `pass` hands to the partner). A browser opens a
 * popup only within its click's transient activation (HTML §6.4.3, about 5 s in Chromium), and a
 * refused storage-access request consumes that activation (Storage Access API §4.3): when the popup
 * is blocked, `blocked` gets a way to open it from the next press, which brings a fresh activation.
 */
export async function continueWithKirish(
  services: Services,
  show: (accounts: DeviceProfile[]) => void,
  pass: (message: KirishMessage) => void,
  blocked: (open: () => boolean) => void,
): Promise<void> {
  const accounts = await requestAccounts(services);
  if (accounts) show(accounts);
  else if (!openSignInPopup(pass)) blocked(() => openSignInPopup(pass));
}

/**
 * Signs the frame in under the chosen account's sign-in in this browser (a session of its own, no
 * new password entry), for the partner whose origin the server confirmed (createParentFrame).
 */
export async function joinAccount({ http, config, session, frame }: Services, userUuid: string): Promise<void> {
  const origin = await frame.origin;
  const clientId = new URLSearchParams(location.search).get('client_id');
  if (!origin || !clientId) throw new Error('The frame has no confirmed partner');
  await session.signIn(await joinBrowserSession(http, config.ssoApi, userUuid, { clientId, origin }), true);
}
