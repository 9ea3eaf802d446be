// What a payment that could not go on tells the shopper.
/** The title of a payment that could not start, with the wallet's name. */
export const createFailedTitle = (wallet: string) => `Could not initiate ${wallet} Checkout...`;
export const PAYMENT_FAILED = 'Sorry, your transaction could not be processed...';
export const INSTRUMENT_DECLINED = 'INSTRUMENT_DECLINED';

export const debugSuffix = (debugId: string | undefined) => (debugId ? ` (Debug ID: ${debugId})` : '');

export function describeError(error: unknown): string {
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return 'The store could not be reached. Check your connection and try again.';
  }
  if (error instanceof Error) {
    const { code, traceId } = error as Error & { code?: unknown; traceId?: unknown };
    const parts = [
      typeof code === 'string' && code ? code : undefined,
      typeof traceId === 'string' && traceId ? `trace ID ${traceId}` : undefined,
    ].filter(Boolean);
    return parts.length ? `${error.message} (${parts.join(', ')})` : error.message || error.name;
  }
  if (typeof error === 'string' && error) return error;
  // The real SDK hands onError plain objects.
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message) return message;
  return 'An unknown error occurred';
}

export type WalletMessageKind = 'create-failed' | 'payment-failed';

export interface WalletMessage {
  kind: WalletMessageKind;
  title: string;
  detail: string;
}

export const createFailed = (wallet: string, detail: string): WalletMessage => ({
  kind: 'create-failed',
  title: createFailedTitle(wallet),
  detail,
});
export const paymentFailed = (detail: string): WalletMessage => ({
  kind: 'payment-failed',
  title: PAYMENT_FAILED,
  detail,
});

/** Thrown by the flow with the message to show; anything else that escapes is a bug. */
export class WalletFlowError extends Error {
  override readonly name = 'WalletFlowError';
  readonly notice: WalletMessage;
  constructor(notice: WalletMessage) {
    super(`${notice.title} ${notice.detail}`);
    this.notice = notice;
  }
}
