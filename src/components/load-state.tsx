import { useI18n } from '../lib/use-i18n';
import { Button } from './button';
import { Loading } from './loading';

/**
 * What a screen shows while its data loads, and when loading failed (with a way to try again);
 * nothing once it is ready.
 */
export function LoadState({ state, onRetry }: { state: 'loading' | 'ready' | 'failed'; onRetry: () => void }) {
  const i18n = useI18n();
  if (state === 'loading') return <Loading />;
  if (state === 'ready') return null;
  return (
    <div className="panel" role="alert">
      <p>{i18n.t('error_try_again')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {i18n.t('retry')}
      </Button>
    </div>
  );
}
