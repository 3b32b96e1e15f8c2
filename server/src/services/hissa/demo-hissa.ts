/**
 * Hissa's demo projects (docs/hissa.md, Demo data), seeded with the demo account and, like it, never in
 * production (demo-data.ts): three projects of Tashkent city's Chilanzar district and one of the
 * neighbouring Yakkasaray, with what their mahallas collected in cash and dated updates. The demo account's
 * default address is in Chilanzar (demo-data.ts), so its screen opens on that district's three.
 */
import type { Clock } from '../../lib/clock.js';
import { svgToPng } from '../../lib/images.js';
import { randomId } from '../../lib/secrets.js';
import type { Storage } from '../../storage/storage.js';
import { createPhotoStore } from '../photo-store.js';
import { DEMO_COVERS } from './demo-covers.js';

const DAY = 24 * 60 * 60 * 1000;
const SOM = 100;

const PROJECTS = [
  {
    title: 'Bunyodkor mahallasi: bolalar maydonchasi',
    text: 'Arg‘imchoqlar, tepalik va yumshoq qoplama bilan yangi bolalar maydonchasi. Ishlarni mahalla yoshlari bajaradi.',
    cover: 'playground',
    district: 'chilanzar',
    goal: 60_000_000 * SOM,
    raised: 21_500_000 * SOM,
    contributors: 37,
    days: 45,
    updates: ['Loyiha tasdiqlandi, smeta tayyor.', 'Qoplama uchun materiallar sotib olindi.'],
  },
  {
    title: 'Maktab tomini ta’mirlash',
    text: '112-maktabning sport zali tomi oqmoqda. Hissangiz bilan qishgacha yangi tom yopiladi.',
    cover: 'roof',
    district: 'chilanzar',
    goal: 120_000_000 * SOM,
    raised: 87_000_000 * SOM,
    contributors: 112,
    days: 20,
    updates: ['Usta bilan shartnoma tuzildi.'],
  },
  {
    title: 'Ko‘chaga yoritgichlar',
    text: 'Qatortol ko‘chasiga quyosh panelli 24 ta chiroq: kechasi ham xavfsiz yurish uchun.',
    cover: 'lights',
    district: 'chilanzar',
    goal: 36_000_000 * SOM,
    raised: 4_000_000 * SOM,
    contributors: 9,
    days: 90,
    updates: [],
  },
  {
    title: 'Mahalla guzaridagi choyxona uchun suv quvuri',
    text: 'Eski quvurni almashtirish: guzar, choyxona va 40 xonadon uchun toza suv.',
    cover: 'water',
    district: 'yakkasaray',
    goal: 25_000_000 * SOM,
    raised: 25_000_000 * SOM,
    contributors: 58,
    days: 10,
    updates: ['Mablag‘ to‘liq yig‘ildi, rahmat!'],
  },
] as const;

export async function seedDemoHissa(storage: Storage, clock: Clock): Promise<void> {
  const now = clock.now();
  const photos = createPhotoStore(storage, clock);
  for (const [index, entry] of PROJECTS.entries()) {
    const coverPath = await photos.save(await svgToPng(DEMO_COVERS[entry.cover], 1280, 720), 'png');
    const id = randomId();
    const createdAt = now - (30 - index) * DAY;
    await storage.hissaProjects.insert({
      id,
      title: entry.title,
      text: entry.text,
      region: 'tashkent-city',
      district: entry.district,
      goal: entry.goal,
      raisedOffline: entry.raised,
      contributorsOffline: entry.contributors,
      deadline: now + entry.days * DAY,
      coverPath,
      status: 'open',
      createdAt,
    });
    for (const [step, text] of entry.updates.entries()) {
      await storage.hissaUpdates.insert({
        id: randomId(),
        projectId: id,
        text,
        createdAt: createdAt + (step + 1) * 5 * DAY,
      });
    }
  }
}
