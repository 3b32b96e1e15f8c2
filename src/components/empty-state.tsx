import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

/**
 * What a list shows while it has nothing (docs/design.md, Empty states): a small drawing (an icon in a soft
 * circle), a title, a line on why it matters, and the action that fills it, if there is one. Never a lone
 * muted sentence.
 */
export function EmptyState({
  icon,
  title,
  text,
  action,
  heading: Heading = 'p',
}: {
  /** The title's element: `h1` when the state is the whole page (not found), `h2` for a panel's. */
  heading?: 'h1' | 'h2' | 'p';
  icon: IconName;
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <span className="empty-state-drawing">
        <Icon name={icon} />
      </span>
      <Heading className="empty-state-title">{title}</Heading>
      {text ? <p className="empty-state-text">{text}</p> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}
