// Fixed texts, allowed by hash. 'immediate': inserted only at clear intent, and a tap is too quick for 'moderate'.

const THANK_YOU_QUERY = 'orderId';

/** One prerender of /thank-you serves any ?orderId=, read when shown. */
export const THANK_YOU_NO_VARY_SEARCH = `params=("${THANK_YOU_QUERY}")`;

export const SPECULATION_RULES = {
  checkout: JSON.stringify({ prerender: [{ source: 'list', urls: ['/checkout'], eagerness: 'immediate' }] }),
  'thank-you': JSON.stringify({
    prerender: [
      {
        source: 'list',
        urls: ['/thank-you'],
        eagerness: 'immediate',
        expects_no_vary_search: THANK_YOU_NO_VARY_SEARCH,
      },
    ],
  }),
} as const;

export type PrerenderedPage = keyof typeof SPECULATION_RULES;
