/**
 * The complaint form (?new=1). Signed in, the answer's contact is the account's own, shown and not
 * editable; signed out, a phone or e-mail, proven by the one-time-code step before the form is sent.
 * The code step replaces the form on screen; Back, or any refusal of the form, shows the form again
 * with everything typed and each key beside its field.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { COMPLAINT_SUBJECT_MAX_LENGTH, COMPLAINT_TEXT_MAX_LENGTH } from '../../../../server/src/contract/complaints.js';
import { Button } from '../../../components/button';
import { fieldProps } from '../../../components/field-props';
import { StepForm } from '../../../components/step-form';
import { TextField } from '../../../components/text-field';
import { ContactFields } from '../../../components/verification/contact-fields';
import { LazyCodeStep as CodeStep } from '../../../components/verification/lazy-code-step';
import { formatPhone } from '../../../lib/format/phone';
import { useI18n } from '../../../lib/use-i18n';
import type { ComplaintFormModel } from '../models/complaint-form-model';
import { AttachmentsField, CategoryField } from './complaint-fields';
import { TextAreaField } from '../../../components/text-area-field';

/** Where the answer goes when signed in: the account's phone, else its verified e-mail. */
function OwnContact({ contact, error }: { contact: string | null; error: string | undefined }) {
  const i18n = useI18n();
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      <p className="field-label">{i18n.t('complaint_contact_label')}</p>
      <p className="complaint-own-contact">{contact ?? i18n.t('complaint_no_contact')}</p>
      <p className="field-error" role="alert" hidden={!error}>
        {error}
      </p>
    </div>
  );
}

export function ComplaintFormView({
  model,
  account,
}: {
  model: ComplaintFormModel;
  /** The signed-in account's phone and e-mail, or null signed out. */
  account: { phone: string | null; email: string | null; email_verified: boolean } | null;
}) {
  useSignals();
  const i18n = useI18n();
  const { form } = model;
  const error = (name: string) => {
    const key = form.errors.value[name];
    return key ? i18n.t(key) : undefined;
  };
  if (model.step.value === 'code')
    return (
      <div className="stack complaint-form">
        <h1>{i18n.t('help_file_complaint')}</h1>
        <CodeStep
          codes={model.codes}
          form={form}
          heading="h2"
          submitLabel={i18n.t('complaint_send')}
          onSubmit={() => void model.confirm()}
          onBack={() => model.back()}
        />
      </div>
    );
  const own = account
    ? account.phone
      ? formatPhone(account.phone)
      : account.email_verified
        ? account.email
        : null
    : null;
  return (
    <div className="stack complaint-form">
      <p>
        <Link href="/help-center/my-complaints">← {i18n.t('complaints_title')}</Link>
      </p>
      <h1>{i18n.t('help_file_complaint')}</h1>
      <p className="subtitle">{i18n.t('complaint_form_intro')}</p>
      <StepForm onSubmit={() => void model.submit()}>
        <CategoryField
          value={model.category.value}
          error={error('category')}
          onValue={(value) => model.category.set(value as typeof model.category.value)}
        />
        <TextField
          label={i18n.t('complaint_subject_label')}
          name="subject"
          maxLength={COMPLAINT_SUBJECT_MAX_LENGTH}
          autoComplete="off"
          {...fieldProps(model.subject, i18n)}
        />
        <TextAreaField
          label={i18n.t('complaint_text_label')}
          name="text"
          hint={i18n.t('complaint_text_hint')}
          maxLength={COMPLAINT_TEXT_MAX_LENGTH}
          {...fieldProps(model.text, i18n)}
        />
        <AttachmentsField
          files={model.attachments.value}
          error={error('attachment')}
          onPick={(files) => model.pick(files)}
          onRemove={(index) => model.remove(index)}
        />
        {account ? (
          <OwnContact contact={own} error={error('contact')} />
        ) : (
          <fieldset className="stack-tight complaint-contact">
            <legend>{i18n.t('complaint_contact_label')}</legend>
            <p className="field-hint">{i18n.t('complaint_contact_hint')}</p>
            <ContactFields contact={model.contact} />
          </fieldset>
        )}
        <Button type="submit" busy={form.busy.value}>
          {i18n.t(account ? 'complaint_send' : 'complaint_send_code')}
        </Button>
      </StepForm>
    </div>
  );
}
