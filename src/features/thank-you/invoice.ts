// The thank-you page's view of a kept order, and its text invoice.
import { formatCents, formatCentsIn, type Cents } from '../../lib/money.ts';
import type { KeptOrder, OrderLine } from './receipt.ts';

/** With only a total, one row for shipping and tax, `taxLabel` naming it. */
export type Receipt = Pick<KeptOrder, 'status' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'takenIn' | 'paidWith'> & {
  orderId: string;
  placedAt?: Date;
  lines: OrderLine[];
  taxLabel: string;
  /** What the order's rows add up to, when the payment took another amount. */
  rowsTotal?: Cents;
};

/** The backend's figures as answered: nothing is priced again with today's settings. */
export function receiptOf(order: KeptOrder): Receipt {
  const { items: lines, subtotal } = order;
  const total = order.charged ?? order.total;
  const placedAt = order.createdAt ? new Date(order.createdAt) : undefined;
  const split = order.shipping !== undefined || order.tax !== undefined;
  // The total is what was taken; rows that do not add up to it are said to differ, never made to fit.
  const rowsTotal = split ? subtotal + (order.shipping ?? 0) + (order.tax ?? 0) : order.total;
  return {
    orderId: order.id,
    ...(order.status ? { status: order.status } : {}),
    ...(placedAt && !Number.isNaN(placedAt.getTime()) ? { placedAt } : {}),
    lines,
    subtotal,
    ...(split
      ? { shipping: order.shipping ?? 0, tax: order.tax ?? 0 }
      : order.total - subtotal !== 0
        ? { tax: order.total - subtotal }
        : {}),
    taxLabel: split ? 'Tax' : 'Shipping and tax',
    total,
    ...(rowsTotal !== total ? { rowsTotal } : {}),
    ...(order.takenIn ? { takenIn: order.takenIn } : {}),
    ...(order.paidWith ? { paidWith: order.paidWith } : {}),
  };
}

/** Said when the payment took another amount than the order's rows add up to. */
export function chargeDiffers(receipt: Receipt): string | undefined {
  if (receipt.takenIn) {
    const { amount, currency } = receipt.takenIn;
    return `The payment was taken in ${currency}: ${formatCentsIn(amount, currency)}, not in this shop's currency, so the figures above are the order's, not what was taken. Contact support and quote order ${receipt.orderId} if that is not what you agreed to.`;
  }
  if (receipt.rowsTotal === undefined) return undefined;
  const gap = receipt.total - receipt.rowsTotal;
  const more = gap > 0 ? `${formatCents(gap)} more` : `${formatCents(-gap)} less`;
  return `The payment took ${formatCents(receipt.total)}, ${more} than this order's items, shipping and tax add up to (${formatCents(receipt.rowsTotal)}): the store's payment service charged its own amount. Contact support and quote order ${receipt.orderId} if that is not what you agreed to.`;
}

// By hand: Intl's first date format loads locale data (60 ms at 4x).
const MONTHS = 'January February March April May June July August September October November December'.split(' ');
let dateFormat: Intl.DateTimeFormat | undefined;

export function formatOrderDate(date: Date): string {
  const year = date.getFullYear();
  if (year >= 1 && year <= 9999) return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${year}`;
  return (dateFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })).format(date);
}

/** The time of day aside, which no receipt shows. */
export function sameReceipt(a: Receipt, b: Receipt): boolean {
  const read = (r: Receipt) => JSON.stringify({ ...r, placedAt: r.placedAt && formatOrderDate(r.placedAt) });
  return read(a) === read(b);
}

export function statusLabel(status: string | undefined): string | undefined {
  if (!status) return undefined;
  return status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replace(/_/g, ' ');
}

/** invoice-<order id>.txt, with anything a file system might dislike replaced. */
export function invoiceFileName(orderId: string): string {
  return `invoice-${orderId.replace(/[^A-Za-z0-9._-]+/g, '-')}.txt`;
}

export interface InvoiceOptions {
  seller: readonly string[];
  /** The invoice date when the order has none. */
  issuedAt: Date;
}

export function invoiceText(receipt: Receipt, options: InvoiceOptions): string {
  const row = (label: string, value: string) => `${label.padEnd(12)}${value.padStart(14)}`;
  const out: string[] = [...options.seller, '', 'INVOICE', ''];
  out.push(`Order ID:   ${receipt.orderId}`);
  out.push(`Order date: ${formatOrderDate(receipt.placedAt ?? options.issuedAt)}`);
  const status = statusLabel(receipt.status);
  if (status) out.push(`Status:     ${status}`);
  out.push('', 'Items', '-----');
  for (const line of receipt.lines) {
    out.push(line.name);
    const about = [line.variantName, line.sku ? `SKU ${line.sku}` : undefined].filter(Boolean).join(' · ');
    if (about) out.push(`  ${about}`);
    out.push(`  ${line.quantity} × ${formatCents(line.unitPrice)} = ${formatCents(line.lineTotal)}`);
  }
  if (receipt.lines.length === 0) out.push('(no item details)');
  out.push('', row('Subtotal', formatCents(receipt.subtotal)));
  if (receipt.shipping !== undefined) {
    out.push(row('Shipping', receipt.shipping === 0 ? 'Free' : formatCents(receipt.shipping)));
  }
  if (receipt.tax !== undefined) out.push(row(receipt.taxLabel, formatCents(receipt.tax)));
  out.push(row('Total', formatCents(receipt.total)));
  const differs = chargeDiffers(receipt);
  if (differs) out.push('', differs);
  out.push('', 'Thank you for your order.', '');
  return out.join('\n');
}
