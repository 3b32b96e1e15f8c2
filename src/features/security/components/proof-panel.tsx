/**
 * A change that needs a fresh proof (step-up.ts: the password, or a code to one's own contact), asked
 * in a panel of its own where the change was started: adding or removing a passkey, turning two-step
 * verification on or off, new recovery codes (docs/api.md: each takes `proof`).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { StepUpForm } from '../../../components/verification/step-up-form';
import { useStepUp } from '../../../components/verification/use-step-up';

export function ProofPanel(props: {
  /** What the proof is for, one sentence under the title. */
  context: string;
  submitLabel: string;
  onProof: (proof: string) => void;
  onCancel: () => void;
}) {
  useSignals();
  const { form, stepUp } = useStepUp();
  return (
    <section className="panel">
      <StepUpForm
        stepUp={stepUp}
        form={form}
        context={<p>{props.context}</p>}
        submitLabel={props.submitLabel}
        onProof={props.onProof}
        onCancel={() => {
          stepUp.switchToPassword();
          props.onCancel();
        }}
      />
    </section>
  );
}
