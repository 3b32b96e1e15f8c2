/**
 * Hissa's part of the storage interface (issue 42, kysely-hissa-storage.ts, migration 0023, docs/hissa.md):
 * a mahalla's community projects with their updates, and the accounts' contributions, each one payment
 * receipt (payment-storage.ts). What a project has raised is never written by hand: it is what the
 * mahalla collected outside Kirish plus the contributions whose receipt is paid, summed on each read,
 * so a payment reconciled later (or never) counts exactly as its receipt says.
 */
import type { HissaProjectStatus } from '../contract/hissa.js';
import type { StoredReceiptStatus } from './payment-storage.js';

export interface HissaProject {
  id: string;
  title: string;
  text: string;
  region: string;
  district: string;
  goal: number;
  raisedOffline: number;
  contributorsOffline: number;
  deadline: number;
  coverPath: string | null;
  status: HissaProjectStatus;
  createdAt: number;
}

/** A project with its tally: offline plus paid contributions. */
export interface HissaProjectTally extends HissaProject {
  raised: number;
  contributors: number;
}

export interface HissaUpdate {
  id: string;
  projectId: string;
  text: string;
  createdAt: number;
}

export interface HissaContribution {
  id: string;
  projectId: string;
  userId: string;
  amount: number;
  receiptId: string;
  /** The Idempotency-Key it was made with: one contribution per account and key. */
  payKey: string;
  createdAt: number;
}

/** A contribution as its account lists it: with its project's title and its receipt's status. */
export interface HissaContributionEntry extends HissaContribution {
  projectTitle: string;
  receiptStatus: StoredReceiptStatus;
}

export interface HissaStorage {
  hissaProjects: {
    insert(project: HissaProject): Promise<void>;
    find(id: string): Promise<HissaProjectTally | undefined>;
    /**
     * The region's projects, `district`'s first (or only them when `onlyDistrict`), open before closed,
     * then the nearest deadline; and how many there are.
     */
    listNear(
      place: { region: string; district: string | null; onlyDistrict: boolean },
      offset: number,
      limit: number,
    ): Promise<{ count: number; results: HissaProjectTally[] }>;
  };
  hissaUpdates: {
    insert(update: HissaUpdate): Promise<void>;
    /** Newest first. */
    listByProject(projectId: string): Promise<HissaUpdate[]>;
  };
  hissaContributions: {
    /** Inserts it, or answers the account's one made with this key already (`created` false). */
    insertOrFind(contribution: HissaContribution): Promise<{ contribution: HissaContribution; created: boolean }>;
    findByKey(userId: string, payKey: string): Promise<HissaContribution | undefined>;
    /** The account's own, newest first, and how many there are. */
    listByUser(
      userId: string,
      offset: number,
      limit: number,
    ): Promise<{ count: number; results: HissaContributionEntry[] }>;
  };
}
