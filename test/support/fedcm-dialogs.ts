/**
 * The browser's own FedCM dialogs, driven through the DevTools protocol (Chromium's `FedCm`
 * domain): a test sees each dialog the browser shows on a page — its type and the accounts it
 * lists — and picks an account as a person would.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export interface FedCmDialog {
  dialogId: string;
  /** `AccountChooser`, `AutoReauthn`, `ConfirmIdpLogin` or `Error`. */
  dialogType: string;
  accounts: { accountId: string; name: string; email: string; givenName: string; pictureUrl: string }[];
  title: string;
}

export interface FedCmDialogs {
  /** The next dialog the browser shows (or one shown since the last call and not taken yet). */
  next(timeoutMs?: number): Promise<FedCmDialog>;
  /** Clicks the account at `index` in an account chooser. */
  select(dialog: FedCmDialog, index?: number): Promise<void>;
  /** Every dialog shown so far. */
  shown: FedCmDialog[];
}

export async function watchFedCmDialogs(page: Page): Promise<FedCmDialogs> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  // Without the delay the browser adds to a dismissal, so a refused request fails at once.
  await cdp.send('FedCm.enable', { disableRejectionDelay: true });
  const shown: FedCmDialog[] = [];
  const queue: FedCmDialog[] = [];
  let wake: (() => void) | undefined;
  cdp.on('FedCm.dialogShown', (event) => {
    const dialog = event as unknown as FedCmDialog;
    shown.push(dialog);
    queue.push(dialog);
    wake?.();
  });
  return {
    shown,
    async next(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        if (Date.now() > deadline) throw new Error(`no FedCM dialog within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 200);
        });
      }
      return queue.shift() as FedCmDialog;
    },
    async select(dialog, index = 0) {
      await cdp.send('FedCm.selectAccount', { dialogId: dialog.dialogId, accountIndex: index });
    },
  };
}

/**
 * Grants the Storage Access API's permission to `embedded` inside pages of `topLevel`, as a person
 * answering the browser's prompt would (the browser itself would still want a top-level visit).
 */
export async function grantStorageAccess(
  context: BrowserContext,
  page: Page,
  topLevel: string,
  embedded: string,
): Promise<void> {
  const pageSession = await context.newCDPSession(page);
  const { targetInfo } = await pageSession.send('Target.getTargetInfo');
  await pageSession.detach();
  const browser = context.browser();
  if (!browser) throw new Error('the context has no browser');
  // Chromium forgets a permission set over DevTools when the session that set it detaches: this
  // one stays open until the browser closes.
  const browserSession = await browser.newBrowserCDPSession();
  await browserSession.send('Browser.setPermission', {
    permission: { name: 'storage-access' },
    setting: 'granted',
    origin: topLevel,
    embeddedOrigin: embedded,
    browserContextId: targetInfo.browserContextId,
  });
}

/** Makes every page of the context look like a browser without FedCM (Safari, Firefox). */
export async function withoutFedCm(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    delete (window as { IdentityCredential?: unknown }).IdentityCredential;
  });
}
