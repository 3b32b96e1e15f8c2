import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button';
import { useI18n } from '../../../lib/use-i18n';
import type { SignInModel } from '../models/sign-in-model';

/** docs/product.md §3 step "error": a sign-in refused for a reason the form cannot fix, and the way back to it. */
export function SignInError({ model }: { model: SignInModel }) {
  useSignals();
  const i18n = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was using is gone: moving focus to the heading tells keyboard and
  // screen-reader users that the screen changed, and where they are now.
  useEffect(() => heading.current?.focus(), []);
  const key = model.failure.value;
  return (
    <div className="stack">
      <h1 ref={heading} tabIndex={-1}>
        {i18n.t('sign_in_failed_title')}
      </h1>
      {key ? <p>{i18n.t(key)}</p> : null}
      <Button onClick={() => model.backToLogin()}>{i18n.t('retry')}</Button>
    </div>
  );
}

// The default export is what sign-in-flow.tsx loads lazily (a shorter import than a named one's).
export default SignInError;
