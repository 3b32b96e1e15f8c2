import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';

const COPIED_FOR_MS = 2000;

/** Copies `text` to the clipboard and says so for a moment, to the eye and to a screen reader. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const i18n = useI18n();
  const { toasts } = useServices();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="secondary"
      className="copy-button"
      aria-label={`${i18n.t('developers_copy')}: ${what}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch {
          toasts.show('error', i18n.t('developers_copy_failed'));
        }
      }}
    >
      <span aria-live="polite">{copied ? i18n.t('developers_copied') : i18n.t('developers_copy')}</span>
    </Button>
  );
}
