import type {
  CardList,
  DefaultCardRequest,
  NewCardAnswer,
  NewCardRequest,
  PayReceiptRequest,
  ReceiptPage,
  ReceiptView,
  SavedCard,
  VerifyCardRequest,
} from '../../../../server/src/contract/payments.js';
import type { Http } from '../../../lib/http';

export type { NewCardAnswer, ReceiptPage, ReceiptView, SavedCard };

/** The payments calls of /pay (docs/api.md, Payments). */
export function paymentsApi(http: Http, paymentApi: string) {
  return {
    /** GET cards: the saved cards, `results` (docs/product.md §3). */
    cards: () => http.get<CardList>(`${paymentApi}/cards`).then((answer) => answer.results),
    /** POST cards: the processor sends a code to the card's phone. */
    addCard: (body: NewCardRequest) => http.post<NewCardAnswer>(`${paymentApi}/cards`, body),
    verifyCard: (body: VerifyCardRequest) => http.post<SavedCard>(`${paymentApi}/cards/verify`, body),
    makeDefault: (id: string) => http.post<unknown>(`${paymentApi}/cards/default`, { id } satisfies DefaultCardRequest),
    deleteCard: (id: string) => http.delete<unknown>(`${paymentApi}/cards?id=${encodeURIComponent(id)}`),
    receipts: (page: number, pageSize: number) =>
      http.get<ReceiptPage>(`${paymentApi}/receipts/`, {
        params: { page: String(page), page_size: String(pageSize) },
      }),
    receipt: (id: string) => http.get<ReceiptView>(`${paymentApi}/receipts/${encodeURIComponent(id)}/`),
    /** The same `Idempotency-Key` on a retry: the server charges at most once per key. */
    pay: (id: string, cardId: string, idempotencyKey: string) =>
      http.post<ReceiptView>(
        `${paymentApi}/receipts/${encodeURIComponent(id)}/pay`,
        { card_id: cardId } satisfies PayReceiptRequest,
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
  };
}

export type PaymentsApi = ReturnType<typeof paymentsApi>;
