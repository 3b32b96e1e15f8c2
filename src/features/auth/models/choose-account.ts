/**
 * Picking one of this device's accounts (docs/product.md §3 steps accounts, logout): its stored session is
 * resumed, no password asked. Apart from the sign-in model, so that only the chooser's lazy chunk
 * carries it (the login page's budget, test/budget.test.ts).
 */
import type { ReadonlySignal } from '@preact/signals-react';
import type { UserProfile } from '../../../lib/session';
import type { SignInModel } from './sign-in-model';

/** A stored session the server refused (signed out elsewhere, or expired) is docs/product.md §8's session_expired. */
function asSessionExpired(error: unknown): unknown {
  const failed = error as { status?: number; data?: { code?: unknown } } | null;
  if (failed?.status !== 401 && failed?.data?.code !== 'token_not_valid') return error;
  return { status: failed.status, data: { errors: [{ error: 'session_expired' }] } };
}

/** Who is signed in here, and how an account of this device is resumed (lib/switch-account.ts). */
export interface Accounts {
  user: ReadonlySignal<UserProfile | null>;
  switchTo(uuid: string): Promise<UserProfile>;
}

export async function chooseAccount(model: SignInModel, session: Accounts, uuid: string): Promise<void> {
  // The account already signed in here: nothing to resume.
  if (session.user.peek()?.id === uuid) return model.finish(null);
  const switched = await model.run(() =>
    session.switchTo(uuid).catch((error: unknown) => {
      throw asSessionExpired(error);
    }),
  );
  if (switched) await model.finish(null);
}
