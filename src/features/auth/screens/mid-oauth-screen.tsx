/**
 * /oauth/{provider} (docs/product.md §2): an empty page that handles a social provider's callback. The social
 * providers are not connected yet, so a known provider ends as a failed social login (a toast, then
 * Login) and an unknown one goes to Login (docs/product.md §4).
 */
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { useServices } from '../../../lib/services';

const PROVIDERS = new Set(['google', 'oneid', 'twitter', 'telegram', 'yandex', 'vk', 'facebook', 'apple']);

export default function MidOauthScreen() {
  const { provider = '' } = useParams<{ provider?: string }>();
  const { toasts, i18n, navigate } = useServices();
  useEffect(() => {
    if (PROVIDERS.has(provider)) toasts.show('error', i18n.t('error_try_again'));
    navigate('/login', { replace: true });
  }, [provider, toasts, i18n, navigate]);
  return null;
}
