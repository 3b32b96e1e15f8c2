import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useReactRoot } from '../lib/testing/react-root';
import { EmptyState } from './empty-state';
import { Row, RowList } from './row';

const view = useReactRoot();

describe('Row', () => {
  it('is a link named by its label that opens its page, with its value, badge and a chevron', async () => {
    await act(async () =>
      view.root.render(
        <RowList title="Contact info" id="contact">
          <Row
            icon="mail"
            label="E-mail"
            value="aziz@example.uz"
            badge={<span className="badge">Main</span>}
            href="/x"
          />
        </RowList>,
      ),
    );
    const group = view.host.querySelector('section')!;
    expect(group.getAttribute('aria-labelledby')).toBe('contact-title');
    expect(view.host.querySelector('#contact-title')?.textContent).toBe('Contact info');
    const link = view.host.querySelector('a.row-body')!;
    expect(link.getAttribute('href')).toBe('/x');
    expect(link.textContent).toBe('E-mailaziz@example.uzMain');
    expect(link.querySelector('.row-end .icon-chevron-right')).not.toBeNull();
    expect(link.querySelector('.row-icon .icon-mail')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('is a button when it acts in place, and a plain fact with its own action otherwise', async () => {
    const onClick = vi.fn<() => void>();
    await act(async () =>
      view.root.render(
        <RowList>
          <Row label="Photo" onClick={onClick} />
          <Row label="Home" value="Tashkent" action={<button type="button">Actions for Home</button>} />
        </RowList>,
      ),
    );
    const [pressable, fact] = [...view.host.querySelectorAll('li')] as [HTMLLIElement, HTMLLIElement];
    const button = pressable.querySelector('button.row-body') as HTMLButtonElement;
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(fact.querySelector('.row-press')).toBeNull();
    expect(fact.querySelector('.row-end')?.textContent).toBe('Actions for Home');
    expect(fact.querySelector('.icon-chevron-right')).toBeNull();
    expect(view.host.querySelector('h2')).toBeNull();
  });
});

describe('EmptyState', () => {
  it('shows its drawing, its title, why it matters and its action', async () => {
    await act(async () =>
      view.root.render(
        <EmptyState
          icon="map-pin"
          title="No addresses yet"
          text="Add one to fill deliveries faster."
          action={<a href="/a">Add an address</a>}
        />,
      ),
    );
    expect(view.host.querySelector('.empty-state-drawing .icon-map-pin')).not.toBeNull();
    expect(view.host.querySelector('.empty-state-title')?.textContent).toBe('No addresses yet');
    expect(view.host.querySelector('.empty-state-text')?.textContent).toBe('Add one to fill deliveries faster.');
    expect(view.host.querySelector('.empty-state-action a')?.textContent).toBe('Add an address');
  });
});
