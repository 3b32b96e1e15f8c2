/** Adding or editing one address: the panel under the list, its name's length shown as a live counter. */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from '../../../components/button';
import { fieldProps } from '../../../components/field-props';
import { StepForm } from '../../../components/step-form';
import { TextField } from '../../../components/text-field';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useFocusOnOpen } from '../../../lib/use-focus-on-open';
import {
  ADDRESS_MAX_LENGTH,
  POSTAL_CODE_LENGTH,
  tidyAddressLine,
} from '../../../../server/src/contract/address-rules.js';
import type { AddressFields } from '../api/addresses';
import type { AddressesModel } from '../models/addresses-model';
import { SelectField } from '../../../components/select-field';

/**
 * "12 / 40" under the name: counted as the rule counts (contract/address-rules.ts, after tidying), so
 * the number turns red exactly where Save would refuse; what is typed is never cut.
 */
export function LengthCounter({ value, max }: { value: string; max: number }) {
  const length = tidyAddressLine(value).length;
  return <p className={`field-counter${length > max ? ' field-counter-over' : ''}`}>{`${length} / ${max}`}</p>;
}

export function AddressForm({ model }: { model: AddressesModel }) {
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
        <div className="counted-field">
          {text('label', i18n.t('address_label_label'), { placeholder: i18n.t('address_label_placeholder') })}
          <LengthCounter value={fields.label} max={ADDRESS_MAX_LENGTH.label} />
        </div>
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
