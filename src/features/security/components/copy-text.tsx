import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';

/** A button that puts `text` on the clipboard and says "Copied" for two seconds, aloud too. */
export function CopyText({ text, label }: { text: string; label: string }) {
  const i18n = useI18n();
  const { toasts } = useServices();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(() => setDone(false), 2000);
    return () => clearTimeout(timer);
  }, [done]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setDone(true),
      () => toasts.show('error', i18n.t('security_two_step_copy_failed')),
    );
  return (
    <Button variant="secondary" className="button-small" onClick={() => void copy()}>
      <span aria-live="polite">{done ? i18n.t('security_two_step_copied') : label}</span>
    </Button>
  );
}
