/**
 * Hissa (issue 42, docs/hissa.md, docs/api.md, Hissa): the bodies of `/hissa/api/v1/…`, the community
 * projects of a mahalla and the account's contributions to them. Amounts are integers in tiyin
 * (1 so'm = 100 tiyin), as payments' (contract/payments.ts). Pure and dependency-free (the browser
 * imports this file).
 */

export const HISSA_PROJECT_STATUSES = ['open', 'closed'] as const;
export type HissaProjectStatus = (typeof HISSA_PROJECT_STATUSES)[number];

export const HISSA_TITLE_MAX_LENGTH = 120;
export const HISSA_TEXT_MAX_LENGTH = 5000;
export const HISSA_UPDATE_MAX_LENGTH = 2000;
export const HISSA_MAX_PAGE_SIZE = 50;
/** The smallest contribution: 1 000 so'm, in tiyin. */
export const HISSA_CONTRIBUTION_MIN_TIYIN = 100_000;
/** The largest one: 100 000 000 so'm, in tiyin. */
export const HISSA_CONTRIBUTION_MAX_TIYIN = 10_000_000_000;
/** The amounts the screen offers with one tap (so'm × 100). */
export const HISSA_PRESETS_TIYIN = [1_000_000, 5_000_000, 10_000_000, 50_000_000] as const;

export interface HissaProjectView {
  id: string;
  title: string;
  text: string;
  region: string;
  district: string;
  /** Tiyin. */
  goal: number;
  /** Tiyin: what the mahalla collected outside Kirish plus the paid contributions. */
  raised: number;
  contributors: number;
  deadline: string;
  /** The cover picture's path under the CDN (as reviews' logos, docs/hissa.md), or null. */
  cover: string | null;
  status: HissaProjectStatus;
  /** Open and before its deadline: contributions are taken. */
  accepting: boolean;
  created_at: string;
}

export interface HissaUpdateView {
  id: string;
  text: string;
  created_at: string;
}

export interface HissaProjectDetail extends HissaProjectView {
  updates: HissaUpdateView[];
}

export interface HissaProjectPage {
  /** The place the list is for: the query's, else the default address's; null when neither names one. */
  region: string | null;
  district: string | null;
  count: number;
  next: string | null;
  previous: string | null;
  results: HissaProjectView[];
}

/** POST /projects/{id}/contribute with an Idempotency-Key. */
export interface HissaContributeRequest {
  amount: number;
  card_id: string;
}

export interface HissaContributionView {
  id: string;
  project: { id: string; title: string };
  amount: number;
  /** The receipt's id: its page to read is `/pay?id={id}` (`/pay?receipt=` is a bill to pay). */
  receipt: string;
  status: 'pending' | 'paid' | 'cancelled' | 'failed';
  created_at: string;
}

export interface HissaContributionPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: HissaContributionView[];
}

/** The operator's new project (POST /common/api/v1/operator/hissa/projects). */
export interface HissaNewProjectRequest {
  title: string;
  text: string;
  region: string;
  district: string;
  goal: number;
  deadline: string;
  cover?: string;
  raised_offline?: number;
  contributors_offline?: number;
}

export interface HissaNewUpdateRequest {
  text: string;
}

/** The client id Hissa's payment receipts carry (they are Kirish's own, not a partner's). */
export const HISSA_RECEIPT_CLIENT = 'kirish-hissa';
