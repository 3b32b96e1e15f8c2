/**
 * A project's tally: a bar of raised against the goal (a progressbar read as "X of Y so'm"), both amounts
 * in so'm, the contributors, the deadline (its date and the days left) and the status.
 */
import { localDateTime } from '../../../lib/format/relative-time';
import { useI18n } from '../../../lib/use-i18n';
import type { HissaProjectView } from '../api/hissa-api';
import { daysLeft, raisedShare, somNumber, somText } from '../models/hissa-money';

export function statusOf(project: HissaProjectView): 'open' | 'ended' | 'closed' {
  if (project.status === 'closed') return 'closed';
  return project.accepting ? 'open' : 'ended';
}

const BADGE = { open: 'badge badge-success', ended: 'badge badge-muted', closed: 'badge badge-muted' } as const;

export function StatusBadge({ project }: { project: HissaProjectView }) {
  const i18n = useI18n();
  const status = statusOf(project);
  return <span className={BADGE[status]}>{i18n.t(`hissa_status_${status}`)}</span>;
}

export function Tally({ project, now }: { project: HissaProjectView; now: number }) {
  const i18n = useI18n();
  const share = raisedShare(project.raised, project.goal);
  const left = daysLeft(project.deadline, now);
  const date = localDateTime(project.deadline).split(' ')[0] ?? '';
  return (
    <div className="hissa-tally">
      <p className="hissa-raised">
        <span className="hissa-raised-amount">{somText(i18n, project.raised)}</span>{' '}
        <span className="hissa-muted">{i18n.t('hissa_of_goal', { goal: somText(i18n, project.goal) })}</span>
      </p>
      <div
        className="hissa-bar"
        role="progressbar"
        aria-label={i18n.t('hissa_raised_label')}
        aria-valuemin={0}
        aria-valuemax={project.goal}
        aria-valuenow={Math.min(project.raised, project.goal)}
        aria-valuetext={i18n.t('hissa_progress_text', {
          raised: somNumber(project.raised),
          goal: somNumber(project.goal),
        })}
      >
        <span style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </div>
      <p className="hissa-facts">
        <span>{i18n.tn('hissa_contributors', project.contributors)}</span>
        <span>
          {i18n.t('hissa_deadline', { date })}
          {project.accepting ? <> · {i18n.tn('hissa_days_left', left)}</> : null}
        </span>
      </p>
    </div>
  );
}
