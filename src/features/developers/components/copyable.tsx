import { useId } from 'react';
import { CopyButton } from '../../../components/copy-button';

/** A value to paste elsewhere (a client id, a secret, a snippet): its label, the value as code, and Copy. */
export function Copyable({ label, value, block = false }: { label: string; value: string; block?: boolean }) {
  const id = useId();
  return (
    <div className="copyable">
      <span id={id} className="copyable-label">
        {label}
      </span>
      <div className={`copyable-row${block ? ' copyable-block' : ''}`}>
        {block ? (
          <pre className="copyable-value" role="region" aria-labelledby={id} tabIndex={0}>
            <code>{value}</code>
          </pre>
        ) : (
          <code className="copyable-value">{value}</code>
        )}
        <CopyButton text={value} what={label} className="copy-button" />
      </div>
    </div>
  );
}
