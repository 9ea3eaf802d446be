// Settings an editor's text names in braces ("within {returnDays} days"), filled in so the text never contradicts them.
import type { StoreSettings } from '../../lib/content-schema.ts';
import { formatWholeCents } from '../../lib/money.ts';
import { shopRules } from '../../lib/pricing.ts';

type SettingsWords = Readonly<Record<string, string>>;

export function settingsWords(store: StoreSettings): SettingsWords {
  const rules = shopRules(store);
  const { promises } = store;
  return {
    storeName: store.name,
    company: store.company,
    email: store.email,
    phone: store.phone,
    returnDays: String(promises.returnDays),
    warrantyYears: String(promises.warrantyYears),
    processingDays: promises.processingDays,
    deliveryDays: promises.deliveryDays,
    supportHours: promises.supportHours,
    freeShippingAbove: formatWholeCents(rules.freeShippingAbove),
    shippingFee: formatWholeCents(rules.shippingFee),
    taxPercent: `${rules.taxPercent}%`,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// `%7Bname%7D`: as Markdown writes it inside a link.
const NAMED = /\{([a-z][A-Za-z]*)\}|%7B([a-z][A-Za-z]*)%7D/g;

/** A name that is no setting throws: a typo stops the build instead of reaching shoppers. */
export function fillWords(text: string, words: SettingsWords, where: string, html = false): string {
  return text.replace(NAMED, (_, plain?: string, inLink?: string) => {
    const name = (plain ?? inLink) as string;
    const value = Object.hasOwn(words, name) ? words[name] : undefined;
    if (value === undefined)
      throw new Error(
        `${where}: {${name}} names no store setting; use one of ${Object.keys(words)
          .map((w) => `{${w}}`)
          .join(', ')}`,
      );
    if (inLink) return encodeURI(value);
    return html ? escapeHtml(value) : value;
  });
}

export function fillFields<T>(data: T, words: SettingsWords, where: string): T {
  if (typeof data === 'string') return fillWords(data, words, where) as T;
  if (Array.isArray(data)) return data.map((item: unknown) => fillFields(item, words, where)) as T;
  if (data && typeof data === 'object' && !(data instanceof Date))
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, fillFields(value, words, where)])) as T;
  return data;
}
