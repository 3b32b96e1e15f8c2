/**
 * The widget after a sign-in (issue 35): one compact row in the partner's page instead of the whole
 * form — the photo (or initials) beside "Signed in as <name>" and, under it, "Use another account"
 * (two short lines, not one long one: the widget's box may be 240 px wide). The frame's own
 * account when it authorized the partner itself; else the account userinfo names for the access
 * token the partner's page handed over (a sign-in through the popup or the browser's FedCM). It
 * tells the page once that it is drawn (`compact`); the frame's height follows by itself.
 *
 * "Use another account" asks the page for a new authorization request (`restart`): the loader
 * makes a fresh PKCE verifier, state and nonce and reloads this frame with them.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { userInfo } from '../api/userinfo';
import { widgetMessage } from '../widget-messages';

interface ChipAccount {
  first: string;
  last: string;
  photo: string;
}

/** `token`: absent for the frame's own account, null until the page's access token comes. */
export default function EmbedChip({ token }: { token?: string | null }) {
  useSignals();
  const i18n = useI18n();
  const { session, frame, config } = useServices();
  const [named, setNamed] = useState<ChipAccount | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => frame.post(widgetMessage('compact', {})), [frame]);

  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    userInfo(config.ssoApi, token).then(
      (claims) => {
        const first = claims.given_name ?? claims.name ?? '';
        if (live && first) setNamed({ first, last: claims.family_name ?? '', photo: '' });
      },
      // Without a name the chip still says the person is signed in.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token, config]);

  const user = session.user.value;
  const own = user && { first: user.profile.first_name, last: user.profile.last_name, photo: user.profile.photo ?? '' };
  const account = token === undefined ? own : named;
  const name = account ? `${account.first} ${account.last}`.trim() : '';
  const said = name ? i18n.t('signed_in_as', { name }) : i18n.t('embed_done');

  return (
    <section className="embed-chip" aria-label={said}>
      {account ? (
        <Avatar firstName={account.first} lastName={account.last} photoUrl={account.photo} />
      ) : (
        // Nobody named yet (or no `profile` scope): a person's outline in the avatar's place.
        <span className="avatar" aria-hidden="true">
          <Icon name="user" />
        </span>
      )}
      <div className="embed-chip-body">
        <p role="status" className="embed-chip-text">
          {said}
        </p>
        <Button
          variant="text"
          busy={leaving}
          onClick={() => {
            setLeaving(true);
            frame.post(widgetMessage('restart', {}));
          }}
        >
          {i18n.t('use_another_account')}
        </Button>
      </div>
    </section>
  );
}
