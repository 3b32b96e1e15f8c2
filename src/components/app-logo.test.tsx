import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useReactRoot } from '../lib/testing/react-root';
import { AppLogo } from './app-logo';

const view = useReactRoot();

describe('AppLogo', () => {
  it("shows the app's own logo when it has one", () => {
    act(() => view.root.render(<AppLogo name="Bozor" logoUrl="/cdn/logo.png" />));
    expect(view.host.querySelector('img')?.getAttribute('src')).toBe('/cdn/logo.png');
    expect(view.host.querySelector('.app-logo-letter')).toBeNull();
  });

  it("shows the name's first letter on the neutral placeholder, never Kirish's mark, when it has none", () => {
    act(() => view.root.render(<AppLogo name="  ómnibus shop" logoUrl={null} />));
    expect(view.host.querySelector('.app-logo-letter')?.textContent).toBe('Ó');
    expect(view.host.querySelector('svg')).toBeNull();
    expect(view.host.querySelector('img')).toBeNull();
  });

  it('keeps a letter made of two code units whole, and an empty logo address is no logo', () => {
    act(() => view.root.render(<AppLogo name="𝔸pp" logoUrl="" />));
    expect(view.host.querySelector('.app-logo-letter')?.textContent).toBe('𝔸');
  });
});
