/**
 * The operator's side of Hissa (docs/api.md, The operator API), under /common/api/v1/operator behind
 * requireOperator (app.ts): a mahalla's new project, and an update posted to one.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import {
  HISSA_CONTRIBUTION_MAX_TIYIN,
  HISSA_TEXT_MAX_LENGTH,
  HISSA_TITLE_MAX_LENGTH,
  HISSA_UPDATE_MAX_LENGTH,
  type HissaNewProjectRequest,
  type HissaNewUpdateRequest,
} from '../../contract/hissa.js';
import { badRequest } from '../../lib/api-error.js';
import { orderedId } from '../../lib/ordered-id.js';
import { readJsonBody, requestSchema, text, v } from '../../lib/validation.js';
import { regionHasDistrict } from '../../services/regions.js';
import { projectNotFound, projectView, updateView } from './hissa-views.js';

const trimmed = (max: number) => v.pipe(text(max), v.trim(), v.minLength(1, 'field_required'));
const tiyin = (min: number) =>
  v.pipe(
    v.number('hissa_goal_invalid'),
    v.integer('hissa_goal_invalid'),
    v.minValue(min, 'hissa_goal_invalid'),
    v.maxValue(HISSA_CONTRIBUTION_MAX_TIYIN * 100, 'hissa_goal_invalid'),
  );

const projectSchema = requestSchema<HissaNewProjectRequest>()(
  v.strictObject({
    title: trimmed(HISSA_TITLE_MAX_LENGTH),
    text: trimmed(HISSA_TEXT_MAX_LENGTH),
    region: text(64),
    district: text(64),
    goal: tiyin(100),
    deadline: v.pipe(text(40), v.isoTimestamp('hissa_deadline_invalid')),
    cover: v.optional(v.pipe(text(255), v.regex(/^[\w./-]+$/, 'invalid_value'))),
    raised_offline: v.optional(tiyin(0)),
    contributors_offline: v.optional(
      v.pipe(
        v.number('invalid_value'),
        v.integer('invalid_value'),
        v.minValue(0, 'invalid_value'),
        v.maxValue(1e6, 'invalid_value'),
      ),
    ),
  }),
);

const updateSchema = requestSchema<HissaNewUpdateRequest>()(v.strictObject({ text: trimmed(HISSA_UPDATE_MAX_LENGTH) }));

export function operatorHissaRoutes({ storage, clock }: Pick<RouteDeps, 'storage' | 'clock'>) {
  const app = new Hono<AppEnv>();

  app.post('/hissa/projects/', async (c) => {
    const body = await readJsonBody(c, projectSchema);
    if (!regionHasDistrict(body.region, body.district)) throw badRequest('hissa_district_unknown', 'district');
    const now = clock.now();
    const deadline = Date.parse(body.deadline);
    if (!(deadline > now)) throw badRequest('hissa_deadline_invalid', 'deadline');
    const project = {
      id: orderedId(now),
      title: body.title,
      text: body.text,
      region: body.region,
      district: body.district,
      goal: body.goal,
      raisedOffline: body.raised_offline ?? 0,
      contributorsOffline: body.contributors_offline ?? 0,
      deadline,
      coverPath: body.cover ?? null,
      status: 'open' as const,
      createdAt: now,
    };
    await storage.hissaProjects.insert(project);
    return c.json(
      projectView({ ...project, raised: project.raisedOffline, contributors: project.contributorsOffline }, now),
      201,
    );
  });

  app.post('/hissa/projects/:id/updates/', async (c) => {
    const body = await readJsonBody(c, updateSchema);
    const project = await storage.hissaProjects.find(c.req.param('id'));
    if (!project) throw projectNotFound();
    const update = { id: orderedId(clock.now()), projectId: project.id, text: body.text, createdAt: clock.now() };
    await storage.hissaUpdates.insert(update);
    return c.json(updateView(update), 201);
  });

  return app;
}
