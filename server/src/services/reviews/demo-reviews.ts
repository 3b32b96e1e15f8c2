/**
 * The demo account's reviews, companies and claims (docs/reviews.md, Demo data), seeded with the demo
 * account and, like it, never in production (demo-data.ts): reviews in each status, one answered with
 * votes, one with a photo, a company it manages with others' reviews, and a claim in moderation, so its
 * achievements show both earned and in-progress ones.
 */
import type { Clock } from '../../lib/clock.js';
import { svgToPng } from '../../lib/images.js';
import { randomId } from '../../lib/secrets.js';
import { NEW_ACCOUNT_PROFILE } from '../../storage/records.js';
import type { Review, ReviewCompany, Storage } from '../../storage/storage.js';
import { createPhotoStore } from '../photo-store.js';

const DAY = 24 * 60 * 60 * 1000;
/** A proof document's bytes: a PDF by its header (ISO 32000-1 §7.5.2), which is all the check reads. */
const DEMO_PROOF = new TextEncoder().encode('%PDF-1.4\n% Kirish demo: guvohnoma\n%%EOF\n');

const COMPANIES = [
  ['Bodomzor kafe', 'cafe', '302114578'],
  ['Samarqand Darvoza', 'shopping_centre', '303228761'],
  ['Yashnobod dorixonasi', 'pharmacy', '304339012'],
  ['Rayhon milliy taomlari', 'restaurant', '305441236'],
  ['Chorsu Optika', 'optics', '306552347'],
] as const;

/**
 * The demo review's photo, drawn here (three somsa on a plate beside a cup of tea) and stored through the
 * photo store like an upload, so the reference CDN serves it in every size (docs/reviews.md, Demo data).
 */
const SOMSA_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">
<rect width="400" height="400" fill="#d9b48f"/><rect y="270" width="400" height="130" fill="#a7744a"/>
<ellipse cx="170" cy="250" rx="150" ry="92" fill="#1f5fa8"/><ellipse cx="170" cy="245" rx="128" ry="76" fill="#f4f1ea"/>
<g fill="#d98a2b" stroke="#b5661a" stroke-width="4" stroke-linejoin="round">
<path d="M70 270 L125 175 L180 270 Z"/><path d="M150 262 L205 160 L262 262 Z"/><path d="M112 300 L170 215 L228 300 Z"/></g>
<g fill="#fff6d8"><circle cx="125" cy="225" r="3"/><circle cx="115" cy="245" r="3"/><circle cx="205" cy="205" r="3"/>
<circle cx="215" cy="230" r="3"/><circle cx="170" cy="262" r="3"/><circle cx="180" cy="280" r="3"/></g>
<ellipse cx="330" cy="200" rx="48" ry="16" fill="#f4f1ea"/><path d="M290 150 h80 l-10 50 h-60 Z" fill="#f4f1ea" stroke="#1f5fa8" stroke-width="6"/>
<ellipse cx="330" cy="152" rx="38" ry="8" fill="#b8651f"/></svg>`;

/** Accounts that wrote reviews of the demo's company and voted: no contact, no password, no sign-in. */
async function neighbours(storage: Storage, at: number): Promise<string[]> {
  const ids: string[] = [];
  for (const [firstName, lastName] of [
    ['Aziz', 'Karimov'],
    ['Malika', 'Usmonova'],
    ['Jasur', 'Toshpulatov'],
  ] as const) {
    const id = randomId();
    await storage.users.insert({
      id,
      phone: null,
      email: null,
      emailVerified: false,
      passwordHash: null,
      firstName,
      lastName,
      isInactivated: false,
      createdAt: at,
      updatedAt: at,
      passwordChangedAt: null,
      ...NEW_ACCOUNT_PROFILE,
    });
    ids.push(id);
  }
  return ids;
}

export async function seedDemoReviews(storage: Storage, clock: Clock, userId: string): Promise<void> {
  const now = clock.now();
  const others = await neighbours(storage, now - 90 * DAY);
  const companies: ReviewCompany[] = [];
  for (const [name, category, taxpayerNumber] of COMPANIES) {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const { company } = await storage.companies.insertOrFind({
      id: randomId(),
      name,
      slug,
      category,
      logoPath: null,
      taxpayerNumber,
      createdAt: now - 120 * DAY,
    });
    companies.push(company);
  }
  const somsa = await createPhotoStore(storage, clock).save(await svgToPng(SOMSA_SVG, 800), 'png');
  const [cafe, mall, pharmacy, managed, optics] = companies as [ReviewCompany, ...ReviewCompany[]] as ReviewCompany[];
  const review = (company: ReviewCompany, author: string, daysAgo: number, fields: Partial<Review>): Review => ({
    id: randomId(),
    companyId: company.id,
    userId: author,
    ratingHalves: 9,
    text: '',
    attachments: [],
    status: 'published',
    reason: null,
    createdAt: now - daysAgo * DAY,
    editedAt: null,
    ...fields,
  });
  const mine = [
    review(cafe!, userId, 60, {
      ratingHalves: 9,
      text: 'Somsa issiq, choy xushbo‘y, xizmat tez. Faqat kechqurun joy topish qiyin.',
      attachments: [somsa],
    }),
    review(mall!, userId, 45, { ratingHalves: 10, text: 'Keng, toza, to‘xtash joyi ko‘p. Bolalar maydonchasi zo‘r.' }),
    review(pharmacy!, userId, 30, {
      ratingHalves: 7,
      text: 'Dorilar bor, lekin navbat uzun edi. Farmatsevt yaxshi maslahat berdi.',
      attachments: ['reviews/demo/dorixona-navbat.mp4'],
    }),
    review(optics!, userId, 3, {
      ratingHalves: 8,
      text: 'Ko‘zoynakni bir kunda tayyorlab berishdi.',
      status: 'in_moderation',
    }),
    review(managed!, userId, 1, {
      ratingHalves: 6,
      text: 'Tahrir qilindi: osh yaxshi, lekin salqin edi.',
      status: 'in_moderation',
      editedAt: now - DAY,
    }),
    review(mall!, userId, 20, {
      ratingHalves: 2,
      text: 'Hammasi yomon!!! Hech qachon bormang!!!',
      status: 'rejected',
      reason: 'The review must describe the visit.',
    }),
  ];
  const ofManaged = [
    review(managed!, others[0]!, 14, { ratingHalves: 10, text: 'Eng mazali osh shu yerda. Xodimlar xushmuomala.' }),
    review(managed!, others[1]!, 9, { ratingHalves: 8, text: 'Manti yaxshi, lekin narxlar biroz qimmat.' }),
    review(managed!, others[2]!, 2, { ratingHalves: 7, text: 'Buyurtma kechikdi, ammo ta’mi yoqdi.' }),
  ];
  for (const entry of [...mine, ...ofManaged]) await storage.reviews.insert(entry);
  const reply = (of: Review, text: string, daysAgo: number) =>
    storage.reviews.reply({
      reviewId: of.id,
      companyId: of.companyId,
      userId: others[2]!,
      text,
      createdAt: now - daysAgo * DAY,
      updatedAt: now - daysAgo * DAY,
    });
  await reply(mine[0]!, 'Rahmat! Kechki payt uchun stol band qilish xizmatini ochdik.', 58);
  for (const [index, voter] of others.entries())
    await storage.reviews.vote(mine[0]!.id, voter, now - (50 - index) * DAY);
  await storage.reviews.vote(mine[1]!.id, others[0]!, now - 40 * DAY);
  await storage.reviews.vote(mine[1]!.id, others[1]!, now - 39 * DAY);
  // The demo account manages Rayhon (approved, one review answered) and waits for Chorsu Optika.
  const claim = (company: ReviewCompany, daysAgo: number) => ({
    id: randomId(),
    companyId: company.id,
    userId,
    status: 'in_moderation' as const,
    reason: null,
    proofName: 'guvohnoma.pdf',
    proofMediaType: 'application/pdf',
    proofSize: DEMO_PROOF.length,
    createdAt: now - daysAgo * DAY,
    decidedAt: null,
  });
  const approved = claim(managed!, 20);
  await storage.claims.insert(approved, DEMO_PROOF);
  await storage.claims.decide(approved.id, { status: 'approved', reason: null }, now - 18 * DAY);
  await storage.claims.insert(claim(optics!, 2), DEMO_PROOF);
  await storage.reviews.reply({
    reviewId: ofManaged[0]!.id,
    companyId: managed!.id,
    userId,
    text: 'Rahmat, yana kutib qolamiz!',
    createdAt: now - 13 * DAY,
    updatedAt: now - 13 * DAY,
  });
}
