import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useReactRoot } from '../../../lib/testing/react-root';
import { ActionsMenu } from './actions-menu';

const view = useReactRoot();

const press = (key: string) =>
  act(() => void document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));

function setup() {
  const chosen: string[] = [];
  act(() =>
    view.root.render(
      <ActionsMenu
        label="Actions for Home"
        actions={[
          { label: 'Edit', onSelect: () => void chosen.push('edit') },
          { label: 'Make default', onSelect: () => void chosen.push('default') },
          { label: 'Delete', danger: true, onSelect: () => void chosen.push('delete') },
        ]}
      />,
    ),
  );
  const button = view.host.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]');
  if (!button) throw new Error('no menu button');
  const items = () => [...view.host.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
  return { chosen, button, items };
}

describe('a row’s actions menu', () => {
  it('is one labelled button that opens a menu of the actions, the first focused', () => {
    const { button, items } = setup();
    expect(button.getAttribute('aria-label')).toBe('Actions for Home');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(items()).toEqual([]);
    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(items().map((item) => item.textContent)).toEqual(['Edit', 'Make default', 'Delete']);
    expect(document.activeElement).toBe(items()[0]);
  });

  it('moves with the arrow keys, Home and End, and closes with Escape, the focus back on the button', () => {
    const { button, items } = setup();
    act(() => button.click());
    press('ArrowDown');
    expect(document.activeElement?.textContent).toBe('Make default');
    press('ArrowUp');
    press('ArrowUp');
    expect(document.activeElement?.textContent).toBe('Delete');
    press('Home');
    expect(document.activeElement?.textContent).toBe('Edit');
    press('End');
    expect(document.activeElement?.textContent).toBe('Delete');
    press('Escape');
    expect(items()).toEqual([]);
    expect(document.activeElement).toBe(button);
  });

  it('runs the chosen action once and closes', () => {
    const { button, items, chosen } = setup();
    act(() => button.click());
    act(() => items()[2]?.click());
    expect(chosen).toEqual(['delete']);
    expect(items()).toEqual([]);
  });
});
