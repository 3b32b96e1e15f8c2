/**
 * An image of one's own — a profile photo, an app's logo: shown, uploaded or changed through a
 * labelled file button, and removed after a confirmation; the hint and the error are tied to the
 * input and the error is read out when it appears. The texts are catalogue keys of the caller's.
 */
import type { CatalogueKey } from '../../server/src/contract/error-keys.js';
import { useSignals } from '@preact/signals-react/runtime';
import { useId, type ReactNode } from 'react';
import { useServices } from '../lib/services';
import { useI18n } from '../lib/use-i18n';
import { ConfirmButton } from './confirm-button';
import { ImageFileButton } from './file-button';

export interface ImagePickerKeys {
  title: CatalogueKey;
  upload: CatalogueKey;
  change: CatalogueKey;
  hint: CatalogueKey;
  remove: CatalogueKey;
  removeConfirm: CatalogueKey;
  saved: CatalogueKey;
  removed: CatalogueKey;
}

export function ImagePicker(props: {
  /** The image as it is now (an avatar, a logo, or its placeholder). */
  image: ReactNode;
  hasImage: boolean;
  /** The error key to say beside the input, if any. */
  error: CatalogueKey | undefined;
  keys: ImagePickerKeys;
  /** True when the file is the image now. */
  upload: (file: File) => Promise<boolean>;
  remove: () => Promise<boolean>;
  className?: string;
  actionsClassName?: string;
}) {
  useSignals();
  const i18n = useI18n();
  const { toasts } = useServices();
  const inputId = useId();
  const { keys, error } = props;
  return (
    <section className={props.className} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{i18n.t(keys.title)}</h2>
      <div className="row photo-row">
        {props.image}
        <div className={props.actionsClassName ?? 'stack-tight'}>
          <ImageFileButton
            id={inputId}
            label={i18n.t(props.hasImage ? keys.change : keys.upload)}
            onFile={async (file) => {
              if (await props.upload(file)) toasts.show('success', i18n.t(keys.saved), { replace: true });
            }}
          />
          <p id={`${inputId}-hint`} className="field-hint">
            {i18n.t(keys.hint)}
          </p>
          <p id={`${inputId}-error`} className="field-error" role="alert" hidden={!error}>
            {error ? i18n.t(error) : null}
          </p>
          {props.hasImage ? (
            <ConfirmButton
              label={i18n.t(keys.remove)}
              question={i18n.t(keys.removeConfirm)}
              confirmLabel={i18n.t(keys.remove)}
              cancelLabel={i18n.t('cancel')}
              onConfirm={async () => {
                if (await props.remove()) toasts.show('success', i18n.t(keys.removed), { replace: true });
              }}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}
