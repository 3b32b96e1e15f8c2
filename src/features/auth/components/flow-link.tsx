import type { ReactNode } from 'react';
import { Link } from 'wouter';

export type FlowName = 'sign-in' | 'sign-up' | 'reset';

const PAGES: Record<FlowName, string> = { 'sign-in': '/login', 'sign-up': '/register', reset: '/reset-password' };

/**
 * A way from one flow to another: the page of that flow, or — where the flows are mounted together
 * in one place, as in the widget's frame — `goTo`, which switches the flow in place.
 */
export function FlowLink({
  to,
  goTo,
  children,
}: {
  to: FlowName;
  goTo: ((flow: FlowName) => void) | undefined;
  children: ReactNode;
}) {
  if (!goTo) return <Link href={PAGES[to]}>{children}</Link>;
  return (
    <button type="button" className="link-button" onClick={() => goTo(to)}>
      {children}
    </button>
  );
}
