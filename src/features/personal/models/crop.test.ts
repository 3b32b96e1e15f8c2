import { describe, expect, it } from 'vitest';
import { CROP_MAX_ZOOM, cropSource, initialCrop, moveCrop, zoomCrop } from './crop';

describe('the square crop of a photo', () => {
  it('starts centred, the shorter side filling the frame, and uploads the middle square', () => {
    const crop = initialCrop(1200, 800, 200);
    expect(crop).toMatchObject({ zoom: 1, x: -50, y: 0 });
    expect(cropSource(crop)).toEqual({ sx: 200, sy: 0, size: 800, output: 800 });
  });

  it('moves with a drag but never uncovers the frame', () => {
    const crop = initialCrop(1200, 800, 200);
    expect(moveCrop(crop, 30, 0)).toMatchObject({ x: -20, y: 0 });
    expect(moveCrop(crop, 500, 500)).toMatchObject({ x: 0, y: 0 });
    expect(moveCrop(crop, -500, -500)).toMatchObject({ x: -100, y: 0 });
    expect(cropSource(moveCrop(crop, -500, 0)).sx).toBe(400);
  });

  it('zooms about the centre, between 1× and the most, and uploads at most 1024 px', () => {
    const crop = initialCrop(4000, 3000, 300);
    const zoomed = zoomCrop(crop, 2);
    const source = cropSource(zoomed);
    expect(source.size).toBe(1500);
    // The centre of the image stays the centre of the frame.
    expect(source.sx + source.size / 2).toBeCloseTo(2000);
    expect(source.sy + source.size / 2).toBeCloseTo(1500);
    expect(source.output).toBe(1024);
    expect(zoomCrop(crop, 10).zoom).toBe(CROP_MAX_ZOOM);
    expect(zoomCrop(zoomed, 0.5)).toMatchObject({ zoom: 1 });
    // Zoomed out again after a drag to the edge, the image still covers the frame.
    const back = zoomCrop(moveCrop(zoomed, 5000, 5000), 1);
    expect(back.x).toBeLessThanOrEqual(0);
    expect(back.x).toBeGreaterThanOrEqual(300 - 4000 * (300 / 3000));
  });

  it('keeps a small photo at its own size', () => {
    expect(cropSource(initialCrop(120, 90, 280)).output).toBe(90);
  });
});
