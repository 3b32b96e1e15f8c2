/** A password check the test decides: `decided` resolves with what the test passes to `open`. */
export function gate(): { decided: Promise<boolean>; open: (ok: boolean) => void } {
  const gated = {} as { decided: Promise<boolean>; open: (ok: boolean) => void };
  gated.decided = new Promise<boolean>((resolve) => (gated.open = resolve));
  return gated;
}
