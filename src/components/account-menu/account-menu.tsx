import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { imageUrl } from '../../lib/format/image-url';
import { useServices } from '../../lib/services';
import { useI18n } from '../../lib/use-i18n';
import { Avatar } from '../avatar';
import { AccountMenuPanel } from './account-menu-panel';
import { useTabAccount } from './use-tab-account';

/**
 * The signed-in account in the top bar: a disclosure button (its photo or initials and first name, WAI-ARIA
 * APG Disclosure) that opens the account menu below it, or as a sheet from the bottom on a phone. The first
 * item takes the focus; arrow keys move between items; Escape closes it and gives the focus back to the
 * button, as does a switch; a press outside or a Tab out of it closes it. Loaded with the first signed-in page
 * (layouts.tsx): the sign-in page, which never shows it, does not pay for it. It also keeps the tab's
 * account the tab's (use-tab-account.ts).
 */
export default function AccountMenu() {
  useSignals();
  const i18n = useI18n();
  const { session, config } = useServices();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const user = session.user.value;
  useTabAccount(session, user?.id ?? null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[data-menu-item]')?.focus();
    // The device's accounts, read again: another tab may have added or signed out one.
    void session.loadProfiles();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, session]);

  if (!user) return null;
  const { first_name: firstName, last_name: lastName, photo } = user.profile;
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const fullName = `${firstName} ${lastName}`.trim();
  const labelParts = i18n.t('account_menu_label', { name: '\u0000' }).split('\u0000');
  return (
    <div
      className="account-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        close(true);
      }}
      onBlur={(event) => {
        const to = event.relatedTarget as Node | null;
        if (to && !root.current?.contains(to)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="topbar-user"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || open) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Avatar
          firstName={firstName}
          lastName={lastName}
          photoUrl={photo ? imageUrl(photo, config.imageCdn) : ''}
          small
        />
        {/* The name is the button's visible text and the heart of its accessible name ("Account menu: Aziz
            Karimov"): an aria-label apart from it would not contain what is seen (WCAG 2.5.3, Label in Name). */}
        <span className="visually-hidden">{labelParts[0]}</span>
        <span className="topbar-user-name">{fullName}</span>
        {labelParts[1] ? <span className="visually-hidden">{labelParts[1]}</span> : null}
      </button>
      {open ? (
        <>
          {/* The sheet's shade on a phone: a press on it closes the menu. */}
          <div className="account-menu-shade" aria-hidden="true" onClick={() => close(true)} />
          <AccountMenuPanel id={panelId} onClose={close} />
        </>
      ) : null}
    </div>
  );
}
