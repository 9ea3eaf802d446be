import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../lib/content-schema.ts';
import { fillFields, fillWords, settingsWords } from './words.ts';

const store = settingsSchema.parse({
  name: 'Lumen & Co',
  tagline: 'x',
  company: 'Lumen Optics Ltd',
  email: 'help@lumen.example',
  phone: '+44 113 496 0000',
  deal: { show: false, text: 'x' },
  promises: {
    returnDays: 14,
    warrantyYears: 2,
    processingDays: '2',
    deliveryDays: '3-5',
    supportHours: 'Mon–Fri <9–5>',
    country: 'GB',
  },
  pricing: { freeShippingAbove: 150, shippingFee: 4.5, taxPercent: 20 },
});
const words = settingsWords(store);

describe('fillWords', () => {
  it('writes each named setting in its place, as the pages state it', () => {
    expect(
      fillWords(
        'Return within {returnDays} days; a {warrantyYears}-year warranty; ships in {processingDays}, arrives in {deliveryDays} business days; free over {freeShippingAbove}, else {shippingFee}; tax {taxPercent}; {storeName} ({company}), {email}, {phone}',
        words,
        'test',
      ),
    ).toBe(
      'Return within 14 days; a 2-year warranty; ships in 2, arrives in 3-5 business days; free over $150, else $4.50; tax 20%; Lumen & Co (Lumen Optics Ltd), help@lumen.example, +44 113 496 0000',
    );
  });

  it('escapes what it writes into HTML, and writes a link’s part as a URL', () => {
    expect(fillWords('<p>{supportHours} · {storeName}</p>', words, 'test', true)).toBe(
      '<p>Mon–Fri &#60;9–5&#62; · Lumen &#38; Co</p>',
    );
    // Markdown writes [{email}](mailto:{email}) with the braces of the link encoded.
    expect(fillWords('<a href="mailto:%7Bemail%7D">{email}</a>', words, 'test', true)).toBe(
      '<a href="mailto:help@lumen.example">help@lumen.example</a>',
    );
    expect(fillWords('<a href="https://x.example/?q=%7BstoreName%7D">"{phone}"</a>', words, 'test', true)).toBe(
      '<a href="https://x.example/?q=Lumen%20&%20Co">"+44 113 496 0000"</a>',
    );
    expect(fillWords('<b title="{storeName}">', { storeName: `"Bo's"` }, 'test', true)).toBe(
      '<b title="&#34;Bo&#39;s&#34;">',
    );
  });

  it('stops at a name that is no setting, naming it, the file and the names there are', () => {
    expect(() => fillWords('within {returnDay} days', words, 'src/content/policy/returns.md')).toThrow(
      /src\/content\/policy\/returns\.md: \{returnDay\} names no store setting; use one of .*\{returnDays\}/,
    );
  });

  it('takes no name of an object’s own machinery for a setting', () => {
    expect(() => fillWords('{constructor} {toString}', words, 'test')).toThrow(
      /\{constructor\} names no store setting/,
    );
  });

  it('leaves other braces alone', () => {
    expect(fillWords('{ not a name } {Capital} {a1}', words, 'test')).toBe('{ not a name } {Capital} {a1}');
  });
});

describe('fillFields', () => {
  it('fills every text of an entry, nested ones too, and keeps the rest', () => {
    const updated = new Date('2026-01-01');
    expect(
      fillFields(
        {
          summary: '{returnDays} days',
          order: 3,
          updated,
          highlight: { value: '{returnDays}-day' },
          list: ['{phone}'],
        },
        words,
        'test',
      ),
    ).toEqual({ summary: '14 days', order: 3, updated, highlight: { value: '14-day' }, list: ['+44 113 496 0000'] });
  });
});
