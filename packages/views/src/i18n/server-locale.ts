/**
 * The user menu's language kept on the server (`/api/v1/me/preferences/`), so the choice follows the user
 * to another browser and /api/v1/me/ answers it on the next boot (the first paint is in that language).
 */
import type { ApiClient } from '@lumen-bi/core';
import { PREFERENCES_PATH } from '../theme/server-theme-mode';

/**
 * Stores the user's language (spec 1 §9 spelling, `pt_BR`).
 *
 * @example
 * await saveServerLocale(client, 'ja');
 */
export async function saveServerLocale(client: ApiClient, locale: string): Promise<void> {
  await client.put(PREFERENCES_PATH, { locale });
}
