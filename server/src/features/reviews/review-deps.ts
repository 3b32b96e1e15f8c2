/** What the reviews routes are built from (docs/api.md, Reviews). */
import type { RouteDeps } from '../../app-env.js';

export type ReviewDeps = Pick<RouteDeps, 'storage' | 'clock' | 'sessions'>;
