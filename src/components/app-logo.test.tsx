import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppLogo } from './app-logo';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLElement;
let root: Root;
beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('AppLogo', () => {
  it("shows the app's own logo when it has one", () => {
    act(() => root.render(<AppLogo name="Bozor" logoUrl="/cdn/logo.png" />));
    expect(host.querySelector('img')?.getAttribute('src')).toBe('/cdn/logo.png');
    expect(host.querySelector('.app-logo-letter')).toBeNull();
  });

  it("shows the name's first letter on the neutral placeholder, never Kirish's mark, when it has none", () => {
    act(() => root.render(<AppLogo name="  ómnibus shop" logoUrl={null} />));
    expect(host.querySelector('.app-logo-letter')?.textContent).toBe('Ó');
    expect(host.querySelector('svg')).toBeNull();
    expect(host.querySelector('img')).toBeNull();
  });

  it('keeps a letter made of two code units whole, and an empty logo address is no logo', () => {
    act(() => root.render(<AppLogo name="𝔸pp" logoUrl="" />));
    expect(host.querySelector('.app-logo-letter')?.textContent).toBe('𝔸');
  });
});
