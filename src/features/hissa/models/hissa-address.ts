/**
 * The views of /projects/hissa live in the address, so a view can be linked, reloaded and reached again
 * with Back (docs/hissa.md, The screen): the projects of a place (`?region=&district=&page=`; none is the
 * default address's), one project (`?id=`, as /pay?id= reads one receipt, so the route table stays),
 * and my contributions (`?mine=1&page=`).
 */
import type { HissaPlace } from '../api/hissa-api';

export const HISSA_PATH = '/projects/hissa';

export type HissaView =
  | { kind: 'projects'; place: HissaPlace; page: number }
  | { kind: 'project'; id: string }
  | { kind: 'mine'; page: number };

/** Region and district ids are slugs (contract/regions.ts); anything else is left out. */
const slug = (value: string | null): string | null => (value && /^[a-z0-9-]{1,64}$/.test(value) ? value : null);
/** Project ids as the server makes them; anything else is left out. */
const projectId = (value: string | null): string | null =>
  value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;

function pageOf(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}

export function hissaView(search: string): HissaView {
  const params = new URLSearchParams(search);
  const id = projectId(params.get('id'));
  if (id) return { kind: 'project', id };
  if (params.get('mine') === '1') return { kind: 'mine', page: pageOf(params) };
  const region = slug(params.get('region'));
  return {
    kind: 'projects',
    place: { region, district: region ? slug(params.get('district')) : null },
    page: pageOf(params),
  };
}

function address(entries: [string, string | null][]): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries) if (value) params.set(name, value);
  const text = params.toString();
  return `${HISSA_PATH}${text ? `?${text}` : ''}`;
}

/** The projects of a place; page 1 and the default place are left out. */
export const projectsAddress = (place: HissaPlace, page = 1) =>
  address([
    ['region', place.region],
    ['district', place.region ? place.district : null],
    ['page', page > 1 ? String(page) : null],
  ]);

export const projectAddress = (id: string) => address([['id', id]]);

export const mineAddress = (page = 1) =>
  address([
    ['mine', '1'],
    ['page', page > 1 ? String(page) : null],
  ]);

/** A payment receipt's page on /pay (payments' pay-screen.tsx reads `?id=`). */
export const receiptAddress = (id: string) => `/pay?id=${encodeURIComponent(id)}`;
