import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HelpApi, HelpArticleList } from '../api/help-api';
import { createHelpModel, HELP_FEEDBACK_KEY, HELP_SEARCH_DEBOUNCE_MS } from './help-model';

const LIST: HelpArticleList = {
  locale: 'uz',
  sections: [{ id: 'account', title: 'Akkaunt' }],
  articles: [
    {
      id: 'lost-phone',
      section: 'account',
      title: 'Telefon yo‘qoldi',
      summary: 'SIM-karta',
      text: 'operator SIM-kartani bloklaydi',
    },
    { id: 'sessions', section: 'account', title: 'Seanslarni yakunlash', summary: 'Seans', text: 'Faol seanslar' },
  ],
};

function fakeApi() {
  const feedback = vi.fn<HelpApi['feedback']>(async () => undefined);
  const api = {
    list: async () => LIST,
    article: async () => {
      throw new Error('not used');
    },
    feedback,
  } as unknown as HelpApi;
  return { api, feedback };
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the help centre model', () => {
  it('filters by what was typed only once typing pauses, ignoring case and the o‘ mark', async () => {
    const model = createHelpModel(fakeApi());
    await model.loadList('uz');
    model.search('YOQOLDI');
    expect(model.results.value.map((one) => one.id)).toEqual(['lost-phone', 'sessions']);
    vi.advanceTimersByTime(HELP_SEARCH_DEBOUNCE_MS);
    expect(model.results.value.map((one) => one.id)).toEqual(['lost-phone']);
    model.search('faol seanslar');
    vi.advanceTimersByTime(HELP_SEARCH_DEBOUNCE_MS);
    expect(model.results.value.map((one) => one.id)).toEqual(['sessions']);
  });

  it('sends an answer once per article on this device, and remembers it across models', async () => {
    const { api, feedback } = fakeApi();
    const model = createHelpModel({ api });
    await model.answer('terms', 'ru', true);
    await model.answer('terms', 'ru', false);
    expect(feedback.mock.calls).toEqual([['terms', 'ru', true]]);
    expect(JSON.parse(localStorage.getItem(HELP_FEEDBACK_KEY) ?? '[]')).toEqual(['terms']);
    expect(createHelpModel({ api }).hasAnswered('terms')).toBe(true);
    expect(createHelpModel({ api }).hasAnswered('cookies')).toBe(false);
  });
});
