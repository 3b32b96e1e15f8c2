/**
 * A row's actions behind one button (⋯): a menu button (WAI-ARIA APG, Menu Button pattern) whose
 * menu takes the arrow keys, Home and End; Escape or a press elsewhere closes it and the focus goes
 * back to the button.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../../components/icon';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

const itemsOf = (menu: HTMLUListElement | null) => [
  ...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
];

export function ActionsMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    itemsOf(menu.current)[0]?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  function onKey(event: KeyboardEvent) {
    const list = itemsOf(menu.current);
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const to: Record<string, number> = {
      ArrowDown: (at + 1) % list.length,
      ArrowUp: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key in to) list[to[event.key] ?? 0]?.focus();
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  return (
    <div className="actions-menu">
      <button
        ref={button}
        type="button"
        className="button button-text actions-menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon name="more" />
      </button>
      {open ? (
        <ul ref={menu} id={menuId} role="menu" aria-label={label} className="actions-menu-list" onKeyDown={onKey}>
          {actions.map((action) => (
            <li key={action.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={action.danger ? 'actions-menu-item actions-menu-danger' : 'actions-menu-item'}
                onClick={() => {
                  close();
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
