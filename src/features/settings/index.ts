export { type ContactCard, contactCards, sellerLines, telHref } from './contact.ts';
