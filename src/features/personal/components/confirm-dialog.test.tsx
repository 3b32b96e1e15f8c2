import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useReactRoot } from '../../../lib/testing/react-root';
import { ConfirmDialog } from './confirm-dialog';

const view = useReactRoot();

function setup() {
  const happened: string[] = [];
  act(() =>
    view.root.render(
      <ConfirmDialog
        question="Delete this address?"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={() => void happened.push('confirm')}
        onClose={() => void happened.push('close')}
      />,
    ),
  );
  const dialog = view.host.querySelector('dialog');
  const button = (name: string) =>
    [...view.host.querySelectorAll('button')].find((candidate) => candidate.textContent === name);
  return { happened, dialog, button };
}

describe('the confirmation of a destructive action', () => {
  it('opens as a modal dialog named by its question, the focus on Cancel', () => {
    const { dialog, button } = setup();
    expect(dialog?.open).toBe(true);
    expect(document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Delete this address?',
    );
    expect(document.activeElement).toBe(button('Cancel'));
  });

  it('acts only on Confirm; Cancel only closes', () => {
    const first = setup();
    act(() => first.button('Cancel')?.click());
    expect(first.happened).toEqual(['close']);
    act(() => view.root.render(null));
    const second = setup();
    act(() => second.button('Delete')?.click());
    expect(second.happened).toEqual(['confirm', 'close']);
  });
});
