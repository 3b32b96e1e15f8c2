/**
 * One project (`/projects/hissa?id=`) and its Contribute form (docs/hissa.md, A contribution): an
 * amount (a preset or another amount of whole so'm), a saved card, and one `Idempotency-Key` per attempt,
 * sent again on every retry of that attempt, so a double press or a retry after a lost answer pays at
 * most once (IETF draft "The Idempotency-Key HTTP Header Field", §2). A new attempt — another amount or
 * card, after a refusal, after a success — gets a new key, as payments' bill-model.ts does.
 */
import { computed, signal } from '@preact/signals-react';
import { HISSA_PRESETS_TIYIN } from '../../../../server/src/contract/hissa.js';
import type { ErrorKey } from '../../../../server/src/contract/error-keys.js';
import { errorKeyOf } from '../../../lib/api-error';
import type { ShowError } from '../../../lib/form';
import type { HissaApi, HissaContributionView, HissaProjectDetail, SavedCard } from '../api/hissa-api';
import { amountAllowed, parseSom } from './hissa-money';

/** Refusals of the card (docs/api.md, Payments): this attempt is over; said beside the card choice. */
const CARD_KEYS = new Set<string>(['card_blocked', 'card_insufficient_funds', 'card_not_found', 'wrong_expire']);

interface Failure {
  status?: number;
  data?: unknown;
}

export function createProjectModel(deps: {
  api: HissaApi;
  showError: ShowError;
  newKey?: () => string;
  /** Told of each contribution taken (the screen's toast). */
  onContributed?: (contribution: HissaContributionView) => void;
}) {
  const newKey = deps.newKey ?? (() => crypto.randomUUID());
  const state = signal<'loading' | 'ready' | 'failed' | 'missing'>('loading');
  const project = signal<HissaProjectDetail | null>(null);
  const cards = signal<SavedCard[]>([]);
  const cardsState = signal<'loading' | 'ready' | 'failed'>('loading');
  /** The chosen preset in tiyin, or null while "other amount" is chosen. */
  const preset = signal<number | null>(HISSA_PRESETS_TIYIN[0]);
  const other = signal('');
  const card = signal('');
  const amountError = signal<ErrorKey | null>(null);
  const cardError = signal<ErrorKey | null>(null);
  /** What concerns the whole attempt (the service did not answer, a payment in progress). */
  const formError = signal<ErrorKey | null>(null);
  const paying = signal(false);
  /** The last contribution made here, shown with its receipt. */
  const done = signal<HissaContributionView | null>(null);
  const amount = computed(() => preset.value ?? parseSom(other.value));
  let key = newKey();
  let id = '';

  /** Another amount or card: another attempt, with its own key. */
  function changed(): void {
    key = newKey();
    amountError.value = null;
    cardError.value = null;
    formError.value = null;
  }

  async function loadProject(): Promise<void> {
    try {
      project.value = await deps.api.project(id);
      state.value = 'ready';
    } catch (error) {
      if ((error as Failure | null)?.status === 404) {
        state.value = 'missing';
        return;
      }
      deps.showError(error);
      state.value = 'failed';
    }
  }

  async function loadCards(): Promise<void> {
    cardsState.value = 'loading';
    try {
      const list = await deps.api.cards();
      cards.value = list;
      if (!list.some((known) => known.id === card.peek()))
        card.value = (list.find((known) => known.is_default) ?? list[0])?.id ?? '';
      cardsState.value = 'ready';
    } catch (error) {
      deps.showError(error);
      cardsState.value = 'failed';
    }
  }

  function failed(error: unknown): void {
    const failure = (error ?? {}) as Failure;
    const found = errorKeyOf(failure.data);
    const refused = failure.status === 402 || (found !== null && CARD_KEYS.has(found.key));
    if (refused || found?.key === 'hissa_key_reused') key = newKey();
    // A 502 is read as "the service did not answer" (show-error.ts says a plain server error): say the payment's own words.
    if (failure.status === 502 && found?.key === 'payment_processor_unavailable') {
      formError.value = 'payment_processor_unavailable';
      return;
    }
    const shown = deps.showError(error, (k) => (refused || CARD_KEYS.has(k) ? 'card_id' : 'form'));
    if (!shown) return;
    if (shown.field === 'amount') amountError.value = shown.key;
    else if (shown.field === 'card_id') cardError.value = shown.key;
    else formError.value = shown.key;
  }

  return {
    state,
    project,
    cards,
    cardsState,
    preset,
    other,
    card,
    amount,
    amountError,
    cardError,
    formError,
    paying,
    done,
    /** The key this attempt sends (tests read it). */
    idempotencyKey: () => key,
    async load(projectId: string): Promise<void> {
      id = projectId;
      state.value = 'loading';
      await Promise.all([loadProject(), loadCards()]);
    },
    retry: () => loadProject(),
    retryCards: () => loadCards(),
    choosePreset(tiyin: number | null): void {
      if (preset.peek() === tiyin) return;
      preset.value = tiyin;
      // One amount at a time: a preset empties the other amount's field.
      if (tiyin !== null) other.value = '';
      changed();
    },
    setOther(text: string): void {
      other.value = text;
      changed();
    },
    chooseCard(cardId: string): void {
      card.value = cardId;
      changed();
    },
    /** Sends the contribution; true when it was taken. A press while one runs does nothing. */
    async contribute(): Promise<boolean> {
      const current = project.peek();
      const tiyin = amount.peek();
      if (!current || paying.peek()) return false;
      if (!amountAllowed(tiyin)) {
        amountError.value = 'hissa_amount_invalid';
        return false;
      }
      if (!card.peek()) return false;
      paying.value = true;
      amountError.value = null;
      cardError.value = null;
      formError.value = null;
      try {
        const answer = await deps.api.contribute(current.id, tiyin, card.peek(), key);
        project.value = { ...answer.project, updates: current.updates };
        done.value = answer.contribution;
        key = newKey();
        deps.onContributed?.(answer.contribution);
        return true;
      } catch (error) {
        failed(error);
        // Closed meanwhile: the project read again shows it closed, without Contribute.
        if (errorKeyOf((error as Failure | null)?.data)?.key === 'hissa_project_closed') await loadProject();
        return false;
      } finally {
        paying.value = false;
      }
    },
  };
}

export type ProjectModel = ReturnType<typeof createProjectModel>;
