/**
 * Home (/), composed here because it joins two features: with `confirmType=phone` and a pending user
 * (docs/product.md §2 step 4, §3 `userUUID`, §4) it is the auth feature's phone confirmation, which ends a
 * sign-in through a provider; otherwise the home feature's page.
 */
import { lazy } from 'react';
import { CONFIRM_TYPE_PHONE } from '../../server/src/contract/social.js';
import { readItem } from '../lib/browser-storage';
import { PENDING_USER_KEY } from '../lib/storage-keys';

const HomeScreen = lazy(() => import('../features/home/screens/home-screen'));
const ConfirmPhoneScreen = lazy(() => import('../features/auth/screens/confirm-phone-screen'));

/** Whether Home is the pending account's phone confirmation. */
export function confirming(search: string): boolean {
  return (
    new URLSearchParams(search).get('confirmType') === CONFIRM_TYPE_PHONE &&
    readItem('local', PENDING_USER_KEY) !== null
  );
}

export default function HomeRoute() {
  return confirming(location.search) ? <ConfirmPhoneScreen /> : <HomeScreen />;
}
