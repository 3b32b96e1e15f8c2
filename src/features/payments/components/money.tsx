/** What every payments view shows alike: an amount in so'm, a receipt's status badge, its merchant's logo. */
import type { ReceiptStatus } from '../../../../server/src/contract/payments.js';
import { AppLogo } from '../../../components/app-logo';
import type { I18n } from '../../../lib/i18n';
import { imageUrl } from '../../../lib/format/image-url';
import { formatNumber } from '../../../lib/format/numbers';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';

/** Tiyin as so'm in the ru-RU number convention (docs/product.md §9): 1234550 → "12 345,5 so‘m". */
export function amountText(i18n: Pick<I18n, 't'>, tiyin: number): string {
  return i18n.t('payments_amount', { amount: formatNumber(tiyin / 100) });
}

const BADGE: Record<ReceiptStatus, string> = {
  paid: 'badge-success',
  pending: 'badge-warning',
  failed: 'badge-failed',
  cancelled: 'badge-muted',
};

export function StatusBadge({ status }: { status: ReceiptStatus }) {
  const i18n = useI18n();
  return <span className={`badge ${BADGE[status]}`}>{i18n.t(`payments_status_${status}`)}</span>;
}

/** The merchant's logo through the CDN rule (docs/product.md §9), or its letter; its name is written beside it. */
export function MerchantLogo({ merchant, size }: { merchant: { name: string; logo: string | null }; size?: 'small' }) {
  const { config } = useServices();
  const url = merchant.logo ? imageUrl(merchant.logo, config.imageCdn) : null;
  return <AppLogo name={merchant.name} logoUrl={url} size={size} />;
}
