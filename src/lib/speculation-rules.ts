// Fixed texts, allowed by hash. 'immediate': inserted only at clear intent, and a tap is too quick for 'moderate'.
import { underBase } from './site-path.ts';

const THANK_YOU_QUERY = 'orderId';

/** One prerender of /thank-you serves any ?orderId=, read when shown. */
export const THANK_YOU_NO_VARY_SEARCH = `params=("${THANK_YOU_QUERY}")`;

export const speculationRules = (base: string) =>
  ({
    checkout: JSON.stringify({
      prerender: [{ source: 'list', urls: [underBase(base, '/checkout')], eagerness: 'immediate' }],
    }),
    'thank-you': JSON.stringify({
      prerender: [
        {
          source: 'list',
          urls: [underBase(base, '/thank-you')],
          eagerness: 'immediate',
          expects_no_vary_search: THANK_YOU_NO_VARY_SEARCH,
        },
      ],
    }),
  }) as const;

export type PrerenderedPage = keyof ReturnType<typeof speculationRules>;
