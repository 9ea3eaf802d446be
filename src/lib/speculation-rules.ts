// The rule sets that prerender the next page of the purchase path. Each is a fixed text: the browser side inserts
// it as a <script type="speculationrules"> when the shopper shows intent (src/browser/prerender.ts), and the
// page's Content-Security-Policy allows exactly these texts by their hashes (csp-policy.ts), with no
// 'unsafe-inline'. Change a text here and its hash follows at the next build.
//
// Eagerness is 'immediate' for both: the rule is only inserted once intent is clear (a cart drawer showing its
// Checkout link, a press on Buy Now, a buyer in the wallet), and on a phone the tap comes too soon after a
// pointerdown ('moderate', 'conservative') for the next page to be ready.

/** The query parameter /thank-you is read with; its prerender, made before the order id exists, serves any value. */
const THANK_YOU_QUERY = 'orderId';

/**
 * `No-Vary-Search` for /thank-you: one prerender of /thank-you serves the navigation to /thank-you?orderId=…
 * (the page reads the id when it is shown). Sent by every server of the site (scripts/server/headers.ts).
 */
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
