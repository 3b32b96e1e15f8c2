/**
 * /personal/address: the addresses as rows — the name, the address in one line, the Default badge —
 * each with its actions behind one menu button (edit, make default, delete after a confirmation);
 * adding is a quiet action at the top, or the empty state's one action.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { LoadState } from '../../../components/load-state';
import { Row, RowList } from '../../../components/row';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { addressesApi, type Address } from '../api/addresses';
import { ActionsMenu } from '../components/actions-menu';
import { AddressForm } from '../components/address-form';
import { ConfirmDialog } from '../components/confirm-dialog';
import { addressLine } from '../models/address-line';
import { createAddressesModel } from '../models/addresses-model';

export default function PersonalAddressScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError, toasts } = useServices();
  const [model] = useState(() =>
    createAddressesModel({ api: addressesApi(http, config.ssoApi, config.commonApi), showError }),
  );
  const [deleting, setDeleting] = useState<Address | null>(null);
  useEffect(() => {
    void model.load();
  }, [model]);
  const state = model.state.value;
  const list = model.addresses.value;
  const editing = model.editing.value;
  const nameOf = (address: Address) => address.label || i18n.t('address_title_one');
  return (
    <div className="stack">
      <p>
        <Link href="/personal">← {i18n.t('personal_title')}</Link>
      </p>
      <div className="page-heading">
        <h1>{i18n.t('address_title')}</h1>
        {state === 'ready' && list.length > 0 && editing === null ? (
          <Button variant="text" onClick={() => model.startAdding()}>
            <Icon name="plus" /> {i18n.t('address_add')}
          </Button>
        ) : null}
      </div>
      <LoadState state={state} onRetry={() => void model.load()} />
      {state === 'ready' && list.length === 0 && editing === null ? (
        <div className="panel">
          <EmptyState
            icon="map-pin"
            title={i18n.t('address_empty')}
            text={i18n.t('address_empty_text')}
            action={<Button onClick={() => model.startAdding()}>{i18n.t('address_add')}</Button>}
          />
        </div>
      ) : null}
      {state === 'ready' && list.length > 0 ? (
        <div className="address-group">
          <RowList>
            {list.map((address) => (
              <Row
                key={address.id}
                icon="map-pin"
                label={nameOf(address)}
                detail={
                  <span className="address-line">
                    {addressLine(model.regions.value, i18n.locale.value, address, i18n.t('address_apartment_short'))}
                  </span>
                }
                badge={
                  address.is_default ? <span className="badge badge-verified">{i18n.t('address_default')}</span> : null
                }
                action={
                  <ActionsMenu
                    label={i18n.t('address_actions', { name: nameOf(address) })}
                    actions={[
                      { label: i18n.t('address_edit'), onSelect: () => model.startEditing(address) },
                      ...(address.is_default
                        ? []
                        : [
                            {
                              label: i18n.t('address_make_default'),
                              onSelect: () => void model.makeDefault(address.id),
                            },
                          ]),
                      { label: i18n.t('address_delete'), danger: true, onSelect: () => setDeleting(address) },
                    ]}
                  />
                }
              />
            ))}
          </RowList>
        </div>
      ) : null}
      {state === 'ready' && editing !== null ? <AddressForm model={model} /> : null}
      {deleting ? (
        <ConfirmDialog
          question={i18n.t('address_delete_confirm')}
          detail={`${nameOf(deleting)}: ${addressLine(model.regions.value, i18n.locale.value, deleting, i18n.t('address_apartment_short'))}`}
          confirmLabel={i18n.t('address_delete')}
          cancelLabel={i18n.t('cancel')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            if (await model.remove(deleting.id)) toasts.show('success', i18n.t('address_deleted'), { replace: true });
          }}
        />
      ) : null}
    </div>
  );
}
