/**
 * The saved cards of /pay (docs/product.md §3, §4, §9): a `results` list fetched once and cached behind
 * `cardsFetched`, which a delete resets so the next load asks again; the loading indicator clears 300 ms
 * after a fetch ends, so a quick answer does not flash the list in and the spinner out in one frame.
 */
import { signal } from '@preact/signals-react';
import type { ShowError } from '../../../lib/form';
import type { PaymentsApi, SavedCard } from '../api/payments-api';

/** docs/product.md §9: how long the card loading indicator stays after a fetch. */
export const CARD_LOADING_LINGER_MS = 300;

export function createCardsModel(deps: {
  api: PaymentsApi;
  showError: ShowError;
  later?: (work: () => void, ms: number) => void;
}) {
  const later = deps.later ?? ((work, ms) => void setTimeout(work, ms));
  const cards = signal<SavedCard[]>([]);
  const cardsFetched = signal(false);
  /** The loading indicator: on from a fetch's start until 300 ms after it ended. */
  const loading = signal(false);
  const failed = signal(false);
  /** The card an action (delete, default) is running for. */
  const busy = signal<string | null>(null);
  let fetching: Promise<void> | null = null;

  async function fetchCards(): Promise<void> {
    loading.value = true;
    failed.value = false;
    try {
      cards.value = await deps.api.cards();
      cardsFetched.value = true;
    } catch (error) {
      deps.showError(error);
      failed.value = true;
    } finally {
      later(() => (loading.value = false), CARD_LOADING_LINGER_MS);
    }
  }

  /** Fetches the cards unless they were fetched already (one fetch at a time). */
  function load(): Promise<void> {
    if (cardsFetched.peek()) return Promise.resolve();
    fetching ??= fetchCards().finally(() => (fetching = null));
    return fetching;
  }

  async function act(id: string, work: () => Promise<unknown>): Promise<boolean> {
    busy.value = id;
    try {
      await work();
      return true;
    } catch (error) {
      deps.showError(error);
      return false;
    } finally {
      busy.value = null;
    }
  }

  return {
    cards,
    cardsFetched,
    loading,
    failed,
    busy,
    load,
    /** The default card, or the first: what a bill is paid with unless the person chooses. */
    preferred: (): SavedCard | undefined => cards.peek().find((card) => card.is_default) ?? cards.peek()[0],
    /** Removes the card at the processor and here; the list is fetched again (docs/product.md §4). */
    async remove(id: string): Promise<boolean> {
      const done = await act(id, () => deps.api.deleteCard(id));
      if (done) {
        cardsFetched.value = false;
        await load();
      }
      return done;
    },
    async makeDefault(id: string): Promise<boolean> {
      const done = await act(id, () => deps.api.makeDefault(id));
      if (done) cards.value = cards.peek().map((card) => ({ ...card, is_default: card.id === id }));
      return done;
    },
    /** A card just verified joins the list without another fetch. */
    added(card: SavedCard): void {
      const others = cards.peek().filter((known) => known.id !== card.id);
      cards.value = card.is_default ? [...others.map((c) => ({ ...c, is_default: false })), card] : [...others, card];
    },
  };
}

export type CardsModel = ReturnType<typeof createCardsModel>;
