import { Suspense, lazy } from 'react';
import type { CodeStepProps } from './code-step';

const CodeStep = lazy(() => import('./code-step').then((module) => ({ default: module.CodeStep })));

/** The code step, loaded when a code has been sent: a password sign-in never needs it. */
export function LazyCodeStep(props: CodeStepProps) {
  return (
    <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>
      <CodeStep {...props} />
    </Suspense>
  );
}
