// The editable text's fields, read by the build and by the editor's forms alike. In .meta(): the editor's label
// (`title`), hint (`description`) and a pattern in words (`rule`).
import { z } from 'astro/zod';

/** In the support page's order. */
export const FAQ_TOPICS = [
  'Getting started',
  'Features and privacy',
  'Orders and shipping',
  'Returns and warranty',
] as const;

const ANCHOR_RULE = 'lowercase letters, digits and hyphens, starting with a letter (e.g. "returns")';
/** The part after `#` in links such as /policy#privacy: other pages (the footer, /links) link to these. */
const anchor = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, `must be ${ANCHOR_RULE}`)
  .meta({
    title: 'Link name',
    rule: ANCHOR_RULE,
    description:
      'The part after # in links to this section, e.g. "returns" for /support#returns. Keep it when renaming.',
  });

const order = z
  .number()
  .int()
  .min(0)
  .meta({ title: 'Position', description: 'Lower numbers come first; each entry its own number.' });

const text = z.string().trim().min(1);

const LINK_RULE = 'a link starting with mailto:, tel: or https://';
/** The store's email or phone (`use`), or a link of its own. */
const channel = z
  .object({
    label: text.meta({ title: 'Label', description: 'e.g. Email' }),
    use: z.enum(['email', 'phone']).optional().meta({
      title: 'The store’s',
      description: 'Shows the email or phone of the store settings (leave the two below empty)',
    }),
    value: text
      .optional()
      .meta({ title: 'Shown as', description: 'e.g. @ourstore (when it is not the store’s email or phone)' }),
    href: z
      .string()
      .regex(/^(mailto:|tel:\+?[0-9]|https:\/\/)/, `must be ${LINK_RULE}`)
      .optional()
      .meta({ title: 'Link', description: 'mailto:…, tel:+1… or https://…', rule: LINK_RULE }),
    note: text.optional().meta({ title: 'Note', description: 'A short line under the link (optional)' }),
  })
  .strict()
  .refine(
    (c) => (c.use ? c.value === undefined && c.href === undefined : c.value !== undefined && c.href !== undefined),
    {
      message:
        'a contact card shows either the store’s email or phone (use) or its own link (value and link), not both',
    },
  );

const title = text.meta({ title: 'Title', description: 'The section heading' });
const summary = text
  .max(200)
  .meta({ title: 'Summary', description: 'One sentence under the heading and on /links (at most 200 characters)' });

export const supportSchema = z
  .object({
    title,
    order,
    anchor,
    summary,
    highlight: z
      .object({
        value: text.max(24).meta({
          title: 'Value',
          description: 'e.g. {returnDays}-day, shown large: keep it short (at most 24 characters)',
        }),
        label: text.max(40).meta({ title: 'Label', description: 'e.g. Returns (at most 40 characters)' }),
      })
      .strict()
      .optional()
      .meta({ title: 'Headline fact', description: 'Shown in the boxes at the top of /support (optional)' }),
    channels: z
      .array(channel)
      .min(1)
      .optional()
      .meta({ title: 'Contact cards', description: 'Ways to reach us, each shown as a card (optional)' }),
    showFaq: z
      .boolean()
      .default(false)
      .meta({ title: 'List the FAQ here', description: 'Shows the questions of the FAQ under this section' }),
  })
  .strict();

const QUESTION_RULE = 'a question ending with "?"';
export const faqSchema = z
  .object({
    question: text
      .max(120)
      .endsWith('?', `must be ${QUESTION_RULE}`)
      .meta({ title: 'Question', description: 'Ends with "?" (at most 120 characters)', rule: QUESTION_RULE }),
    topic: z.enum(FAQ_TOPICS).meta({ title: 'Topic', description: 'The group the question is listed under' }),
    order: order.meta({ title: 'Position', description: 'Within its topic: lower numbers come first.' }),
  })
  .strict();

export const policySchema = z
  .object({
    title,
    order,
    anchor,
    summary,
    updated: z.coerce.date().meta({
      title: 'Last updated',
      description: 'The date of the last change that matters to customers',
    }),
  })
  .strict();

const EMAIL_RULE = 'an email address such as support@example.com';
const PHONE_RULE = 'a phone number in digits, spaces, dashes and brackets, optionally starting with +';
const HTTPS_RULE = 'a link starting with https://';
const IMAGE_RULE = 'a link starting with https:// or a path on the site starting with /';

const DAYS_RULE = 'a number of days, or a range such as 1-2';
// Coerced: YAML reads a plain 2 as a number.
const days = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,3}(-\d{1,3})?$/, `must be ${DAYS_RULE}`);
/** The look the stylesheet is written in. */
export const DEFAULT_BRAND_COLOR = '#0b6358';
const COLOR_RULE = 'a colour as # and six hex digits, such as #0b6358';
const COUNTRY_RULE = 'a country code of two capital letters, such as US';

export const PROMISE_DEFAULTS = {
  returnDays: 30,
  warrantyYears: 1,
  processingDays: '1-2',
  deliveryDays: '5-10',
  supportHours: '24/7',
  country: 'US',
};

/** An amount in dollars and whole cents, e.g. 9.99. */
const dollars = z.number().min(0).max(100_000).multipleOf(0.01);

export const settingsSchema = z
  .object({
    name: text.max(40).meta({
      title: 'Store name',
      description: 'In the header, page titles and link previews (at most 40 characters)',
    }),
    tagline: text
      .max(160)
      .meta({ title: 'Tagline', description: 'One sentence under the name in the footer (at most 160 characters)' }),
    company: text
      .max(80)
      .meta({ title: 'Company', description: 'The seller’s name on invoices and in the footer’s copyright line' }),
    address: text
      .max(160)
      .optional()
      .meta({ title: 'Address', description: 'The seller’s address on invoices, one line (optional)' }),
    email: z
      .string()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, `must be ${EMAIL_RULE}`)
      .meta({
        title: 'Support email',
        description: 'Shown in the footer, on /support and on invoices',
        rule: EMAIL_RULE,
      }),
    phone: z
      .string()
      .regex(/^\+?[0-9][0-9 ()-]{5,}$/, `must be ${PHONE_RULE}`)
      .meta({ title: 'Support phone', description: 'e.g. +1 (415) 555-0142', rule: PHONE_RULE }),
    logo: z
      .string()
      .regex(/^(https:\/\/|\/)/, `must be ${IMAGE_RULE}`)
      .optional()
      .meta({
        title: 'Logo image',
        description:
          'A square picture beside the store name, shown 32 pixels wide: an SVG, or a PNG of 64 × 64 (optional: without one, the built-in mark is shown)',
        rule: IMAGE_RULE,
        widget: 'image',
      }),
    favicon: z
      .string()
      .regex(/^(https:\/\/|\/)/, `must be ${IMAGE_RULE}`)
      .optional()
      .meta({
        title: 'Browser tab icon',
        description:
          'The small picture in the browser tab: an SVG, or a square PNG of 48 × 48 (optional: without one, the built-in mark in the brand colour)',
        rule: IMAGE_RULE,
        widget: 'image',
      }),
    brandColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, `must be ${COLOR_RULE}`)
      .default(DEFAULT_BRAND_COLOR)
      .meta({
        title: 'Brand colour',
        description:
          'Buttons, links and highlights. Kept readable: a colour too light for white text is darkened until it passes',
        rule: COLOR_RULE,
        widget: 'color',
      }),
    social: z
      .array(
        z
          .object({
            label: text.max(30).meta({ title: 'Label', description: 'e.g. Instagram' }),
            url: z
              .string()
              .regex(/^https:\/\//, `must be ${HTTPS_RULE}`)
              .meta({ title: 'Link', description: 'https://…', rule: HTTPS_RULE }),
          })
          .strict(),
      )
      .optional()
      .meta({ title: 'Social links', description: 'Listed in the footer (optional)' }),
    deal: z
      .object({
        show: z.boolean().default(true).meta({ title: 'Show the deal banner', description: 'On the product page' }),
        text: text.max(60).meta({
          title: 'Banner text',
          description: 'Before the countdown, e.g. "Flash deal: up to 20% off ends in"',
        }),
      })
      .strict()
      .meta({ title: 'Deal banner', description: 'The banner with a one-hour countdown above the product page' }),
    promises: z
      .object({
        returnDays: z.number().int().min(1).max(365).meta({
          title: 'Return window (days)',
          description: 'e.g. 30, shown as "30-day returns" under Add to Cart, at checkout and to search engines',
        }),
        warrantyYears: z
          .number()
          .int()
          .min(1)
          .max(10)
          .meta({ title: 'Warranty (years)', description: 'e.g. 1, shown as "1-year warranty"' }),
        processingDays: days.meta({
          title: 'Processing (business days)',
          description: 'Before an order ships, e.g. 1-2',
          rule: DAYS_RULE,
        }),
        deliveryDays: days.meta({
          title: 'Delivery (business days)',
          description: 'Once shipped, e.g. 5-10',
          rule: DAYS_RULE,
        }),
        supportHours: text.max(30).meta({
          title: 'Support hours',
          description: 'As the pages say "Support …", e.g. 24/7 or Mon–Fri 9am–5pm',
        }),
        country: z
          .string()
          .regex(/^[A-Z]{2}$/, `must be ${COUNTRY_RULE}`)
          .meta({
            title: 'Country',
            description: 'Where you ship and take returns, for search engines, e.g. US',
            rule: COUNTRY_RULE,
          }),
      })
      .strict()
      // Older settings files: what the shop has always said.
      .default(PROMISE_DEFAULTS)
      .meta({
        title: 'Promises',
        description: 'Returns, warranty, shipping times and support hours, as every page and search engines state them',
      }),
    pricing: z
      .object({
        freeShippingAbove: dollars.meta({
          title: 'Free shipping above ($)',
          description: 'A cart whose subtotal is above this ships free, e.g. 100',
        }),
        shippingFee: dollars.meta({ title: 'Shipping fee ($)', description: 'Below that amount, e.g. 9.99' }),
        taxPercent: z
          .number()
          .min(0)
          .max(100)
          .multipleOf(0.01)
          .meta({ title: 'Tax (%)', description: 'Of the subtotal, e.g. 8' }),
      })
      .strict()
      .meta({
        title: 'Shipping and tax',
        description: 'The cart, checkout, confirmation, invoice and the free-shipping badge all use these',
      }),
  })
  .strict();

export type StoreSettings = z.output<typeof settingsSchema>;
export type ListedChannel = z.output<typeof channel>;

/** Pictures uploaded in the editor (`folder`), served at `path`. */
export const UPLOADS = { folder: 'src/content/uploads', path: '/uploads' } as const;

export const STORE_SETTINGS = {
  folder: 'src/content/settings',
  file: 'src/content/settings/store.md',
  label: 'Store settings',
  schema: settingsSchema,
} as const;

export const CONTENT_COLLECTIONS = {
  support: {
    folder: 'src/content/support',
    label: 'Support sections',
    singular: 'Support section',
    schema: supportSchema,
  },
  faq: { folder: 'src/content/faq', label: 'FAQ', singular: 'Question', schema: faqSchema },
  policy: { folder: 'src/content/policy', label: 'Policies', singular: 'Policy', schema: policySchema },
} as const;
