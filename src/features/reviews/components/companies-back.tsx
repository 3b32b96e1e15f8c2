/** The way back from the claim form or a company's reviews to the list of my companies. */
import { Link } from 'wouter';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../lib/use-i18n';
import { MY_COMPANIES_PATH } from '../models/my-companies-model';

export function CompaniesBack() {
  const i18n = useI18n();
  return (
    <p className="reviews-back">
      <Link href={MY_COMPANIES_PATH}>
        <Icon name="arrow-left" /> {i18n.t('reviews_companies_back')}
      </Link>
    </p>
  );
}
