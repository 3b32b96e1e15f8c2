import { describe, expect, it, vi } from 'vitest';
import type { ShowError } from '../../../lib/form';
import type {
  HissaApi,
  HissaContributionView,
  HissaProjectDetail,
  HissaProjectView,
  SavedCard,
} from '../api/hissa-api';
import { hissaView, mineAddress, projectAddress, projectsAddress, receiptAddress } from './hissa-address';
import { amountAllowed, daysLeft, parseSom, raisedShare, somNumber } from './hissa-money';
import { createContributionsModel } from './contributions-model';
import { createProjectModel } from './project-model';
import { createProjectsModel } from './projects-model';

const projectView = (overrides: Partial<HissaProjectView> = {}): HissaProjectView => ({
  id: 'p1',
  title: 'Bolalar maydonchasi',
  text: 'Yangi maydoncha.',
  region: 'tashkent-city',
  district: 'chilanzar',
  goal: 6_000_000_000,
  raised: 2_150_000_000,
  contributors: 37,
  deadline: '2026-12-31T00:00:00Z',
  cover: null,
  status: 'open',
  accepting: true,
  created_at: '2026-11-01T00:00:00Z',
  ...overrides,
});
const detail = (overrides: Partial<HissaProjectView> = {}): HissaProjectDetail => ({
  ...projectView(overrides),
  updates: [{ id: 'u1', text: 'Smeta tayyor.', created_at: '2026-11-05T00:00:00Z' }],
});
const card = (id: string, isDefault = false): SavedCard => ({
  id,
  brand: 'uzcard',
  masked_number: `860049******${id.padStart(4, '0')}`,
  expire: '03/99',
  is_default: isDefault,
  created_at: '2026-11-01T00:00:00Z',
});
const failure = (status: number, error: string, field?: string) => ({
  status,
  data: { errors: [field ? { error, field } : { error }] },
});

function fakeApi(overrides: Partial<HissaApi> = {}): HissaApi {
  return {
    projects: vi.fn<HissaApi['projects']>(async (place) => ({
      region: place.region ?? 'tashkent-city',
      district: place.district,
      count: 12,
      next: null,
      previous: null,
      results: [projectView()],
    })),
    project: vi.fn<HissaApi['project']>(async () => detail()),
    contribute: vi.fn<HissaApi['contribute']>(async (_id, amount) => ({
      contribution: {
        id: 'c1',
        project: { id: 'p1', title: 'Bolalar maydonchasi' },
        amount,
        receipt: 'r1',
        status: 'paid',
        created_at: '2026-11-28T00:00:00Z',
      },
      project: projectView({ raised: 2_150_000_000 + amount, contributors: 38 }),
    })),
    contributions: vi.fn<HissaApi['contributions']>(async () => ({
      count: 0,
      next: null,
      previous: null,
      results: [],
    })),
    regions: vi.fn<HissaApi['regions']>(async () => []),
    cards: vi.fn<HissaApi['cards']>(async () => [card('1111'), card('6478', true)]),
    ...overrides,
  };
}

/** A showError that answers as show-error.ts does: a field the server named, else the caller's inline field. */
const showErrorLike = vi.fn<ShowError>((error, inline) => {
  const first = (error as { data?: { errors?: { error: string; field?: string }[] } }).data?.errors?.[0];
  if (!first) return null;
  const key = first.error as never;
  if (first.field) return { key, field: first.field };
  const field = inline?.(key);
  return field ? { key, field } : null;
});

describe('the address of Hissa’s views', () => {
  it('reads a project, my contributions, or a place and page; drops what is not an id', () => {
    expect(hissaView('?id=3f2a-1')).toEqual({ kind: 'project', id: '3f2a-1' });
    expect(hissaView('?mine=1&page=2')).toEqual({ kind: 'mine', page: 2 });
    expect(hissaView('?region=tashkent-city&district=chilanzar&page=3')).toEqual({
      kind: 'projects',
      place: { region: 'tashkent-city', district: 'chilanzar' },
      page: 3,
    });
    expect(hissaView('?region=Tash%20kent&district=chilanzar&page=-1')).toEqual({
      kind: 'projects',
      place: { region: null, district: null },
      page: 1,
    });
    expect(hissaView('?id=../x')).toEqual({ kind: 'projects', place: { region: null, district: null }, page: 1 });
  });

  it('writes the views back, leaving out page 1 and the default place', () => {
    expect(projectsAddress({ region: null, district: null })).toBe('/projects/hissa');
    expect(projectsAddress({ region: 'tashkent-city', district: 'chilanzar' }, 2)).toBe(
      '/projects/hissa?region=tashkent-city&district=chilanzar&page=2',
    );
    expect(projectsAddress({ region: null, district: 'chilanzar' })).toBe('/projects/hissa');
    expect(projectAddress('p1')).toBe('/projects/hissa?id=p1');
    expect(mineAddress()).toBe('/projects/hissa?mine=1');
    expect(mineAddress(3)).toBe('/projects/hissa?mine=1&page=3');
    expect(receiptAddress('r 1')).toBe('/pay?id=r%201');
  });
});

describe('Hissa’s amounts', () => {
  it('shows tiyin as so‘m in ru-RU digits and reads typed so‘m as tiyin', () => {
    expect(somNumber(100_000_000)).toBe('1\u00a0000\u00a0000');
    expect(parseSom('50 000')).toBe(5_000_000);
    expect(parseSom('1\u00a0000')).toBe(100_000);
    expect(parseSom('12,5')).toBeNull();
    expect(parseSom('')).toBeNull();
  });

  it('takes 1 000 to 100 000 000 so‘m, no more, no less', () => {
    expect(amountAllowed(100_000)).toBe(true);
    expect(amountAllowed(99_900)).toBe(false);
    expect(amountAllowed(10_000_000_000)).toBe(true);
    expect(amountAllowed(10_000_000_100)).toBe(false);
    expect(amountAllowed(null)).toBe(false);
  });

  it('fills the bar by the share raised, full past the goal, and counts the days left', () => {
    expect(raisedShare(25, 100)).toBe(0.25);
    expect(raisedShare(150, 100)).toBe(1);
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(daysLeft('2026-11-30T00:00:00Z', now)).toBe(2);
    expect(daysLeft('2026-11-28T13:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-27T00:00:00Z', now)).toBe(0);
  });
});

describe('my contributions', () => {
  it('asks for the page and counts the pages', async () => {
    const contributions = vi.fn<HissaApi['contributions']>(async () => ({
      count: 21,
      next: null,
      previous: null,
      results: [],
    }));
    const model = createContributionsModel({
      api: fakeApi({ contributions }),
      showError: vi.fn<ShowError>(() => null),
    });
    await model.load(3);
    expect(contributions).toHaveBeenCalledWith(3, 10);
    expect(model.pages.value).toBe(3);
    expect(model.state.value).toBe('ready');
  });
});

describe('the projects near me', () => {
  it('asks for the place and page, loads the regions once, and counts the pages', async () => {
    const api = fakeApi();
    const model = createProjectsModel({ api, showError: vi.fn<ShowError>(() => null) });
    await model.load({ region: 'tashkent-city', district: 'chilanzar' }, 2);
    await model.load({ region: null, district: null }, 1);
    expect(api.projects).toHaveBeenNthCalledWith(1, { region: 'tashkent-city', district: 'chilanzar' }, 2, 10);
    expect(api.regions).toHaveBeenCalledTimes(1);
    expect(model.state.value).toBe('ready');
    expect(model.pages.value).toBe(2);
  });

  it('says an unknown district beside its select and shows no projects', async () => {
    const projects = vi
      .fn<HissaApi['projects']>()
      .mockRejectedValue(failure(400, 'hissa_district_unknown', 'district'));
    const model = createProjectsModel({ api: fakeApi({ projects }), showError: showErrorLike });
    await model.load({ region: 'tashkent-city', district: 'atlantis' }, 1);
    expect(model.state.value).toBe('ready');
    expect(model.placeError.value).toEqual({ field: 'district', key: 'hissa_district_unknown' });
    expect(model.data.value.region).toBeNull();
  });

  it('fails with a way to try again when the server does not answer', async () => {
    const projects = vi
      .fn<HissaApi['projects']>()
      .mockRejectedValueOnce({ status: 500 })
      .mockResolvedValue({ region: null, district: null, count: 0, next: null, previous: null, results: [] });
    const model = createProjectsModel({ api: fakeApi({ projects }), showError: vi.fn<ShowError>(() => null) });
    await model.load({ region: null, district: null }, 1);
    expect(model.state.value).toBe('failed');
    await model.retry();
    expect(model.state.value).toBe('ready');
  });
});

/** Keys key-1, key-2, … in the order the model makes them. */
function keys(): () => string {
  let n = 0;
  return () => `key-${++n}`;
}

describe('contributing to a project', () => {
  it('pays the chosen amount with the default card and shows the new tally', async () => {
    const api = fakeApi();
    const onContributed = vi.fn<(contribution: HissaContributionView) => void>();
    const model = createProjectModel({ api, showError: showErrorLike, newKey: keys(), onContributed });
    await model.load('p1');
    expect(model.card.value).toBe('6478');
    model.choosePreset(5_000_000);
    expect(await model.contribute()).toBe(true);
    expect(api.contribute).toHaveBeenCalledWith('p1', 5_000_000, '6478', 'key-2');
    expect(model.project.value?.raised).toBe(2_155_000_000);
    expect(model.project.value?.contributors).toBe(38);
    expect(model.project.value?.updates).toHaveLength(1);
    expect(model.done.value?.receipt).toBe('r1');
    expect(onContributed).toHaveBeenCalledOnce();
    // The next one is another attempt.
    expect(model.idempotencyKey()).toBe('key-3');
  });

  it('says an amount out of range beside the field and sends nothing', async () => {
    const api = fakeApi();
    const model = createProjectModel({ api, showError: showErrorLike, newKey: keys() });
    await model.load('p1');
    model.choosePreset(null);
    model.setOther('999');
    expect(await model.contribute()).toBe(false);
    expect(model.amountError.value).toBe('hissa_amount_invalid');
    expect(api.contribute).not.toHaveBeenCalled();
    model.setOther('1 000');
    expect(model.amountError.value).toBeNull();
    expect(model.amount.value).toBe(100_000);
  });

  it('retries a lost answer with the same key, and a refused card gets a new one and its words beside the cards', async () => {
    const contribute = vi
      .fn<HissaApi['contribute']>()
      .mockRejectedValueOnce(failure(502, 'payment_processor_unavailable'))
      .mockRejectedValueOnce(failure(402, 'card_insufficient_funds'));
    const model = createProjectModel({ api: fakeApi({ contribute }), showError: showErrorLike, newKey: keys() });
    await model.load('p1');
    await model.contribute();
    expect(model.formError.value).toBe('payment_processor_unavailable');
    await model.contribute();
    expect(contribute.mock.calls.map((call) => call[3])).toEqual(['key-1', 'key-1']);
    expect(model.cardError.value).toBe('card_insufficient_funds');
    expect(model.idempotencyKey()).toBe('key-2');
    expect(model.project.value?.raised).toBe(2_150_000_000);
  });

  it('keeps the key while a payment is in progress, and takes a new one when the server says it was used for another', async () => {
    const contribute = vi
      .fn<HissaApi['contribute']>()
      .mockRejectedValueOnce(failure(409, 'payment_in_progress'))
      .mockRejectedValueOnce(failure(409, 'hissa_key_reused'));
    const model = createProjectModel({ api: fakeApi({ contribute }), showError: showErrorLike, newKey: keys() });
    await model.load('p1');
    await model.contribute();
    expect(model.formError.value).toBe('payment_in_progress');
    expect(model.idempotencyKey()).toBe('key-1');
    await model.contribute();
    expect(model.formError.value).toBe('hissa_key_reused');
    expect(model.idempotencyKey()).toBe('key-2');
    // Another card is another attempt: its own key, the old words gone.
    model.chooseCard('1111');
    expect(model.idempotencyKey()).toBe('key-3');
    expect(model.formError.value).toBeNull();
  });

  it('reads the project again when it closed meanwhile', async () => {
    const project = vi
      .fn<HissaApi['project']>()
      .mockResolvedValueOnce(detail())
      .mockResolvedValue(detail({ status: 'closed', accepting: false }));
    const contribute = vi.fn<HissaApi['contribute']>().mockRejectedValue(failure(409, 'hissa_project_closed'));
    const model = createProjectModel({ api: fakeApi({ project, contribute }), showError: showErrorLike });
    await model.load('p1');
    expect(await model.contribute()).toBe(false);
    expect(model.project.value?.accepting).toBe(false);
  });

  it('tells a missing project from a failed load', async () => {
    const project = vi.fn<HissaApi['project']>().mockRejectedValue({ status: 404 });
    const model = createProjectModel({ api: fakeApi({ project }), showError: vi.fn<ShowError>(() => null) });
    await model.load('nope');
    expect(model.state.value).toBe('missing');
  });
});
