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
}: {
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
      <p className="empty-state-title">{title}</p>
      {text ? <p className="empty-state-text">{text}</p> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}
