/**
 * The widget's embed page, composed here because it joins two features: the oauth feature's embed
 * screen runs the auth feature's flows (features do not import each other). Sign-up and reset load
 * only when asked for: the frame's first download holds sign-in alone.
 */
import { lazy, type ReactNode } from 'react';
import { SignInFlow } from '../features/auth/components/sign-in-flow';
import EmbedScreen from '../features/oauth/screens/embed-screen';
import { TopBar } from './layouts';
import { SocialRow } from './social-row';

const SignUpFlow = lazy(() =>
  import('../features/auth/components/sign-up-flow').then((module) => ({ default: module.SignUpFlow })),
);
const ResetFlow = lazy(() =>
  import('../features/auth/components/reset-flow').then((module) => ({ default: module.ResetFlow })),
);
/** The popup, a window of its own, looks like the site's sign-in page: the top bar and the card. */
function PopupPage({ children }: { children: ReactNode }) {
  return (
    <div className="popup-page">
      <TopBar />
      <div className="card">{children}</div>
    </div>
  );
}

export default function EmbedRoute() {
  return (
    <EmbedScreen SignIn={SignInFlow} SignUp={SignUpFlow} Reset={ResetFlow} Social={SocialRow} PopupPage={PopupPage} />
  );
}
