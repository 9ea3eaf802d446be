// How shoppers reach the store, from the settings' one email and phone.
import type { ListedChannel, StoreSettings } from '../../lib/content-schema.ts';

export interface ContactCard {
  label: string;
  value: string;
  href: string;
  note?: string | undefined;
}

/** A phone link: the digits of the number, with its leading + ('+1 (415) 555-0142' is tel:+14155550142). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function contactCards(
  channels: readonly ListedChannel[],
  settings: Pick<StoreSettings, 'email' | 'phone'>,
): ContactCard[] {
  return channels.map(({ label, use, value, href, note }) => {
    const card =
      use === 'email'
        ? { value: settings.email, href: `mailto:${settings.email}` }
        : use === 'phone'
          ? { value: settings.phone, href: telHref(settings.phone) }
          : { value: value ?? '', href: href ?? '' };
    return { label, ...card, ...(note ? { note } : {}) };
  });
}

export function sellerLines(settings: Pick<StoreSettings, 'company' | 'address' | 'email' | 'phone'>): string[] {
  return [
    settings.company,
    ...(settings.address ? [settings.address] : []),
    `Email: ${settings.email}`,
    `Phone: ${settings.phone}`,
  ];
}
