import { describe, expect, it } from 'vitest';
import { qrModules, readQr } from './qr-code';

/** The modules drawn as RGBA pixels, `scale` pixels a module, with a white quiet zone of four modules. */
function frameOf(modules: boolean[][], scale = 4) {
  const size = (modules.length + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + 4) * scale + dy) * size + (x + 4) * scale + dx) * 4;
          data.fill(0, at, at + 3);
        }
    }),
  );
  return { width: size, height: size, data };
}

describe('the QR wrapper', () => {
  it('gives the symbol’s modules inside their quiet zone of four, which the decoder reads back', async () => {
    const text = 'https://kirish.test/personal/qr-scanner#Abc_def-0123456789xyzW';
    const modules = await qrModules(text);
    // A symbol is 17 + 4 × version modules a side, inside four light modules each way (ISO/IEC 18004
    // §6.3.8); its finder pattern's dark corner at (4, 4).
    expect((modules.length - 8 - 17) % 4).toBe(0);
    expect(modules.every((row) => row.length === modules.length)).toBe(true);
    expect(
      modules
        .slice(0, 4)
        .flat()
        .every((dark) => !dark),
    ).toBe(true);
    expect(modules[4]?.slice(0, 11)).toEqual([false, false, false, false, true, true, true, true, true, true, true]);
    expect(await readQr(frameOf(modules))).toBe(text);
  });

  it('finds nothing in a blank frame', async () => {
    expect(await readQr({ width: 40, height: 40, data: new Uint8ClampedArray(40 * 40 * 4).fill(255) })).toBeUndefined();
  });
});
