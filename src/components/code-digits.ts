/**
 * What a segmented code field holds after a box changes: the code as one string of `length`
 * positions (a space for an empty box, trailing spaces dropped), and the box the focus goes to.
 * Pure, so the typing, pasting and autofill rules are tested without a page.
 */

export interface CodeEdit {
  value: string;
  /** The box to focus next. */
  focus: number;
}

function boxes(value: string, length: number): string[] {
  return Array.from({ length }, (_, index) => (/\d/.test(value[index] ?? '') ? (value[index] as string) : ' '));
}

const joined = (cells: string[]) => cells.join('').trimEnd();

/**
 * Box `index` now reads `typed`. One new digit fills the box and moves on; a digit typed over the
 * box's old one replaces it; several digits are a paste or the browser's autofill from the SMS
 * (autocomplete="one-time-code"): a whole code fills every box from the first, a part fills from this
 * box on. Nothing but digits is kept; an emptied box stays empty and the others keep their places.
 */
export function enterDigits(value: string, index: number, typed: string, length: number): CodeEdit {
  const cells = boxes(value, length);
  const old = cells[index] ?? ' ';
  let digits = typed.replace(/\D/g, '');
  if (digits.length === 2 && old !== ' ' && digits.includes(old)) {
    // The box held a digit and the caret was before or after it: the new one is the other.
    digits = digits[0] === old ? digits.slice(1) : digits.slice(0, 1);
  }
  if (digits.length === 0) {
    cells[index] = ' ';
    return { value: joined(cells), focus: index };
  }
  const start = digits.length >= length ? 0 : index;
  const placed = digits.slice(0, length - start);
  for (let offset = 0; offset < placed.length; offset += 1) cells[start + offset] = placed[offset] as string;
  return { value: joined(cells), focus: Math.min(start + placed.length, length - 1) };
}

/** Backspace in an empty box empties the one before and goes there; in a full box the browser empties it. */
export function eraseBefore(value: string, index: number, length: number): CodeEdit | null {
  const cells = boxes(value, length);
  if (cells[index] !== ' ' || index === 0) return null;
  cells[index - 1] = ' ';
  return { value: joined(cells), focus: index - 1 };
}

/** The one submit rule of every code field: the change that fills the last empty box sends it. */
export function completes(before: string, after: string, length: number): boolean {
  const full = new RegExp(`^\\d{${length}}$`);
  return full.test(after) && after !== before;
}
