/** Reviews test helpers (features/reviews/*.test.ts): a company and reviews written straight into storage, as the reviews site would. */
import type { Review } from '../storage/storage.js';
import type { TestServer } from './test-server.js';

export const REVIEWS = '/reviews/api/v1';
export const OPERATOR_TOKEN = 'operator-token-of-at-least-thirty-two-characters';
export const asOperator = { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } };
/** The start of a PDF (ISO 32000-1 §7.5.2): what the proof's content check looks for. */
export const PDF = new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), 1, 2, 3]);

export async function companyOf(server: TestServer, id = 'k1', taxpayerNumber = '301234567') {
  const { company } = await server.storage.companies.insertOrFind({
    id,
    name: 'Rayhon',
    slug: `rayhon-${id}`,
    category: 'restaurant',
    logoPath: 'companies/rayhon.png',
    taxpayerNumber,
    createdAt: server.clock.now(),
  });
  return company;
}

export async function reviewOf(server: TestServer, id: string, userId: string, overrides: Partial<Review> = {}) {
  const review: Review = {
    id,
    companyId: 'k1',
    userId,
    ratingHalves: 9,
    text: 'The plov was excellent and the staff kind.',
    attachments: ['reviews/plov.jpg', 'reviews/hall.mp4'],
    status: 'published',
    reason: null,
    createdAt: server.clock.now(),
    editedAt: null,
    ...overrides,
  };
  await server.storage.reviews.insert(review);
  return review;
}

export async function claimAs(
  server: TestServer,
  token: string,
  fields: Record<string, string> = { name: 'Rayhon', taxpayer_number: '301 234 567' },
  proof: Uint8Array | null = PDF,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (proof) body.append('proof', new Blob([proof]), 'guvohnoma.pdf');
  const response = await server.app.request(`${REVIEWS}/companies/claims/`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** An account and its id. */
export async function accountOf(server: TestServer, phone: string) {
  const { access, user_uuid: id } = await server.registerByPhone(phone);
  return { token: access, id };
}
