/**
 * The photo on an edit page: the one there is, or the crop of one just chosen (a lazy chunk: the
 * canvas code loads only when a file is chosen), or a note that Save will remove it. Nothing is sent
 * before Save; Cancel leaves the page and drops the choice.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { ImageFileButton } from '../../../components/file-button';
import { Loading } from '../../../components/loading';
import { imageUrl } from '../../../lib/format/image-url';
import { useServices } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';
import type { ProfileEditModel } from '../models/profile-edit-model';

const PhotoCrop = lazy(() => import('./photo-crop'));

/** `titled`: a heading of its own, where the page's heading is not already the photo's. */
export function PhotoField({
  model,
  user,
  titled = true,
}: {
  model: ProfileEditModel;
  user: UserProfile;
  titled?: boolean;
}) {
  useSignals();
  const i18n = useI18n();
  const { config } = useServices();
  const inputId = useId();
  /** The chosen file and a count that gives each choice a fresh crop. */
  const [chosen, setChosen] = useState<{ file: File; count: number } | null>(null);
  const choice = model.photo.value;
  const current = user.profile.photo;
  const hasPhoto = chosen !== null || (choice.kind === 'keep' && Boolean(current));
  const error = model.form.errors.value.photo;
  const onCrop = useCallback((render: () => Promise<File>) => model.setPhoto({ kind: 'new', render }), [model]);
  const onUnreadable = useCallback(() => {
    setChosen(null);
    model.setPhoto({ kind: 'keep' });
    model.form.setError('photo', 'photo_unreadable');
  }, [model]);
  return (
    <section className="photo-field stack-tight" aria-labelledby={titled ? `${inputId}-title` : undefined}>
      {titled ? <h2 id={`${inputId}-title`}>{i18n.t('photo_label')}</h2> : null}
      {chosen ? (
        <Suspense fallback={<Loading />}>
          <PhotoCrop key={chosen.count} file={chosen.file} onCrop={onCrop} onUnreadable={onUnreadable} />
        </Suspense>
      ) : (
        <div className="row photo-row">
          <Avatar
            firstName={user.profile.first_name}
            lastName={user.profile.last_name}
            photoUrl={choice.kind === 'keep' && current ? imageUrl(current, config.imageCdn, '200x') : ''}
            large
          />
          {choice.kind === 'remove' ? <p className="muted">{i18n.t('photo_will_remove')}</p> : null}
        </div>
      )}
      <div className="row">
        <ImageFileButton
          id={inputId}
          label={i18n.t(hasPhoto ? 'photo_change' : 'photo_choose')}
          onFile={(file) => {
            if (!model.acceptPhotoFile(file)) return;
            model.setPhoto({ kind: 'keep' });
            setChosen((before) => ({ file, count: (before?.count ?? 0) + 1 }));
          }}
        />
        {hasPhoto ? (
          <Button
            variant="text"
            onClick={() => {
              setChosen(null);
              model.setPhoto(current ? { kind: 'remove' } : { kind: 'keep' });
            }}
          >
            {i18n.t('photo_remove')}
          </Button>
        ) : null}
      </div>
      <p id={`${inputId}-hint`} className="field-hint">
        {i18n.t('photo_hint')}
      </p>
      <p id={`${inputId}-error`} className="field-error" role="alert" hidden={!error}>
        {error ? i18n.t(error) : null}
      </p>
    </section>
  );
}
