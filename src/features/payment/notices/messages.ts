// What the shopper is told about an approved payment, as plain data (CaptureStatus.tsx draws it).
import { PAYMENT_FAILED } from '../wallet/errors.ts';
import { approvalExpired, type PendingPayment } from '../record/pending.ts';
import type { CaptureState } from '../settle/settle.ts';

type CaptureTone = 'progress' | 'unconfirmed' | 'info' | 'payment-failed';
/** abandon: set the payment aside, after a warning and a last try. */
type CaptureAction = 'retry' | 'abandon' | 'dismiss' | 'support';

export interface CaptureMessage {
  tone: CaptureTone;
  title: string;
  detail?: string;
  actions: CaptureAction[];
  orderId: string;
  /** The payment's wallet, as shoppers read it. */
  wallet: string;
}

export const PAID_TITLE = 'Payment complete. Taking you to your order confirmation…';
export const reviewTitle = (wallet: string) =>
  `Payment received; ${wallet} is reviewing it. Taking you to your order confirmation…`;
export const UNCONFIRMED_TITLE = 'Your payment was approved but is not confirmed yet.';
const hours = (ms: number) => (ms === 3_600_000 ? '1 hour' : `${Math.round(ms / 3_600_000)} hours`);
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);
const SAME_PAYMENT = 'It may already have gone through: Try again confirms this same payment and never charges twice.';
/** Nothing else could resume a payment storage refused to keep. */
const KEEP_OPEN = 'This browser could not keep it, so please keep this page open until it is confirmed.';
const withKeepOpen = (text: string, kept: boolean) => (kept ? text : `${text} ${KEEP_OPEN}`);
const quote = (orderId: string, wallet: string) =>
  `If your ${wallet} account shows it, contact support and quote order ${orderId}.`;

export function captureMessage(
  state: CaptureState,
  pending: PendingPayment | null,
  now: number,
): CaptureMessage | null {
  // The payment's own wallet: the state names it while a capture runs, the kept record otherwise.
  const wallet = ('wallet' in state ? state.wallet : pending?.wallet)?.name ?? 'your wallet';
  switch (state.phase) {
    case 'confirming':
      return {
        tone: 'progress',
        title: 'Confirming your payment…',
        detail: withKeepOpen(
          state.retrying
            ? 'The store is slow to answer, so it is being asked again. You will not be charged twice.'
            : `${wallet} has approved it.${state.kept ? ' Please keep this page open for a moment.' : ''}`,
          state.kept,
        ),
        actions: [],
        orderId: state.orderId,
        wallet,
      };
    case 'elsewhere':
      if (pending?.orderId !== state.orderId) return null;
      return {
        tone: 'progress',
        title: 'Your payment is being confirmed in another tab.',
        detail: 'Keep that tab open until it is done.',
        actions: [],
        orderId: state.orderId,
        wallet,
      };
    case 'paid':
      return {
        tone: 'progress',
        title: state.review ? reviewTitle(wallet) : PAID_TITLE,
        actions: [],
        orderId: state.orderId,
        wallet,
      };
    case 'declined':
      return {
        tone: 'info',
        title: state.step
          ? `${wallet} needed a step from you to finish this payment.`
          : 'Your payment method was declined.',
        detail: state.step
          ? 'Nothing was charged. Please pay again to finish it.'
          : 'Nothing was charged. Please pay again and choose another way to pay.',
        actions: ['dismiss'],
        orderId: state.orderId,
        wallet,
      };
    case 'refused':
      return {
        tone: 'payment-failed',
        title: PAYMENT_FAILED,
        detail: state.detail,
        actions: ['dismiss'],
        orderId: state.orderId,
        wallet,
      };
    case 'unconfirmed':
    case 'idle':
      break;
  }
  if (!pending) return null;
  const kept = state.phase !== 'unconfirmed' || state.kept;
  // The device's clock only changes the words: the wallets stay paused until the store answers or the shopper,
  // warned, sets the payment aside.
  if (approvalExpired(pending, now)) {
    return {
      tone: 'unconfirmed',
      title: `We could not confirm your payment for order ${pending.orderId}.`,
      detail: withKeepOpen(
        `${wallet} cancels an approval that is not confirmed within ${hours(pending.wallet.approvalLifetimeMs)}. Try again asks the store once more; if your ${wallet} account shows this payment, contact support and quote the order number.`,
        kept,
      ),
      actions: ['retry', 'abandon', 'support'],
      orderId: pending.orderId,
      wallet,
    };
  }
  const why = state.phase === 'unconfirmed' ? state.detail : 'The store has not confirmed it.';
  return {
    tone: 'unconfirmed',
    title: UNCONFIRMED_TITLE,
    detail: withKeepOpen(`${sentence(why)} ${SAME_PAYMENT} ${quote(pending.orderId, wallet)}`, kept),
    actions: ['retry', 'abandon', 'support'],
    orderId: pending.orderId,
    wallet,
  };
}
