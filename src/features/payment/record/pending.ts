// An approved payment kept until settled, enough to resume its capture anywhere; read back checked.
import * as v from 'valibot';
import { readJson } from '../../../lib/stored-json.ts';
import { JsonObject } from '../../../lib/json-object.ts';
import { LineSchema } from '../../../lib/line.ts';
import type { PayableLine } from '../wallet/pays.ts';
import type { WalletProvider } from '../wallet/provider.ts';

export interface PendingPayment {
  orderId: string;
  /** The wallet's order id, the capture's. */
  intentId: string;
  captureKey: string;
  approvedAt: string;
  /** When a page last started a round of tries, and which: others leave it that round. */
  roundAt?: string | undefined;
  roundBy?: string | undefined;
  lines: PayableLine[];
  order: Record<string, unknown>;
  wallet: WalletProvider;
}

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(500));
const ProviderId = v.custom<WalletProvider['id']>((id) => typeof id === 'string' && id !== '' && id.length <= 500);
const { id, productId, variantId, name, price, variantName, image, quantity } = LineSchema.entries;
const Line = v.object({
  productId,
  quantity,
  price,
  variantId,
  variantName,
  image,
  id: v.optional(id),
  name: v.optional(name),
});
const Stored = v.object({
  version: v.literal(1),
  payment: v.object({
    orderId: Id,
    intentId: Id,
    captureKey: Id,
    approvedAt: v.pipe(v.string(), v.isoTimestamp()),
    roundAt: v.optional(v.pipe(v.string(), v.isoTimestamp())),
    roundBy: v.optional(Id),
    lines: v.pipe(v.array(Line), v.minLength(1), v.maxLength(100)),
    order: v.pipe(
      JsonObject,
      v.check((order) => order['id'] !== undefined, 'the order has no id'),
    ),
    wallet: v.optional(
      v.union([
        v.object({ id: ProviderId, name: Id, approvalLifetimeMs: v.pipe(v.number(), v.minValue(0)) }),
        ProviderId,
      ]),
    ),
  }),
});

/** Records that do not name their wallet date from when PayPal was the only one. */
const legacyWallet = (id: WalletProvider['id'] | undefined): WalletProvider => ({
  id: id ?? 'paypal',
  name: 'PayPal',
  approvalLifetimeMs: 3 * 60 * 60 * 1000,
});

export interface RecordStore {
  read(): PendingPayment | null | 'unreadable';
  write(payment: PendingPayment): boolean;
  /** Given `approvedAt`, only that approval's (a newer one is another payment). */
  remove(orderId: string, approvedAt?: string): void;
}

export interface DecodedPending {
  payment: PendingPayment | null;
  problem?: string;
}

/** Never throws: anything else reads as none, with the problem. */
export function decodePending(raw: string | null | undefined): DecodedPending {
  if (raw == null || raw === '') return { payment: null };
  const parsed = readJson(Stored, raw, 'the stored payment');
  if (!parsed.ok) return { payment: null, problem: parsed.problem };
  const { wallet, ...payment } = parsed.value.payment;
  return { payment: { ...payment, wallet: typeof wallet === 'object' ? wallet : legacyWallet(wallet) } };
}

export function encodePending(payment: PendingPayment): string {
  return JSON.stringify({ version: 1, payment });
}

/** An unreadable time counts as expired. */
export function approvalExpired(payment: Pick<PendingPayment, 'approvedAt' | 'wallet'>, now: number): boolean {
  const at = Date.parse(payment.approvedAt);
  return !Number.isFinite(at) || now - at > payment.wallet.approvalLifetimeMs;
}
