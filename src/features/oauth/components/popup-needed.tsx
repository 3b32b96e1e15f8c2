/**
 * "Continue with your Kirish account" when the browser blocked its sign-in popup: the click's
 * transient activation had passed (a slow network, a refused storage-access request, which consumes
 * it) or pop-ups are switched off for the page. One more press opens the window within that press's
 * own activation; a person never taps and sees nothing happen. Loaded lazily.
 */
import { useState } from 'react';
import { Button } from '../../../components/button';
import { useI18n } from '../../../lib/use-i18n';

/** `open`: opens the window within this press's activation; false when the browser blocked it again. */
export default function PopupNeeded({ open, onBack }: { open: () => boolean; onBack: () => void }) {
  const i18n = useI18n();
  const [refused, setRefused] = useState(false);
  return (
    <div className="stack">
      <h1>{i18n.t('embed_popup_title')}</h1>
      <p role={refused ? 'alert' : 'status'}>{i18n.t(refused ? 'embed_popup_refused' : 'embed_popup_needed')}</p>
      {/* The press that led here took the focus with its button: keyboard users land on the next step. */}
      <Button onClick={() => setRefused(!open())} autoFocus>
        {i18n.t('embed_popup_open')}
      </Button>
      <Button variant="secondary" onClick={onBack}>
        {i18n.t('back')}
      </Button>
    </div>
  );
}
