/**
 * My complaints (/help-center/my-complaints): the account's complaints a page at a time, newest first;
 * the page and its size live in the address (`page`, `page_size`), so a page can be linked and the
 * browser's Back returns to it. The server pages the list (docs/api.md, Complaints).
 */
import { computed, signal } from '@preact/signals-react';
import type { ComplaintPage, ComplaintsApi } from '../api/complaints-api';

export const COMPLAINTS_PAGE_SIZE = 20;
/** The server's largest page (docs/api.md: `page_size` 1 to 50). */
export const COMPLAINTS_MAX_PAGE_SIZE = 50;

/** The page and page size an address asks for; anything else than a whole number in range is the default. */
export function listQuery(search: string): { page: number; pageSize: number } {
  const params = new URLSearchParams(search);
  const whole = (name: string, fallback: number, max: number) => {
    const raw = params.get(name) ?? '';
    const value = /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
    return value >= 1 && value <= max ? value : fallback;
  };
  return {
    page: whole('page', 1, 100_000),
    pageSize: whole('page_size', COMPLAINTS_PAGE_SIZE, COMPLAINTS_MAX_PAGE_SIZE),
  };
}

/** The address of one page of the table (the default size left out). */
export function pageAddress(page: number, pageSize: number): string {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (pageSize !== COMPLAINTS_PAGE_SIZE) params.set('page_size', String(pageSize));
  const query = params.toString();
  return `/help-center/my-complaints${query ? `?${query}` : ''}`;
}

export function createComplaintsListModel(deps: { api: ComplaintsApi }) {
  const state = signal<'loading' | 'ready' | 'failed'>('loading');
  const data = signal<ComplaintPage>({ count: 0, results: [] });
  const pageSize = signal(COMPLAINTS_PAGE_SIZE);
  const pages = computed(() => Math.max(1, Math.ceil(data.value.count / pageSize.value)));
  // Only the answer to the latest request is shown, however the answers arrive.
  let latest = 0;

  async function load(page: number, size: number): Promise<void> {
    const ticket = ++latest;
    state.value = 'loading';
    try {
      const answer = await deps.api.list(page, size);
      if (ticket !== latest) return;
      pageSize.value = size;
      data.value = answer;
      state.value = 'ready';
    } catch {
      if (ticket === latest) state.value = 'failed';
    }
  }

  return { state, data, pages, load };
}

export type ComplaintsListModel = ReturnType<typeof createComplaintsListModel>;
