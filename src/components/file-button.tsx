import { IMAGE_TYPES } from '../lib/image-file';

/**
 * A labelled button that picks one file of `accept`'s types (the input itself hidden, its label the
 * button): the hint and the error below it are tied to it by `${id}-hint` and `${id}-error`. The input is
 * emptied after each pick, so that choosing the same file again is heard.
 */
export function FileButton({
  id,
  label,
  accept,
  invalid,
  onFile,
}: {
  id: string;
  label: string;
  accept: readonly string[];
  invalid?: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="button button-secondary file-button">
        {label}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept.join(',')}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** The picker of one image (a profile photo, an app's logo). */
export function ImageFileButton({ id, label, onFile }: { id: string; label: string; onFile: (file: File) => void }) {
  return <FileButton id={id} label={label} accept={IMAGE_TYPES} onFile={onFile} />;
}
