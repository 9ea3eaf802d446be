import { describe, expect, it } from 'vitest';
import { contactCards, sellerLines, telHref } from './contact.ts';

const settings = {
  company: 'Northwind Home',
  email: 'help@northwind.test',
  phone: '+44 (20) 7946-0018',
};

describe('contact details from the store settings', () => {
  it('dials the digits of the number', () => {
    expect(telHref('+1 (415) 555-0142')).toBe('tel:+14155550142');
  });

  it("fills the cards that use the store's email or phone, and keeps a card's own link", () => {
    expect(
      contactCards(
        [
          { label: 'Email', use: 'email', note: 'Within hours' },
          { label: 'Phone', use: 'phone' },
          { label: 'Chat', value: '@northwind', href: 'https://chat.northwind.test' },
        ],
        settings,
      ),
    ).toEqual([
      { label: 'Email', value: 'help@northwind.test', href: 'mailto:help@northwind.test', note: 'Within hours' },
      { label: 'Phone', value: '+44 (20) 7946-0018', href: 'tel:+442079460018' },
      { label: 'Chat', value: '@northwind', href: 'https://chat.northwind.test' },
    ]);
  });

  it('writes the seller on the invoice: company, address when there is one, email and phone', () => {
    expect(sellerLines(settings)).toEqual([
      'Northwind Home',
      'Email: help@northwind.test',
      'Phone: +44 (20) 7946-0018',
    ]);
    expect(sellerLines({ ...settings, address: '1 Quay Street, Leeds' })[1]).toBe('1 Quay Street, Leeds');
  });
});
