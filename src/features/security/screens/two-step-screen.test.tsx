/** The two-step page's status as a person sees it: off with Turn on; on with the codes left, warned at three or fewer. */
import { describe, expect, it } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { useReactRoot } from '../../../lib/testing/react-root';
import { renderSignedIn, SSO } from '../test-support/render-signed-in';
import TwoStepScreen from './two-step-screen';

const view = useReactRoot();

async function show(status: { enabled: boolean; recovery_codes_left: number }) {
  const server = await renderSignedIn(view, <TwoStepScreen />, (script) =>
    script.answer('get', `${SSO}/user/two-step/`, status),
  );
  expect(server.unexpected).toEqual([]);
}

const buttons = () => [...view.host.querySelectorAll('button')].map((button) => button.textContent);
const badges = () => [...view.host.querySelectorAll('.badge')].map((badge) => badge.textContent);

describe('the two-step verification page', () => {
  it('off: says so and offers Turn on only', async () => {
    await show({ enabled: false, recovery_codes_left: 0 });
    expect(view.host.querySelector('h1')?.textContent).toBe(en.security_two_step_title);
    expect(badges()).toEqual([en.login_method_off]);
    expect(buttons()).toEqual([en.security_two_step_turn_on]);
  });

  it('on: the codes left, the three changes, and no warning while there are more than three', async () => {
    await show({ enabled: true, recovery_codes_left: 4 });
    expect(badges()).toEqual([en.login_method_on]);
    expect(view.host.textContent).toContain(en.security_two_step_codes_left.replace('{{n}}', '4'));
    expect(buttons()).toEqual([
      en.security_two_step_change_app,
      en.security_two_step_new_codes,
      en.security_two_step_turn_off,
    ]);
    expect(view.host.textContent).not.toContain(en.security_two_step_codes_few_text);
  });

  it('warns to make new codes at three or fewer', async () => {
    await show({ enabled: true, recovery_codes_left: 3 });
    expect(badges()).toEqual([en.login_method_on, en.security_two_step_codes_few]);
    expect(view.host.textContent).toContain(en.security_two_step_codes_few_text);
  });
});
