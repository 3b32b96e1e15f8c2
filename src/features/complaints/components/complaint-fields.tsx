/** The complaint form's own fields: the category, the text, and the files with their checks. */
import { useId } from 'react';
import { COMPLAINT_ATTACHMENTS_MAX, COMPLAINT_CATEGORY_VALUES } from '../../../../server/src/contract/complaints.js';
import { useI18n } from '../../../lib/use-i18n';
import { DOCUMENT_TYPES, fileSize } from '../../../lib/document-file';
import { categoryKey } from './complaint-labels';

/** The error line under a field, tied to it by id and read out when it appears. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className="field-error" role="alert" hidden={!error}>
      {error}
    </p>
  );
}

export function CategoryField(props: { value: string; error: string | undefined; onValue: (value: string) => void }) {
  const i18n = useI18n();
  const id = useId();
  return (
    <div className={`field ${props.error ? 'field-invalid' : ''}`}>
      <label htmlFor={id}>{i18n.t('complaint_category_label')}</label>
      <div className="field-control">
        <select
          id={id}
          name="category"
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(event) => props.onValue(event.target.value)}
        >
          <option value="">{i18n.t('complaint_category_placeholder')}</option>
          {COMPLAINT_CATEGORY_VALUES.map((category) => (
            <option key={category} value={category}>
              {i18n.t(categoryKey(category))}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${id}-error`} error={props.error} />
    </div>
  );
}

/**
 * Up to three files: a labelled picker (the input hidden, its label the button) and the list of
 * those chosen, each with its size and a way to remove it. The hint says the rules before a pick;
 * a refused file's key (the browser's check or the server's) is said under the field.
 */
export function AttachmentsField(props: {
  files: readonly File[];
  error: string | undefined;
  onPick: (files: File[]) => void;
  onRemove: (index: number) => void;
}) {
  const i18n = useI18n();
  const id = useId();
  const full = props.files.length >= COMPLAINT_ATTACHMENTS_MAX;
  return (
    <fieldset className={`field complaint-attachments ${props.error ? 'field-invalid' : ''}`}>
      <legend>{i18n.t('complaint_attachments_label')}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {i18n.t('complaint_attachments_hint')}
      </p>
      {props.files.length > 0 ? (
        <ul className="complaint-files">
          {props.files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span className="complaint-file-name">{file.name}</span>{' '}
              <span className="muted">{fileSize(file.size)}</span>{' '}
              <button
                type="button"
                className="button button-text"
                aria-label={i18n.t('complaint_remove_attachment', { name: file.name })}
                onClick={() => props.onRemove(index)}
              >
                {i18n.t('complaint_remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <>
          <label htmlFor={id} className="button button-secondary file-button">
            {i18n.t('complaint_attach')}
          </label>
          <input
            id={id}
            className="visually-hidden"
            type="file"
            name="attachment"
            multiple
            accept={DOCUMENT_TYPES.join(',')}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={`${id}-hint ${id}-error`}
            onChange={(event) => {
              const picked = [...(event.target.files ?? [])];
              // Emptied after each pick, so that choosing the same file again is heard.
              event.target.value = '';
              props.onPick(picked);
            }}
          />
        </>
      )}
      <FieldError id={`${id}-error`} error={props.error} />
    </fieldset>
  );
}
