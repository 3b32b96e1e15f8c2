import { useSignals } from '@preact/signals-react/runtime';
import type { ToastType } from '../lib/toasts';
import { useI18n } from '../lib/use-i18n';
import { useServices } from '../lib/services';

// docs/product.md §3: each type has its own icon; the shape differs too (styles.css), not only the colour.
const TOAST_ICONS: Readonly<Record<ToastType, string>> = { success: '✓', error: '✕', warning: '!', info: 'i' };

/** docs/product.md §8: top right, newest first; errors interrupt the screen reader, the rest wait their turn. */
export function ToastHost() {
  useSignals();
  const { toasts } = useServices();
  const i18n = useI18n();
  return (
    <section className="toasts" aria-label={i18n.t('notifications')}>
      {toasts.list.value.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
          <span className="toast-icon" aria-hidden="true">
            {TOAST_ICONS[toast.type]}
          </span>
          <span className="visually-hidden">{i18n.t(`toast_${toast.type}`)}: </span>
          <p className="toast-text">{toast.text}</p>
          <button
            type="button"
            className="toast-close"
            onClick={() => toasts.dismiss(toast.id)}
            aria-label={i18n.t('close')}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
