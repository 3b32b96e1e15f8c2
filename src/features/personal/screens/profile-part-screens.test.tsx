import { describe, expect, it } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { ALL_PARTS } from '../models/profile-edit-model';
import { PART_PAGES } from './profile-part-screens';

describe('the pages that edit one part of the profile', () => {
  it('are one for each part, at the path Personal’s rows open, each with its heading in the catalogue', () => {
    expect(Object.keys(PART_PAGES).toSorted()).toEqual(['birth-date', 'gender', 'name', 'photo', 'username']);
    expect(
      Object.values(PART_PAGES)
        .map((page) => page.part)
        .toSorted(),
    ).toEqual([...ALL_PARTS].toSorted());
    for (const page of Object.values(PART_PAGES)) expect(Object.hasOwn(en, page.title)).toBe(true);
  });
});
