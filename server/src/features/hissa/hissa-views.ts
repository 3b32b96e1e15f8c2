/** Hissa's presenters (docs/api.md, Hissa): a project with its tally, and a contribution with its receipt. */
import { ApiError } from '../../lib/api-error.js';
import type { HissaContributionView, HissaProjectView, HissaUpdateView } from '../../contract/hissa.js';
import type { HissaContributionEntry, HissaProjectTally, HissaUpdate } from '../../storage/storage.js';

const iso = (ms: number) => new Date(ms).toISOString();

export function projectView(project: HissaProjectTally, now: number): HissaProjectView {
  return {
    id: project.id,
    title: project.title,
    text: project.text,
    region: project.region,
    district: project.district,
    goal: project.goal,
    raised: project.raised,
    contributors: project.contributors,
    deadline: iso(project.deadline),
    cover: project.coverPath,
    status: project.status,
    accepting: project.status === 'open' && now < project.deadline,
    created_at: iso(project.createdAt),
  };
}

export const updateView = (update: HissaUpdate): HissaUpdateView => ({
  id: update.id,
  text: update.text,
  created_at: iso(update.createdAt),
});

export const contributionView = (entry: HissaContributionEntry): HissaContributionView => ({
  id: entry.id,
  project: { id: entry.projectId, title: entry.projectTitle },
  amount: entry.amount,
  receipt: entry.receiptId,
  status: entry.receiptStatus === 'paying' ? 'pending' : entry.receiptStatus,
  created_at: iso(entry.createdAt),
});

export const projectNotFound = () => new ApiError(404, [{ error: 'hissa_project_not_found' }]);
