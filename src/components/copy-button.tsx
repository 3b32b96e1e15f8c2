import { useEffect, useState } from 'react';
import { useServices } from '../lib/services';
import { useI18n } from '../lib/use-i18n';
import { Button } from './button';

const COPIED_FOR_MS = 2000;

/**
 * Copies `text` to the clipboard and says "Copied" for a moment, to the eye and to a screen reader
 * (the developers' client id and snippet, the authenticator app's secret, the recovery codes). A
 * refused clipboard says how to copy by hand.
 */
export function CopyButton({
  text,
  label,
  what,
  className = 'button-small',
}: {
  text: string;
  /** What the button says before it is pressed ("Copy" by default). */
  label?: string;
  /** What is copied, when the label alone does not say: the button's name becomes "Copy: {what}". */
  what?: string;
  className?: string;
}) {
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
      className={className}
      aria-label={what === undefined ? undefined : `${i18n.t('copy')}: ${what}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch {
          toasts.show('error', i18n.t('copy_failed'));
        }
      }}
    >
      <span aria-live="polite">{copied ? i18n.t('copied') : (label ?? i18n.t('copy'))}</span>
    </Button>
  );
}
