/**
 * The query of a paged list (`?page=&page_size=`, docs/api.md, Conventions): both whole numbers sent as
 * text, `page` from 1, `page_size` up to the list's own limit. One shape for every paged endpoint.
 */
import { v } from './validation.js';

const DEFAULT_PAGE_SIZE = 20;
const LAST_PAGE = 100_000;

/** A whole number from `min` to `max`, sent as text in the query. */
export const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.string('invalid_value'),
    v.regex(/^\d{1,6}$/, 'invalid_value'),
    v.transform(Number),
    v.minValue(min, 'invalid_value'),
    v.maxValue(max, 'invalid_value'),
  );

/** The entries of a paged query's schema; spread into a strict object beside a list's own filters. */
export const pageEntries = (maxPageSize: number) => ({
  page: v.optional(wholeNumber(1, LAST_PAGE), '1'),
  page_size: v.optional(wholeNumber(1, maxPageSize), String(DEFAULT_PAGE_SIZE)),
});

/** The schema of a paged query with nothing else in it. */
export const pageQuery = (maxPageSize: number) => v.strictObject(pageEntries(maxPageSize));
