import { signal, type Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useReactRoot } from '../lib/testing/react-root';
import { StepForm } from './step-form';
import { TextField } from './text-field';

const testRoot = useReactRoot();

/** A form of two fields whose errors a fake model sets, at once or after a fake server's answer. */
type Errors = Signal<Record<string, string>>;

function render(submit: (errors: Errors) => void) {
  const errorsOf: Errors = signal<Record<string, string>>({});
  function Form() {
    useSignals();
    const errors = errorsOf.value;
    return (
      <StepForm onSubmit={() => submit(errorsOf)}>
        <TextField label="Name" value="" onValue={() => {}} error={errors.name} />
        <TextField label="Password" value="" onValue={() => {}} error={errors.password} />
        <button type="submit">Send</button>
      </StepForm>
    );
  }
  act(() => testRoot.root.render(<Form />));
  const button = testRoot.host.querySelector('button') as HTMLButtonElement;
  const [name, password] = [...testRoot.host.querySelectorAll('input')] as [HTMLInputElement, HTMLInputElement];
  button.focus();
  return { button, name, password };
}

// The watcher is loaded at the first submit (a dynamic import). The tests load it first, so that the form's
// own import resolves at once: left to the first submit, fetching it could outlast the ticks below on a busy
// machine (the test failed that way now and then), which is a matter of the test's timing, not the form's.
beforeAll(async () => {
  await import('./focus-first-invalid');
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('a failed submit moves the focus to the first field in error', () => {
  it('the form’s own check: the first of the fields it marked', async () => {
    const { password } = render((errors) => (errors.value = { password: 'Too short', name: '' }));
    await act(async () => {
      (testRoot.host.querySelector('button') as HTMLButtonElement).click();
      await tick();
    });
    expect(document.activeElement).toBe(password);
  });

  it('the server’s answer, when it comes later', async () => {
    let later: Errors | undefined;
    const { button, name } = render((errors) => (later = errors));
    await act(async () => {
      button.click();
      await tick();
    });
    expect(document.activeElement).toBe(button);
    await act(async () => {
      if (later) later.value = { name: 'Not a name', password: 'Too short' };
      await tick();
    });
    expect(document.activeElement).toBe(name);
  });

  it('leaves the focus alone when nothing is wrong, or once the person types', async () => {
    let later: Errors | undefined;
    const { button, password } = render((errors) => (later = errors));
    await act(async () => {
      button.click();
      await tick();
    });
    expect(document.activeElement).toBe(button);
    await act(async () => {
      password.dispatchEvent(new Event('input', { bubbles: true }));
      if (later) later.value = { password: 'Too short' };
      await tick();
    });
    expect(document.activeElement).toBe(button);
  });
});
