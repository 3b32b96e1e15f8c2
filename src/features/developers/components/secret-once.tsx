import { useEffect, useRef } from 'react';
import { useI18n } from '../../../lib/use-i18n';
import { Copyable } from './copyable';

/**
 * A client secret just made: shown this once (only its hash is kept), with Copy and the warning.
 * Focus moves to it, so a screen reader says it and the person does not miss it.
 */
export function SecretOnce({ secret }: { secret: string }) {
  const i18n = useI18n();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      className="secret-once stack-tight"
      ref={box}
      tabIndex={-1}
      role="group"
      aria-label={i18n.t('developers_secret_title')}
    >
      <Copyable label={i18n.t('developers_secret_title')} value={secret} />
      <p className="secret-warning">{i18n.t('developers_secret_once')}</p>
    </div>
  );
}
