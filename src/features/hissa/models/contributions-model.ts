/** My contributions (docs/hissa.md, The screen): the account's own, newest first, a page at a time. */
import { computed, signal } from '@preact/signals-react';
import type { ShowError } from '../../../lib/form';
import { createScreenLoad } from '../../../lib/screen-load';
import type { HissaApi, HissaContributionPage } from '../api/hissa-api';

export const CONTRIBUTIONS_PAGE_SIZE = 10;

export function createContributionsModel(deps: { api: HissaApi; showError: ShowError }) {
  const data = signal<HissaContributionPage>({ count: 0, next: null, previous: null, results: [] });
  const pages = computed(() => Math.max(1, Math.ceil(data.value.count / CONTRIBUTIONS_PAGE_SIZE)));
  let page = 1;
  let latest = 0;
  const screen = createScreenLoad(deps.showError, async () => {
    const ticket = ++latest;
    const answer = await deps.api.contributions(page, CONTRIBUTIONS_PAGE_SIZE);
    if (ticket === latest) data.value = answer;
  });
  function load(next: number): Promise<void> {
    page = next;
    screen.state.value = 'loading';
    return screen.load();
  }
  return { state: screen.state, data, pages, load, retry: () => load(page) };
}

export type ContributionsModel = ReturnType<typeof createContributionsModel>;
