/**
 * How strong a new password looks as it is typed (lib/password-strength.ts), and what to add: said
 * before the server's "too common", never instead of it. Loaded when the password reaches the length
 * rule: the sign-up's first download does not carry it.
 */
import { passwordStrength } from '../lib/password-strength';
import { useI18n } from '../lib/use-i18n';

const LEVEL = { weak: 1, fair: 2, strong: 3 } as const;
const SAID = {
  weak: 'password_strength_weak',
  fair: 'password_strength_fair',
  strong: 'password_strength_strong',
} as const;
const TIPS = { longer: 'password_tip_longer', mix: 'password_tip_mix', pattern: 'password_tip_pattern' } as const;

export default function PasswordStrengthHint({ password }: { password: string }) {
  const i18n = useI18n();
  const judged = passwordStrength(password);
  if (!judged) return null;
  const { strength, tip } = judged;
  return (
    <div className="password-strength" data-strength={strength}>
      <span className="password-strength-bar" aria-hidden="true">
        {[1, 2, 3].map((step) => (
          <span key={step} className={step <= LEVEL[strength] ? 'on' : ''} />
        ))}
      </span>
      <p className="field-hint" aria-live="polite">
        {i18n.t(SAID[strength])}
        {tip ? ` ${i18n.t(TIPS[tip])}` : ''}
      </p>
    </div>
  );
}
