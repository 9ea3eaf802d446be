// The store's shipping and tax settings as the demo backend charges them: read from the same settings entry the
// pages are built from, so that an editor's change moves the price shown and the charge together.
import type { DemoPricing } from '@haven/commerce-client/mock';
import { readSettingsFile, settingsSchema, STORE_SETTINGS } from '../../src/build/index.ts';

/** The settings of `contentRoot`, or why they cannot be read (the build then fails, saying so). */
export async function storePricing(contentRoot: string): Promise<DemoPricing | string> {
  const file = await readSettingsFile(contentRoot);
  if ('error' in file) return file.error;
  const parsed = settingsSchema.shape.pricing.safeParse((file.data as { pricing?: unknown } | undefined)?.pricing);
  return parsed.success
    ? parsed.data
    : `${STORE_SETTINGS.file}: pricing ${parsed.error.issues[0]?.message ?? 'is invalid'}`;
}
