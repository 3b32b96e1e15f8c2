import { ApiError } from '../../lib/api-error.js';
import type { OAuthClient, Storage } from '../../storage/storage.js';

/**
 * The caller's own app, or 404 app_not_found whether it belongs to someone else or to nobody: the
 * answer never tells which client ids exist.
 */
export async function ownedApp(storage: Storage, ownerId: string, clientId: string): Promise<OAuthClient> {
  const client = await storage.clients.find(clientId);
  if (!client || client.ownerId !== ownerId) throw new ApiError(404, [{ error: 'app_not_found' }]);
  return client;
}
