import type { ReactNode } from 'react';

/**
 * A form of one step of a flow: the page checks the fields itself and says what is wrong beside
 * each (noValidate keeps the browser's own bubbles, in the browser's language, out of the way).
 */
export function StepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
