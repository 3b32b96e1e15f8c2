/**
 * A form field's model bound to an input's props: its value, the person's change, and its error as a
 * translated sentence. Read in a render that tracks signals (useSignals), so the input follows the model.
 */
import type { I18n } from '../lib/i18n';
import type { Field } from '../lib/form';

export interface FieldProps {
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
}

export function fieldProps(field: Field<string>, i18n: Pick<I18n, 't'>): FieldProps {
  const key = field.error.value;
  return { value: field.value, onValue: field.set, error: key ? i18n.t(key) : undefined };
}
