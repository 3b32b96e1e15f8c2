/** The fields of an app's form, for registering and for editing: the kind is chosen once, when registering. */
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import { useSignals } from '@preact/signals-react/runtime';
import { APP_NAME_MAX_LENGTH } from '../../../../server/src/contract/client-uris.js';
import { TextField } from '../../../components/text-field';
import type { Form } from '../../../lib/form';
import { useI18n } from '../../../lib/use-i18n';
import { LIST_FIELDS, type AppField, type AppFields, type LineProblem, type ListField } from '../models/app-fields';
import { LinesField } from './lines-field';

const KINDS = [
  { kind: 'public', key: 'developers_kind_public', hint: 'developers_kind_public_hint' },
  { kind: 'confidential', key: 'developers_kind_confidential', hint: 'developers_kind_confidential_hint' },
] as const;

export function AppFormFields({ form, fields, kindFixed }: { form: Form; fields: AppFields; kindFixed: boolean }) {
  useSignals();
  const i18n = useI18n();
  const errors = form.errors.value;
  const values = fields.values.value;
  const lines = fields.lineProblems.value;

  /** The error's sentence; for a list, one per wrong line, naming it and, when it is clear, what was meant. */
  const errorText = (field: AppField): string | undefined => {
    const key = errors[field];
    if (!key) return undefined;
    const wrong = (LIST_FIELDS as readonly string[]).includes(field) ? lines[field as ListField] : undefined;
    if (!wrong) return i18n.t(key);
    const sentence = (line: LineProblem) => {
      const said = i18n.t('developers_line_problem', {
        line: String(line.line),
        value: line.value,
        problem: i18n.t(line.problem),
      });
      return line.suggestion ? `${said} ${i18n.t('developers_did_you_mean', { value: line.suggestion })}` : said;
    };
    // A list's other error (too many lines) comes first, then each wrong line on a line of its own.
    const other = wrong.some((line) => line.problem === key) ? [] : [i18n.t(key)];
    return [...other, ...wrong.map(sentence)].join('\n');
  };
  const url = (field: 'home_page' | 'privacy_policy_url' | 'terms_url', label: string, placeholder: string) => (
    <TextField
      label={label}
      name={field}
      type="url"
      inputMode="url"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={placeholder}
      value={values[field]}
      onValue={(value) => fields.set(field, value)}
      error={errorText(field)}
    />
  );

  return (
    <>
      <TextField
        label={i18n.t('developers_name_label')}
        name="name"
        maxLength={APP_NAME_MAX_LENGTH}
        value={values.name}
        onValue={(value) => fields.set('name', value)}
        error={errorText('name')}
        hint={i18n.t('developers_name_hint')}
      />
      {url('home_page', i18n.t('developers_home_page_label'), 'https://shop.uz/')}
      {url('privacy_policy_url', i18n.t('developers_privacy_label'), 'https://shop.uz/privacy')}
      {url('terms_url', i18n.t('developers_terms_label'), 'https://shop.uz/terms')}
      {kindFixed ? null : (
        <fieldset className="field">
          <legend>{i18n.t('developers_kind_label')}</legend>
          <div className="stack-tight">
            {KINDS.map((option) => (
              <label key={option.kind} className="kind-option">
                <input
                  type="radio"
                  name="kind"
                  value={option.kind}
                  checked={fields.kind.value === option.kind}
                  onChange={() => fields.kind.set(option.kind)}
                />
                <span>
                  <span className="kind-name">{i18n.t(option.key)}</span>
                  <span className="field-hint">{i18n.t(option.hint)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <LinesFieldFor fields={fields} field="web_origins" error={errorText('web_origins')} />
      <LinesFieldFor fields={fields} field="redirect_uris" error={errorText('redirect_uris')} />
      <LinesFieldFor fields={fields} field="post_logout_redirect_uris" error={errorText('post_logout_redirect_uris')} />
    </>
  );
}

const LIST_TEXTS: Record<ListField, { label: CatalogueKey; hint: CatalogueKey; placeholder: string }> = {
  web_origins: {
    label: 'developers_web_origins_label',
    hint: 'developers_web_origins_hint',
    placeholder: 'https://shop.uz',
  },
  redirect_uris: {
    label: 'developers_redirect_uris_label',
    hint: 'developers_redirect_uris_hint',
    placeholder: 'https://shop.uz/auth/callback',
  },
  post_logout_redirect_uris: {
    label: 'developers_post_logout_uris_label',
    hint: 'developers_post_logout_uris_hint',
    placeholder: 'https://shop.uz/signed-out',
  },
};

function LinesFieldFor({ fields, field, error }: { fields: AppFields; field: ListField; error: string | undefined }) {
  useSignals();
  const i18n = useI18n();
  const texts = LIST_TEXTS[field];
  return (
    <LinesField
      label={i18n.t(texts.label)}
      hint={i18n.t(texts.hint)}
      name={field}
      placeholder={texts.placeholder}
      value={fields.values.value[field]}
      onValue={(value) => fields.set(field, value)}
      error={error}
    />
  );
}
