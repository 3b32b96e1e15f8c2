/**
 * The projects near the account (docs/hissa.md, The screen): a page of a place's projects and the
 * regions for the place chooser. The place comes from the address (hissa-address.ts); without one the
 * server answers for the default address, and with no address at all `region: null` and nothing, so
 * the screen opens on the chooser. An unknown region or district (a hand-written address) is said
 * beside its select.
 */
import { computed, signal } from '@preact/signals-react';
import type { ErrorKey } from '../../../../server/src/contract/error-keys.js';
import type { ShowError } from '../../../lib/form';
import { createScreenLoad } from '../../../lib/screen-load';
import type { HissaApi, HissaPlace, HissaProjectPage, Region } from '../api/hissa-api';

export const PROJECTS_PAGE_SIZE = 10;

const EMPTY: HissaProjectPage = { region: null, district: null, count: 0, next: null, previous: null, results: [] };

export function createProjectsModel(deps: { api: HissaApi; showError: ShowError }) {
  const data = signal<HissaProjectPage>(EMPTY);
  const regions = signal<Region[]>([]);
  /** The server's word on the asked place, for the select it names. */
  const placeError = signal<{ field: 'region' | 'district'; key: ErrorKey } | null>(null);
  const pages = computed(() => Math.max(1, Math.ceil(data.value.count / PROJECTS_PAGE_SIZE)));
  let query: { place: HissaPlace; page: number } = { place: { region: null, district: null }, page: 1 };
  // Only the answer to the latest request is shown, however the answers arrive.
  let latest = 0;
  let regionsLoaded = false;

  async function projects(ticket: number): Promise<void> {
    try {
      const answer = await deps.api.projects(query.place, query.page, PROJECTS_PAGE_SIZE);
      if (ticket === latest) data.value = answer;
    } catch (error) {
      if ((error as { status?: number } | null)?.status !== 400) throw error;
      // Said once: beside the select it names, or in a toast.
      const shown = deps.showError(error);
      if (ticket !== latest) return;
      data.value = EMPTY;
      const field = shown?.field === 'district' ? 'district' : 'region';
      placeError.value = shown ? { field, key: shown.key } : null;
    }
  }

  const screen = createScreenLoad(deps.showError, async () => {
    const ticket = ++latest;
    placeError.value = null;
    const chooser = regionsLoaded ? null : deps.api.regions();
    // Asked alongside; awaited below, so a failure of the projects' call leaves no stray rejection.
    chooser?.catch(() => undefined);
    await projects(ticket);
    if (chooser) {
      regions.value = await chooser;
      regionsLoaded = true;
    }
  });

  function load(place: HissaPlace, page: number): Promise<void> {
    query = { place, page };
    screen.state.value = 'loading';
    return screen.load();
  }

  return { state: screen.state, data, regions, placeError, pages, load, retry: () => load(query.place, query.page) };
}

export type ProjectsModel = ReturnType<typeof createProjectsModel>;
