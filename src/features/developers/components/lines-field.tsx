import { TextAreaField } from '../../../components/text-area-field';

/** A text area of one entry per line (web origins, redirect URIs), each line's error on a line of its own. */
export function LinesField(props: {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  hint: string;
  error: string | undefined;
  placeholder: string;
}) {
  return (
    <TextAreaField {...props} rows={3} spellCheck={false} autoCapitalize="none" autoCorrect="off" multilineError />
  );
}
