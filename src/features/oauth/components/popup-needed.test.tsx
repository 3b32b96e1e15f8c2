import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { useReactRoot } from '../../../lib/testing/react-root';
import PopupNeeded from './popup-needed';

const view = useReactRoot();

async function show(open: () => boolean) {
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const onBack = vi.fn<() => void>();
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={{ i18n } as unknown as Services}>
        <PopupNeeded open={open} onBack={onBack} />
      </ServicesContext.Provider>,
    ),
  );
  return { onBack };
}

const press = (label: string) =>
  act(() => [...view.host.querySelectorAll('button')].find((button) => button.textContent === label)?.click());

describe('the frame after a blocked sign-in popup', () => {
  it('says one more press opens the window, with the focus on that button, and Back', async () => {
    const { onBack } = await show(() => true);
    expect(view.host.querySelector('h1')?.textContent).toBe(en.embed_popup_title);
    expect(view.host.querySelector('[role="status"]')?.textContent).toBe(en.embed_popup_needed);
    expect(document.activeElement?.textContent).toBe(en.embed_popup_open);
    await press(en.back);
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('asks to allow pop-ups when the press is blocked too, and clears that once the window opens', async () => {
    const open = vi.fn<() => boolean>().mockReturnValueOnce(false).mockReturnValueOnce(true);
    await show(open);
    await press(en.embed_popup_open);
    expect(view.host.querySelector('[role="alert"]')?.textContent).toBe(en.embed_popup_refused);
    await press(en.embed_popup_open);
    expect(open).toHaveBeenCalledTimes(2);
    expect(view.host.querySelector('[role="alert"]')).toBeNull();
  });
});
