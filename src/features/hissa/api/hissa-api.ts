import type {
  HissaContributeRequest,
  HissaContributionPage,
  HissaContributionView,
  HissaProjectDetail,
  HissaProjectPage,
  HissaProjectView,
  HissaUpdateView,
} from '../../../../server/src/contract/hissa.js';
import type { CardList, SavedCard } from '../../../../server/src/contract/payments.js';
import type { Region } from '../../../../server/src/contract/regions.js';
import type { Http } from '../../../lib/http';

export type {
  HissaContributionPage,
  HissaContributionView,
  HissaProjectDetail,
  HissaProjectPage,
  HissaProjectView,
  HissaUpdateView,
  Region,
  SavedCard,
};

/** Hissa's base (docs/api.md, Hissa): same origin as the other account APIs. */
export const HISSA_API = '/hissa/api/v1';

/** The place a list of projects is asked for: none is the default address's. */
export interface HissaPlace {
  region: string | null;
  district: string | null;
}

/** What a contribution answers: the contribution and the project with its new tally. */
export interface HissaContributeAnswer {
  contribution: HissaContributionView;
  project: HissaProjectView;
}

/**
 * The calls of /projects/hissa: Hissa's own (docs/api.md, Hissa), the regions of the common API for
 * the place chooser, and the saved cards of the payments API (docs/api.md, Payments) to pay with.
 */
export function hissaApi(http: Http, urls: { commonApi: string; paymentApi: string; hissaApi?: string }) {
  const base = urls.hissaApi ?? HISSA_API;
  const project = (id: string) => `${base}/projects/${encodeURIComponent(id)}/`;
  return {
    projects(place: HissaPlace, page: number, pageSize: number) {
      const params: Record<string, string> = { page: String(page), page_size: String(pageSize) };
      if (place.region) params['region'] = place.region;
      if (place.region && place.district) params['district'] = place.district;
      return http.get<HissaProjectPage>(`${base}/projects/`, { params });
    },
    project: (id: string) => http.get<HissaProjectDetail>(project(id)),
    /** The same `Idempotency-Key` on a retry of one attempt: the server charges at most once per key. */
    contribute: (id: string, amount: number, cardId: string, idempotencyKey: string) =>
      http.post<HissaContributeAnswer>(
        `${project(id)}contribute`,
        { amount, card_id: cardId } satisfies HissaContributeRequest,
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    contributions: (page: number, pageSize: number) =>
      http.get<HissaContributionPage>(`${base}/contributions/`, {
        params: { page: String(page), page_size: String(pageSize) },
      }),
    regions: () => http.get<Region[]>(`${urls.commonApi}/regions/`),
    cards: () => http.get<CardList>(`${urls.paymentApi}/cards`).then((answer) => answer.results),
  };
}

export type HissaApi = ReturnType<typeof hissaApi>;
