/** FAQ groups, in the order the support page shows them. A question's `topic` must be one of these. */
export const FAQ_TOPICS = [
  'Getting started',
  'Features and privacy',
  'Orders and shipping',
  'Returns and warranty',
] as const;
