/**
 * /mahalla/oneid/callback (docs/product.md §2): OneID's answer for the mahalla service arrives here and is
 * handed on, query string unchanged, to the external callback the server is configured with; with
 * none configured, or when the setting cannot be read, the page goes to `/`. A quiet status meanwhile.
 */
import { useEffect } from 'react';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { fetchCallbackTarget } from '../api/callback-target';
import { forwardTarget, HOME } from '../forward-target';

export default function MahallaCallbackScreen() {
  const i18n = useI18n();
  const { http, config, navigate } = useServices();
  useEffect(() => {
    let gone = false;
    // Read on arrival, before anything can change the address.
    const search = location.search;
    void fetchCallbackTarget(http, config.ssoApi)
      .catch(() => null)
      .then((configured) => {
        if (gone) return;
        const target = forwardTarget(configured, search);
        // Replace: Back from the external callback must not land on this page and forward again.
        if (target === HOME) navigate(HOME, { replace: true });
        else location.replace(target);
      });
    return () => {
      gone = true;
    };
  }, [http, config, navigate]);
  return (
    <div className="stack mahalla-callback">
      <h1 className="visually-hidden">{i18n.t('title_mahalla_one_id_callback')}</h1>
      <p className="mahalla-callback-status" role="status">
        {i18n.t('mahalla_redirecting')}
      </p>
      <div className="screen-loading" aria-hidden="true" />
    </div>
  );
}
