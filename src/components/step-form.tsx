import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { adoptTypedValues } from '../lib/adopt-typed-values';
import { takeEarlySubmit } from '../lib/early-submit';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A form of one step of a flow: the page checks the fields itself and says what is wrong beside
 * each (noValidate keeps the browser's own bubbles, in the browser's language, out of the way).
 * When a submit fails, the focus moves to the first field in error (WCAG 2.2 §3.3.1 and §3.3.3:
 * the person lands where the problem is), whether the form found it or the server did.
 *
 * A prerendered form (issue 9) can be typed into before its script has run; what was typed then is
 * handed to the form's model the moment the page hydrates, so nothing typed is lost; and if Enter
 * was pressed meanwhile, the form sends itself then.
 */
export function StepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const hydrating = !useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const fromServer = useRef(hydrating);
  const stopWatching = useRef<() => void>(() => {});
  const submit = () => {
    stopWatching.current();
    const submitted = form.current;
    onSubmit();
    // Loaded at the first submit (most forms are sent once): the sign-in page's budget pays nothing.
    if (submitted)
      void import('./focus-first-invalid').then((watcher) => (stopWatching.current = watcher.default(submitted)));
  };
  // A layout effect: it runs in the commit that hydrates, before anything can render the fields
  // again with the model's empty values and wipe what the browser holds.
  useLayoutEffect(() => {
    if (!fromServer.current || !form.current) return;
    adoptTypedValues(form.current);
    if (takeEarlySubmit(form.current)) submit();
    // Once, in the commit that hydrates: the onSubmit of that render is the one to call.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => () => stopWatching.current(), []);
  return (
    <form
      ref={form}
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {children}
    </form>
  );
}
