// Static sample reviews: 4.8 from 2,847 reviews, 68/22/7/2/1 percent for 5 to 1 stars, as the shop asks
// (docs/requirements.md#product-page).
export const REVIEW_SUMMARY = {
  rating: 4.8,
  count: 2847,
  /** Percent of reviews per star rating, 5 stars first. */
  distribution: [
    { stars: 5, percent: 68 },
    { stars: 4, percent: 22 },
    { stars: 3, percent: 7 },
    { stars: 2, percent: 2 },
    { stars: 1, percent: 1 },
  ],
} as const;

export const SAMPLE_REVIEWS = [
  {
    author: 'Maya R.',
    rating: 5,
    title: 'Set up in five minutes, crystal clear at night',
    body: 'Plugged it in, scanned the code and it was streaming before my coffee was ready. The night vision picks up the whole backyard.',
    date: 'October 2026',
  },
  {
    author: 'Daniel K.',
    rating: 5,
    title: 'Finally, alerts that matter',
    body: 'Person detection is spot on: no more notifications every time the tree moves. Two-way talk is handy for deliveries.',
    date: 'September 2026',
  },
  {
    author: 'Priya S.',
    rating: 4,
    title: 'Great camera, wish the cable were longer',
    body: 'Picture quality and the app are excellent. The included cable is a bit short for my shelf, so I used an extension.',
    date: 'August 2026',
  },
] as const;

export function formatReviewCount(count: number): string {
  return new Intl.NumberFormat('en-US').format(count);
}
