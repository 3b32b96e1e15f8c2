/**
 * The claim form (my-companies?claim=1): the company's name, its taxpayer number, a category and one proof
 * document (the picker's rules said before a pick, the chosen file with its size and a way to remove
 * it). Every key, the browser's or the server's, shows beside its field; nothing typed is lost.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { COMPANY_NAME_MAX_LENGTH } from '../../../../server/src/contract/reviews.js';
import { Button } from '../../../components/button';
import { fieldProps } from '../../../components/field-props';
import { FileButton } from '../../../components/file-button';
import { StepForm } from '../../../components/step-form';
import { TextField } from '../../../components/text-field';
import { DOCUMENT_TYPES, fileSize } from '../../../lib/document-file';
import { useI18n } from '../../../lib/use-i18n';
import { CompaniesBack } from './companies-back';
import type { CompanyClaimModel } from '../models/company-claim-model';
import { COMPANY_CATEGORIES, type CompanyCategory } from '../models/my-companies-model';

function CategoryField({ model }: { model: CompanyClaimModel }) {
  const i18n = useI18n();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{i18n.t('reviews_companies_category_label')}</label>
      <div className="field-control">
        <select
          id={id}
          name="category"
          value={model.category.value}
          onChange={(event) => model.category.set(event.target.value as CompanyCategory | '')}
        >
          <option value="">{i18n.t('reviews_companies_category_none')}</option>
          {COMPANY_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {i18n.t(`reviews_companies_category_${category}` as const)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function ProofField({ model }: { model: CompanyClaimModel }) {
  const i18n = useI18n();
  const id = useId();
  const key = model.form.errors.value['proof'];
  const error = key ? i18n.t(key) : undefined;
  const file = model.proof.value;
  return (
    <fieldset className={`field company-proof ${error ? 'field-invalid' : ''}`}>
      <legend>{i18n.t('reviews_companies_proof_label')}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {i18n.t('reviews_companies_proof_hint')}
      </p>
      {file ? (
        <p className="company-proof-file">
          <span className="company-proof-name">{file.name}</span>{' '}
          <span className="review-meta">{fileSize(file.size)}</span>{' '}
          <button
            type="button"
            className="button button-text"
            aria-label={i18n.t('reviews_companies_proof_remove', { name: file.name })}
            onClick={() => model.removeProof()}
          >
            {i18n.t('reviews_companies_remove')}
          </button>
        </p>
      ) : null}
      <div>
        <FileButton
          id={id}
          label={i18n.t('reviews_companies_proof_pick')}
          accept={DOCUMENT_TYPES}
          invalid={Boolean(error)}
          onFile={(picked) => model.pick(picked)}
        />
      </div>
      <p id={`${id}-error`} className="field-error" role="alert" hidden={!error}>
        {error}
      </p>
    </fieldset>
  );
}

export function CompanyClaimForm({ model }: { model: CompanyClaimModel }) {
  useSignals();
  const i18n = useI18n();
  return (
    <div className="stack reviews company-claim">
      <CompaniesBack />
      <h1 tabIndex={-1}>{i18n.t('reviews_companies_add')}</h1>
      <p className="subtitle">{i18n.t('reviews_companies_claim_intro')}</p>
      <div className="panel">
        <StepForm onSubmit={() => void model.submit()}>
          <TextField
            label={i18n.t('reviews_companies_name_label')}
            name="name"
            maxLength={COMPANY_NAME_MAX_LENGTH}
            autoComplete="organization"
            {...fieldProps(model.name, i18n)}
          />
          <TextField
            label={i18n.t('reviews_companies_taxpayer_label')}
            name="taxpayer_number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            hint={i18n.t('reviews_companies_taxpayer_hint')}
            {...fieldProps(model.taxpayer, i18n)}
          />
          <CategoryField model={model} />
          <ProofField model={model} />
          <div className="row">
            <Button type="submit" busy={model.form.busy.value}>
              {i18n.t('reviews_companies_send')}
            </Button>
          </div>
        </StepForm>
      </div>
    </div>
  );
}
