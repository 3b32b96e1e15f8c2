/**
 * The widget's signed-in views (issue 11): after a sign-in, the compact chip (embed-chip.tsx); on a
 * later visit — the frame's own storage still holding a Kirish session of this
 * partner site, where the browser keeps one — it offers "Continue as <name>" (one click, then the
 * same authorization as after a sign-in) or another account. Nothing is sent to the partner before
 * that click: a session kept in a frame is not consent to sign in on every visit.
 *
 * Loaded lazily: the frame's first page is the sign-in form, and its download has a budget.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import RequestingApp from '../../../components/requesting-app';
import { imageUrl } from '../../../lib/format/image-url';
import { formatPhone } from '../../../lib/format/phone';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import type { EmbedStage } from '../models/embed-model';
import EmbedChip from './embed-chip';

export default function EmbedAccount({
  stage,
  popup,
  onContinue,
  onSwitch,
}: {
  /** `account`: the kept session offered; `done`: after a sign-in. */
  stage: Extract<EmbedStage, { name: 'account' | 'done' }>;
  popup: boolean;
  onContinue: () => void;
  onSwitch: () => void;
}) {
  useSignals();
  const i18n = useI18n();
  const { session, config } = useServices();
  const user = session.user.value;
  const done = stage.name === 'done';
  // The popup closes itself once it has answered; the frame that opened it shows the chip.
  if (popup && done) return <p role="status">{i18n.t('embed_done_popup')}</p>;
  if (stage.name === 'done') return <EmbedChip token={stage.token} />;
  if (!user) return <p role="status">{i18n.t('embed_done')}</p>;
  const { first_name: first, last_name: last } = user.profile;
  return (
    <div className="stack embed-account">
      <RequestingApp />
      <h1>{i18n.t('login_title')}</h1>
      <div className="consent-account">
        <Avatar
          firstName={first}
          lastName={last}
          photoUrl={user.profile.photo ? imageUrl(user.profile.photo, config.imageCdn) : ''}
        />
        <span className="account-text">
          <span className="account-name">
            {first} {last}
          </span>
          <span className="account-contact">{user.phone ? formatPhone(user.phone) : user.email}</span>
        </span>
      </div>
      <Button onClick={onContinue}>{i18n.t('embed_continue_as', { name: first })}</Button>
      <Button variant="secondary" onClick={onSwitch}>
        {i18n.t('use_another_account')}
      </Button>
    </div>
  );
}
