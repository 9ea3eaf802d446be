// The shop's pages: where each is and what links name it.

/** The receipt of one order. */
export function thankYouPath(orderId: string): string {
  return `/thank-you?orderId=${encodeURIComponent(orderId)}`;
}
