import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useReactRoot } from '../../../lib/testing/react-root';
import { LengthCounter } from './address-form';

const view = useReactRoot();

describe('the length counter under an address’s name', () => {
  it('counts as the rule counts, after tidying, and turns to the error colour past the limit', () => {
    act(() => view.root.render(<LengthCounter value="  Uy   va  ish " max={40} />));
    expect(view.host.textContent).toBe('9 / 40');
    expect(view.host.querySelector('.field-counter-over')).toBeNull();
    act(() => view.root.render(<LengthCounter value={'x'.repeat(45)} max={40} />));
    expect(view.host.textContent).toBe('45 / 40');
    expect(view.host.querySelector('.field-counter-over')).not.toBeNull();
  });
});
