import { act, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../lib/i18n';
import { ServicesContext, type Services } from '../lib/services';
import { useReactRoot } from '../lib/testing/react-root';
import { completes, enterDigits, eraseBefore } from './code-digits';
import { CodeInput } from './code-input';

describe('what the boxes hold after a change', () => {
  it('takes a typed digit and moves on; a digit typed over the old one replaces it', () => {
    expect(enterDigits('', 0, '4', 6)).toEqual({ value: '4', focus: 1 });
    expect(enterDigits('41', 1, '17', 6)).toEqual({ value: '47', focus: 2 });
    expect(enterDigits('41', 1, '71', 6)).toEqual({ value: '47', focus: 2 });
  });

  it('spreads a whole code over every box from the first, wherever it was pasted', () => {
    expect(enterDigits('', 3, '123 456', 6)).toEqual({ value: '123456', focus: 5 });
    expect(enterDigits('9', 2, '12-34', 6)).toEqual({ value: '9 1234', focus: 6 - 1 });
  });

  it('keeps only digits, and an emptied box keeps the others in their places', () => {
    expect(enterDigits('12', 2, 'a', 6)).toEqual({ value: '12', focus: 2 });
    expect(enterDigits('123456', 2, '', 6)).toEqual({ value: '12 456', focus: 2 });
  });

  it('Backspace in an empty box empties the one before', () => {
    expect(eraseBefore('12', 2, 6)).toEqual({ value: '1', focus: 1 });
    expect(eraseBefore('12', 1, 6)).toBeNull();
    expect(eraseBefore('', 0, 6)).toBeNull();
  });

  it('is complete when the last digit arrives, not when a full code is left as it was', () => {
    expect(completes('12345', '123456', 6)).toBe(true);
    expect(completes('123456', '123456', 6)).toBe(false);
    expect(completes('12 456', '12 456', 6)).toBe(false);
  });
});

const view = useReactRoot();
let completed: string[];
beforeEach(() => {
  completed = [];
});

function Harness() {
  const [value, setValue] = useState('');
  return (
    <CodeInput
      label="Code"
      value={value}
      onValue={setValue}
      onComplete={() => completed.push('sent')}
      hint="Sent to +998 90 *** ** 67"
    />
  );
}

async function show() {
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={{ i18n } as unknown as Services}>
        <Harness />
      </ServicesContext.Provider>,
    ),
  );
  return [...view.host.querySelectorAll('input')];
}

/** What React hears when a person types into a box: the input's value set, then an input event. */
function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function paste(input: HTMLInputElement, text: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.assign(event, { clipboardData: { getData: () => text } });
  act(() => input.dispatchEvent(event));
}

function key(input: HTMLInputElement, name: string) {
  act(() => input.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true })));
}

describe('the segmented code input', () => {
  it('is one named group of six numeric boxes, each saying which digit it is', async () => {
    const boxes = await show();
    const group = view.host.querySelector('[role="group"]');
    const name = document.getElementById(group?.getAttribute('aria-labelledby') ?? '')?.textContent;
    expect(name).toBe('Code');
    expect(document.getElementById(group?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Sent to +998 90 *** ** 67',
    );
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `Digit ${n} of 6`),
    );
    expect(boxes.every((box) => box.inputMode === 'numeric' && box.autocomplete === 'one-time-code')).toBe(true);
  });

  it('moves on as digits are typed and sends itself once at the last one', async () => {
    const boxes = await show();
    for (const [index, digit] of [...'12345'].entries()) type(boxes[index] as HTMLInputElement, digit);
    expect(document.activeElement).toBe(boxes[5]);
    expect(completed).toEqual([]);
    type(boxes[5] as HTMLInputElement, '6');
    expect(boxes.map((box) => box.value).join('')).toBe('123456');
    expect(completed).toEqual(['sent']);
  });

  it('takes a paste of the whole code into any box and sends it once', async () => {
    const boxes = await show();
    paste(boxes[3] as HTMLInputElement, ' 654 321 ');
    expect(boxes.map((box) => box.value)).toEqual([...'654321']);
    expect(completed).toEqual(['sent']);
  });

  it('goes back with Backspace and moves with the arrow keys', async () => {
    const boxes = await show();
    type(boxes[0] as HTMLInputElement, '1');
    type(boxes[1] as HTMLInputElement, '2');
    key(boxes[2] as HTMLInputElement, 'Backspace');
    expect(boxes.map((box) => box.value).join('')).toBe('1');
    expect(document.activeElement).toBe(boxes[1]);
    key(boxes[1] as HTMLInputElement, 'ArrowLeft');
    expect(document.activeElement).toBe(boxes[0]);
    key(boxes[0] as HTMLInputElement, 'ArrowRight');
    expect(document.activeElement).toBe(boxes[1]);
  });
});
