/** The operator's Hissa (docs/api.md, The operator API): a new project and an update, each field checked. */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/test-server.js';
import { asOperator, OPERATOR_TOKEN } from '../../test-support/reviews.js';

const server = useTestServer({ env: { ADMIN_TOKEN: OPERATOR_TOKEN } });
const OPERATOR = '/common/api/v1/operator/hissa';
const errors = (json: unknown) => (json as { errors: unknown[] }).errors;
const DAY = 86_400_000;

const fields = () => ({
  title: 'A playground for Bunyodkor',
  text: 'Swings and a slide for the children of the mahalla.',
  region: 'tashkent-city',
  district: 'chilanzar',
  goal: 3_000_000_000,
  deadline: new Date(server.clock.now() + 60 * DAY).toISOString(),
  raised_offline: 50_000_000,
  contributors_offline: 2,
});

describe('the operator’s Hissa', () => {
  it('adds a project and posts an update that the account sees', async () => {
    const added = await server.post(`${OPERATOR}/projects/`, fields(), asOperator);
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ title: 'A playground for Bunyodkor', raised: 50_000_000, contributors: 2 });
    const id = added.json.id as string;
    const posted = await server.post(`${OPERATOR}/projects/${id}/updates/`, { text: 'The slide arrived.' }, asOperator);
    expect(posted.status).toBe(201);
    const { access } = await server.registerByPhone('+998901112202');
    const seen = await server.call('GET', `/hissa/api/v1/projects/${id}/`, { token: access });
    expect(seen.json).toMatchObject({ id, updates: [{ text: 'The slide arrived.' }] });
    const none = await server.post(`${OPERATOR}/projects/nope/updates/`, { text: 'x' }, asOperator);
    expect(errors(none.json)).toEqual([{ error: 'hissa_project_not_found' }]);
  });

  it('refuses each bad field with its key, and everyone but the operator', async () => {
    const cases: [Record<string, unknown>, unknown][] = [
      [{ district: 'andijan-city' }, { error: 'hissa_district_unknown', field: 'district' }],
      [{ goal: 0 }, { error: 'hissa_goal_invalid', field: 'goal' }],
      [{ deadline: 'soon' }, { error: 'hissa_deadline_invalid', field: 'deadline' }],
      [
        { deadline: new Date(server.clock.now() - DAY).toISOString() },
        { error: 'hissa_deadline_invalid', field: 'deadline' },
      ],
      [{ title: '  ' }, { error: 'field_required', field: 'title' }],
    ];
    for (const [change, error] of cases) {
      const refused = await server.post(`${OPERATOR}/projects/`, { ...fields(), ...change }, asOperator);
      expect([refused.status, errors(refused.json)]).toEqual([400, [error]]);
    }
    expect((await server.post(`${OPERATOR}/projects/`, fields())).status).toBe(404);
  });
});
