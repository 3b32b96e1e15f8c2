import { useSignals } from '@preact/signals-react/runtime';
import type { I18n } from './i18n';
import { useServices } from './services';

/** The translator, re-rendering the caller when the locale or its texts change. */
export function useI18n(): I18n {
  useSignals();
  const { i18n } = useServices();
  void i18n.locale.value;
  return i18n;
}
