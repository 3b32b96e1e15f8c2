/**
 * The recovery codes just made, shown this once (the server keeps only their hashes): copy them all,
 * download them as a text file, print them, and "I have saved them" to leave. The focus moves to them
 * so a screen reader says them; printing shows this panel alone (security.css).
 */
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button';
import { downloadBlob } from '../../../lib/download-blob';
import { useI18n } from '../../../lib/use-i18n';
import { CopyButton } from '../../../components/copy-button';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const i18n = useI18n();
  const box = useRef<HTMLElement>(null);
  useEffect(() => box.current?.focus(), []);
  const text = `${i18n.t('security_two_step_codes_file_title')}\n\n${codes.join('\n')}\n`;
  return (
    <section className="panel stack recovery-codes" ref={box} tabIndex={-1} aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">{i18n.t('security_two_step_codes_title')}</h2>
      <p className="secret-warning">{i18n.t('security_two_step_codes_once')}</p>
      <ol className="recovery-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="row recovery-code-actions">
        <CopyButton text={codes.join('\n')} label={i18n.t('security_two_step_codes_copy')} />
        <Button
          variant="secondary"
          className="button-small"
          onClick={() => downloadBlob(new Blob([text], { type: 'text/plain' }), 'kirish-recovery-codes.txt')}
        >
          {i18n.t('security_two_step_codes_download')}
        </Button>
        <Button variant="secondary" className="button-small" onClick={() => print()}>
          {i18n.t('security_two_step_codes_print')}
        </Button>
      </div>
      <div>
        <Button onClick={onDone}>{i18n.t('security_two_step_codes_saved')}</Button>
      </div>
    </section>
  );
}
