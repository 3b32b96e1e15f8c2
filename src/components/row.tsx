import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Icon, type IconName } from './icon';

/**
 * One row of a list of facts or places (docs/design.md, Rows): an icon, a label, the value or status in a
 * right-aligned column, a badge column, and a chevron when the row opens a page. Rows live in `RowList`,
 * whose grid lines up every row's value, badge and chevron in one column each.
 *
 * A row is one of: a link (`href`: the whole row opens a focused page), a button (`onClick`: it opens a sheet
 * or acts in place), or a plain fact (neither), with an optional `action` of its own at the end (a menu
 * button, say) in place of the chevron. The label names the link or button; the value and badge are read
 * after it.
 */
export interface RowProps {
  icon?: IconName;
  label: ReactNode;
  /** The value or the status, shown right-aligned (under the label on a phone). */
  value?: ReactNode;
  /** A second, quieter line under the label (a hint, a date). */
  detail?: ReactNode;
  badge?: ReactNode;
  href?: string;
  onClick?: () => void;
  /** A control of the row's own, in the chevron's column (only for a row that is neither link nor button). */
  action?: ReactNode;
}

export function Row({ icon, label, value, detail, badge, href, onClick, action }: RowProps) {
  const body = (
    <>
      <span className="row-icon">{icon ? <Icon name={icon} /> : null}</span>
      <span className="row-label">
        <span className="row-name">{label}</span>
        {detail ? <span className="row-detail">{detail}</span> : null}
      </span>
      <span className="row-value">{value}</span>
      <span className="row-badge">{badge}</span>
      <span className="row-end">{href || onClick ? <Icon name="chevron-right" /> : action}</span>
    </>
  );
  if (href)
    return (
      <li className="row-item">
        <Link href={href} className="row-body row-press">
          {body}
        </Link>
      </li>
    );
  if (onClick)
    return (
      <li className="row-item">
        <button type="button" className="row-body row-press" onClick={onClick}>
          {body}
        </button>
      </li>
    );
  return (
    <li className="row-item">
      <div className="row-body">{body}</div>
    </li>
  );
}

/** A group of rows in one panel, with its heading (an `h2`) when it has one. */
export function RowList({ title, children, id }: { title?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = title && id ? `${id}-title` : undefined;
  return (
    <section className="row-group" aria-labelledby={headingId}>
      {title ? (
        <h2 className="row-group-title" id={headingId}>
          {title}
        </h2>
      ) : null}
      <ul className="rows">{children}</ul>
    </section>
  );
}
