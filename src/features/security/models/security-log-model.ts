/** The whole security log (/security?log), a page at a time, newest first; the server pages it. */
import { computed, signal } from '@preact/signals-react';
import type { SecurityApi, SecurityEventPage } from '../api/security-api';

export const SECURITY_LOG_PAGE_SIZE = 20;

export function createSecurityLogModel(deps: { api: SecurityApi }) {
  const state = signal<'loading' | 'ready' | 'failed'>('loading');
  const page = signal(1);
  const data = signal<SecurityEventPage>({ count: 0, results: [] });
  const pages = computed(() => Math.max(1, Math.ceil(data.value.count / SECURITY_LOG_PAGE_SIZE)));
  // Only the answer to the latest request is shown, however the answers arrive.
  let latest = 0;

  async function load(wanted = page.peek()): Promise<void> {
    const ticket = ++latest;
    page.value = wanted;
    state.value = 'loading';
    try {
      const answer = await deps.api.events(SECURITY_LOG_PAGE_SIZE, wanted);
      if (ticket !== latest) return;
      data.value = answer;
      state.value = 'ready';
    } catch {
      if (ticket === latest) state.value = 'failed';
    }
  }

  return {
    state,
    page,
    pages,
    data,
    load,
    newer: () => load(Math.max(1, page.peek() - 1)),
    older: () => load(Math.min(pages.peek(), page.peek() + 1)),
  };
}

export type SecurityLogModel = ReturnType<typeof createSecurityLogModel>;
