// The thank-you page's order (SPEC §2): what the order answer is read into, and the text invoice built from it.
// The contract's Order is only `{ id }` plus any fields, so every other field is checked before it is used.
import { formatCents, toCents, type Cents } from './money.ts';
import { TAX_LABEL, thankYouTotal } from './pricing.ts';

export interface ReceiptLine {
  name: string;
  variant?: string;
  sku?: string;
  quantity: number;
  unitPrice: Cents;
  total: Cents;
  image?: string;
}

export interface Receipt {
  orderId: string;
  status?: string;
  placedAt?: Date;
  lines: ReceiptLine[];
  subtotal: Cents;
  /** What the order total adds to the goods (0: shipping is free). */
  shipping: Cents;
  tax: Cents;
  /** SPEC §9: the order total times 1.08. */
  total: Cents;
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const amount = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

function readLine(item: unknown): ReceiptLine[] {
  if (!isObject(item)) return [];
  const quantity = typeof item.quantity === 'number' && Number.isInteger(item.quantity) && item.quantity > 0 ? item.quantity : 1;
  const unit = amount(item.unitPrice) ?? amount(item.price) ?? 0;
  const total = amount(item.lineTotal);
  const variant = text(item.variantName);
  const sku = text(item.sku);
  const image = text(item.image);
  return [{
    name: text(item.name) ?? 'Item',
    ...(variant ? { variant } : {}),
    ...(sku ? { sku } : {}),
    quantity,
    unitPrice: toCents(unit),
    total: total !== undefined ? toCents(total) : toCents(unit) * quantity,
    ...(image ? { image } : {}),
  }];
}

/** Reads GET /orders/{id}'s answer. Throws only when there is no order id at all. */
export function readReceipt(order: unknown): Receipt {
  if (!isObject(order) || !text(order.id)) throw new Error('The order answer has no order id.');
  const lines = Array.isArray(order.items) ? order.items.flatMap(readLine) : [];
  const goods = lines.reduce((sum, l) => sum + l.total, 0);
  const givenSubtotal = amount(order.subtotal);
  const orderTotal = amount(order.total) ?? (givenSubtotal ?? goods / 100);
  // Without a subtotal or lines, the total is all there is to go by.
  const subtotal = givenSubtotal !== undefined ? toCents(givenSubtotal) : lines.length > 0 ? goods : toCents(orderTotal);
  const total = thankYouTotal(orderTotal);
  const placedAt = text(order.createdAt) ? new Date(order.createdAt as string) : undefined;
  const status = text(order.status);
  return {
    orderId: text(order.id)!,
    ...(status ? { status } : {}),
    ...(placedAt && !Number.isNaN(placedAt.getTime()) ? { placedAt } : {}),
    lines,
    subtotal,
    shipping: Math.max(0, toCents(orderTotal) - subtotal),
    tax: total - toCents(orderTotal),
    total,
  };
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export function formatOrderDate(date: Date): string {
  return dateFormat.format(date);
}

export { TAX_LABEL };

/** 'Paid' for PAID, and so on: the order status as a shopper reads it. */
export function statusLabel(status: string | undefined): string | undefined {
  if (!status) return undefined;
  return status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replace(/_/g, ' ');
}

/** invoice-<order id>.txt, with anything a file system might dislike replaced. */
export function invoiceFileName(orderId: string): string {
  return `invoice-${orderId.replace(/[^A-Za-z0-9._-]+/g, '-')}.txt`;
}

export interface InvoiceOptions {
  /** Who issues it: name first, then contact lines. */
  seller: readonly string[];
  /** The invoice date when the order has none. */
  issuedAt: Date;
}

/** The downloadable text invoice: order id, date, lines, subtotal, tax, total. Plain text, LF line ends. */
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
    const about = [line.variant, line.sku ? `SKU ${line.sku}` : undefined].filter(Boolean).join(' · ');
    if (about) out.push(`  ${about}`);
    out.push(`  ${line.quantity} × ${formatCents(line.unitPrice)} = ${formatCents(line.total)}`);
  }
  if (receipt.lines.length === 0) out.push('(no item details)');
  out.push('', row('Subtotal', formatCents(receipt.subtotal)));
  out.push(row('Shipping', receipt.shipping === 0 ? 'Free' : formatCents(receipt.shipping)));
  out.push(row(TAX_LABEL, formatCents(receipt.tax)));
  out.push(row('Total', formatCents(receipt.total)));
  out.push('', 'Thank you for your order.', '');
  return out.join('\n');
}
