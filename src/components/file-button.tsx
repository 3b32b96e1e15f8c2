import { IMAGE_TYPES } from '../lib/image-file';

/**
 * A labelled button that picks an image file (the input itself hidden, its label the button): the hint and
 * the error below it are tied to it by `${id}-hint` and `${id}-error`. The input is emptied after each pick,
 * so that choosing the same file again is heard.
 */
export function ImageFileButton({ id, label, onFile }: { id: string; label: string; onFile: (file: File) => void }) {
  return (
    <>
      <label htmlFor={id} className="button button-secondary file-button">
        {label}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={IMAGE_TYPES.join(',')}
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
