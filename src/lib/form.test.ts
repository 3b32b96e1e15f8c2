import { describe, expect, it } from 'vitest';
import type { ErrorKey } from '../../server/src/contract/error-keys.js';
import { createForm, type ShowError } from './form';

const toasts: unknown[] = [];
const ignore = () => {};
/** Says a field error for an error carrying `field`, and "toasts" anything else. */
const showError: ShowError = (error, inline) => {
  const { key, field } = error as { key: ErrorKey; field?: string };
  const target = field ?? inline?.(key);
  if (target) return { key, field: target };
  toasts.push(key);
  return null;
};

describe('a form and its fields', () => {
  it('holds each field’s value, and marks it touched only when the person changes it', () => {
    const form = createForm(showError);
    const name = form.field('name', 'Aziz');
    expect(name.value).toBe('Aziz');
    expect(name.touched.value).toBe(false);

    name.value = 'Aziza';
    expect(name.touched.value).toBe(false);
    name.set('Azizbek');
    expect(name.value).toBe('Azizbek');
    expect(name.touched.value).toBe(true);
  });

  it('shows the form’s error for the field by its name, and clears it when the person changes the field', () => {
    const form = createForm(showError);
    const email = form.field('email', '');
    const phone = form.field('phone', '');
    form.setError('email', 'invalid_email');
    expect(email.error.value).toBe('invalid_email');
    expect(phone.error.value).toBeUndefined();

    email.set('a@b.uz');
    expect(email.error.value).toBeUndefined();
    expect(form.errors.value).toEqual({});
  });

  it('puts a failed call’s field error on its field, and is busy only while the call runs', async () => {
    const form = createForm(showError);
    const code = form.field('code', '123456');
    let busyDuring = false;
    const answer = await form.attempt(async () => {
      busyDuring = form.busy.value;
      throw { key: 'wrong_code', field: 'code' };
    });
    expect(answer).toBeUndefined();
    expect(busyDuring).toBe(true);
    expect(form.busy.value).toBe(false);
    expect(code.error.value).toBe('wrong_code');
  });

  it('runs one call at a time: a second submit while the first runs does nothing', async () => {
    const form = createForm(showError);
    let release: (value: string) => void = ignore;
    const first = form.attempt(
      () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
    );
    const second = await form.attempt(async () => 'second');
    release('first');
    expect(second).toBeUndefined();
    await expect(first).resolves.toBe('first');
  });
});
