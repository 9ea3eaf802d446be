export { type ContactCard, contactCards, sellerLines, telHref } from './contact.ts';
export { dayRange, promiseTexts, type PromiseTexts } from './promises.ts';
export { fillFields, fillWords, settingsWords } from './words.ts';
