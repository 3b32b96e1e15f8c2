/** "Was this helpful?" under an article: two buttons, then a thank-you; asked once per article on this device. */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from '../../../components/button';
import { useI18n } from '../../../lib/use-i18n';
import type { HelpModel } from '../models/help-model';

export function ArticleFeedback({ model, id }: { model: HelpModel; id: string }) {
  useSignals();
  const i18n = useI18n();
  const locale = i18n.locale.value;
  if (model.hasAnswered(id))
    return (
      <p className="help-feedback" role="status">
        {i18n.t('help_feedback_thanks')}
      </p>
    );
  return (
    <div className="help-feedback" role="group" aria-labelledby="help-feedback-question">
      <span id="help-feedback-question">{i18n.t('help_feedback_question')}</span>
      <Button variant="secondary" onClick={() => void model.answer(id, locale, true)}>
        {i18n.t('help_feedback_yes')}
      </Button>
      <Button variant="secondary" onClick={() => void model.answer(id, locale, false)}>
        {i18n.t('help_feedback_no')}
      </Button>
    </div>
  );
}
