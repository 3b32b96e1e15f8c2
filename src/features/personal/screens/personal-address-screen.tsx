/** /personal/address: the user's addresses — add, edit, delete, choose the default. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { LoadState } from '../../../components/load-state';
import { ConfirmButton } from '../../../components/confirm-button';
import { fieldProps } from '../../../components/field-props';
import { StepForm } from '../../../components/step-form';
import { TextField } from '../../../components/text-field';
import type { Locale } from '../../../lib/i18n';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { ADDRESS_MAX_LENGTH, POSTAL_CODE_LENGTH } from '../../../../server/src/contract/address-rules.js';
import { addressesApi, type Address, type AddressFields, type Region } from '../api/addresses';
import { SelectField } from '../components/select-field';
import { createAddressesModel, type AddressesModel } from '../models/addresses-model';
import { useFocusOnOpen } from '../../../lib/use-focus-on-open';

function placeNames(regions: Region[], locale: Locale, address: Address): string {
  const region = regions.find((candidate) => candidate.id === address.region);
  const district = region?.districts.find((candidate) => candidate.id === address.district);
  return [region?.name[locale], district?.name[locale]].filter(Boolean).join(', ');
}

function AddressForm({ model }: { model: AddressesModel }) {
  useSignals();
  const i18n = useI18n();
  const { toasts } = useServices();
  const locale = i18n.locale.value;
  const errorText = (name: keyof AddressFields) => {
    const key = model.field[name].error.value;
    return key ? i18n.t(key) : undefined;
  };
  const fields = model.fields.value;
  const opened = useFocusOnOpen<HTMLElement>();
  const text = (name: keyof AddressFields, label: string, extra: Record<string, string> = {}) => (
    <TextField
      label={label}
      name={name}
      {...fieldProps(model.field[name], i18n)}
      onValue={(value) => model.set(name, value)}
      {...extra}
    />
  );
  return (
    <section className="panel" aria-labelledby="address-form-title" ref={opened}>
      <StepForm
        onSubmit={async () => {
          if (await model.save()) toasts.show('success', i18n.t('address_saved'), { replace: true });
        }}
      >
        <h2 id="address-form-title">{i18n.t(model.editing.value === 'new' ? 'address_add' : 'address_edit')}</h2>
        {text('label', i18n.t('address_label_label'), {
          placeholder: i18n.t('address_label_placeholder'),
          maxLength: String(ADDRESS_MAX_LENGTH.label),
        })}
        <SelectField
          label={i18n.t('address_region')}
          name="region"
          value={fields.region}
          placeholder={i18n.t('address_choose_region')}
          options={model.regions.value.map((region) => ({ value: region.id, label: region.name[locale] }))}
          error={errorText('region')}
          onValue={(value) => model.set('region', value)}
        />
        <SelectField
          label={i18n.t('address_district')}
          name="district"
          value={fields.district}
          placeholder={i18n.t('address_choose_district')}
          disabled={!fields.region}
          options={model.districts.value.map((district) => ({ value: district.id, label: district.name[locale] }))}
          error={errorText('district')}
          onValue={(value) => model.set('district', value)}
        />
        {text('street', i18n.t('address_street'), {
          autoComplete: 'address-line1',
          maxLength: String(ADDRESS_MAX_LENGTH.street),
        })}
        <div className="row field-row">
          {text('house', i18n.t('address_house'), { maxLength: String(ADDRESS_MAX_LENGTH.house) })}
          {text('apartment', i18n.t('address_apartment'), {
            autoComplete: 'address-line2',
            maxLength: String(ADDRESS_MAX_LENGTH.apartment),
          })}
          {text('postal_code', i18n.t('address_postal_code'), {
            inputMode: 'numeric',
            autoComplete: 'postal-code',
            maxLength: String(POSTAL_CODE_LENGTH),
          })}
        </div>
        <div className="row">
          <Button type="submit" busy={model.form.busy.value}>
            {i18n.t('save')}
          </Button>
          <Button variant="secondary" onClick={() => model.close()}>
            {i18n.t('cancel')}
          </Button>
        </div>
      </StepForm>
    </section>
  );
}

export default function PersonalAddressScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError, toasts } = useServices();
  const [model] = useState(() =>
    createAddressesModel({ api: addressesApi(http, config.ssoApi, config.commonApi), showError }),
  );
  useEffect(() => {
    void model.load();
  }, [model]);
  const state = model.state.value;
  const list = model.addresses.value;
  return (
    <div className="stack">
      <p>
        <Link href="/personal">← {i18n.t('personal_title')}</Link>
      </p>
      <h1>{i18n.t('address_title')}</h1>
      <LoadState state={state} onRetry={() => void model.load()} />
      {state === 'ready' && list.length === 0 && model.editing.value === null ? (
        <p className="empty">{i18n.t('address_empty')}</p>
      ) : null}
      {state === 'ready' ? (
        <ul className="address-list">
          {list.map((address) => (
            <li key={address.id} className="panel address">
              <div className="address-head">
                <strong>{address.label || i18n.t('address_title_one')}</strong>
                {address.is_default ? <span className="badge badge-verified">{i18n.t('address_default')}</span> : null}
              </div>
              <p>
                {placeNames(model.regions.value, i18n.locale.value, address)}
                <br />
                {[
                  address.street,
                  address.house,
                  address.apartment ? `${i18n.t('address_apartment_short')} ${address.apartment}` : '',
                ]
                  .filter(Boolean)
                  .join(', ')}
                {address.postal_code ? <>, {address.postal_code}</> : null}
              </p>
              <div className="row">
                <Button variant="secondary" onClick={() => model.startEditing(address)}>
                  {i18n.t('address_edit')}
                </Button>
                {address.is_default ? null : (
                  <Button variant="secondary" onClick={() => void model.makeDefault(address.id)}>
                    {i18n.t('address_make_default')}
                  </Button>
                )}
                <ConfirmButton
                  label={i18n.t('address_delete')}
                  question={i18n.t('address_delete_confirm')}
                  confirmLabel={i18n.t('address_delete')}
                  cancelLabel={i18n.t('cancel')}
                  onConfirm={async () => {
                    if (await model.remove(address.id))
                      toasts.show('success', i18n.t('address_deleted'), { replace: true });
                  }}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {state === 'ready' && model.editing.value !== null ? <AddressForm model={model} /> : null}
      {state === 'ready' && model.editing.value === null ? (
        <div>
          <Button onClick={() => model.startAdding()}>{i18n.t('address_add')}</Button>
        </div>
      ) : null}
    </div>
  );
}
