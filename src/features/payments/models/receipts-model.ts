/** The receipts of /pay: a paged list (docs/product.md §3), newest first, one page at a time. */
import { signal } from '@preact/signals-react';
import type { ShowError } from '../../../lib/form';
import type { PaymentsApi, ReceiptPage } from '../api/payments-api';

export const RECEIPTS_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

function whole(value: string | null, fallback: number, max: number): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** The page and its size as the address says them (`?page=2&page_size=20`), whole numbers in range or the defaults. */
export function pageOf(search: string): { page: number; pageSize: number } {
  const query = new URLSearchParams(search);
  return {
    page: whole(query.get('page'), 1, Number.MAX_SAFE_INTEGER),
    pageSize: whole(query.get('page_size'), RECEIPTS_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

export function createReceiptsModel(deps: { api: PaymentsApi; showError: ShowError }) {
  const state = signal<'loading' | 'ready' | 'failed'>('loading');
  const page = signal<ReceiptPage>({ count: 0, next: null, previous: null, results: [] });
  let asked = 0;

  return {
    state,
    page,
    /** Loads one page; an answer to an older request than the last is dropped. */
    async load(number: number, pageSize: number): Promise<void> {
      const ask = ++asked;
      state.value = 'loading';
      try {
        const answer = await deps.api.receipts(number, pageSize);
        if (ask !== asked) return;
        page.value = answer;
        state.value = 'ready';
      } catch (error) {
        if (ask !== asked) return;
        deps.showError(error);
        state.value = 'failed';
      }
    },
  };
}

export type ReceiptsModel = ReturnType<typeof createReceiptsModel>;
