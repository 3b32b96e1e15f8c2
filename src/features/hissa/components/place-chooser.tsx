/**
 * The place of the projects: the region and the district (all of the region's when none), chosen from
 * `GET /common/api/v1/regions/`. "Show projects" writes them into the address (`?region=&district=`),
 * so Back and a reload keep the choice. The server's word on a place it does not know is said beside
 * the select it names.
 */
import { useState } from 'react';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import type { Locale } from '../../../../server/src/contract/locales.js';
import type { ErrorKey } from '../../../../server/src/contract/error-keys.js';
import { useI18n } from '../../../lib/use-i18n';
import type { HissaPlace, Region } from '../api/hissa-api';

/** "Tashkent city · Chilanzar" in the reader's language; the ids when the list does not name them. */
export function placeName(regions: readonly Region[], place: HissaPlace, locale: Locale): string {
  const region = regions.find((known) => known.id === place.region);
  const district = region?.districts.find((known) => known.id === place.district);
  const names = [region?.name[locale] ?? place.region, district?.name[locale] ?? place.district];
  return names.filter(Boolean).join(' · ');
}

export function PlaceChooser(props: {
  regions: readonly Region[];
  place: HissaPlace;
  error: { field: 'region' | 'district'; key: ErrorKey } | null;
  onChoose: (place: HissaPlace) => void;
  onCancel?: () => void;
}) {
  const i18n = useI18n();
  const locale = i18n.locale.value;
  const known = props.regions.some((region) => region.id === props.place.region);
  const [region, setRegion] = useState(known ? (props.place.region ?? '') : '');
  const [district, setDistrict] = useState(known ? (props.place.district ?? '') : '');
  const districts = props.regions.find((item) => item.id === region)?.districts ?? [];
  const errorFor = (field: 'region' | 'district') =>
    props.error?.field === field ? i18n.t(props.error.key) : undefined;
  return (
    <form
      className="stack hissa-chooser"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (region) props.onChoose({ region, district: district || null });
      }}
    >
      <SelectField
        label={i18n.t('hissa_region')}
        name="region"
        value={region}
        placeholder={i18n.t('hissa_choose_region')}
        options={props.regions.map((item) => ({ value: item.id, label: item.name[locale] }))}
        error={errorFor('region')}
        onValue={(value) => {
          setRegion(value);
          setDistrict('');
        }}
      />
      <SelectField
        label={i18n.t('hissa_district')}
        name="district"
        value={district}
        placeholder={i18n.t('hissa_all_districts')}
        options={districts.map((item) => ({ value: item.id, label: item.name[locale] }))}
        error={errorFor('district')}
        onValue={setDistrict}
      />
      <div className="row">
        <Button type="submit" disabled={!region}>
          {i18n.t('hissa_show_projects')}
        </Button>
        {props.onCancel ? (
          <Button variant="secondary" onClick={props.onCancel}>
            {i18n.t('cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
