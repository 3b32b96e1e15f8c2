/** Row shapes of migration 0023's tables (Hissa, issue 42), as Kysely sees them; schema.ts composes them. */

export interface HissaProjectsTable {
  id: string;
  title: string;
  text: string;
  region: string;
  district: string;
  goal: number;
  raised_offline: number;
  contributors_offline: number;
  deadline: number;
  cover_path: string | null;
  status: string;
  created_at: number;
}

export interface HissaUpdatesTable {
  id: string;
  project_id: string;
  text: string;
  created_at: number;
}

export interface HissaContributionsTable {
  id: string;
  project_id: string;
  user_id: string;
  amount: number;
  receipt_id: string;
  pay_key: string;
  created_at: number;
}

export interface HissaTables {
  hissa_projects: HissaProjectsTable;
  hissa_updates: HissaUpdatesTable;
  hissa_contributions: HissaContributionsTable;
}
