// Types of the demo backend, derived from the generated contract so that a change to openapi.yaml that breaks
// the demo shows up in the type check.
import type { components, paths } from '../generated/schema.d.ts';

export type Schemas = components['schemas'];
export type ApiErrorBody = Schemas['ApiError'];
export type Product = Schemas['Product'];
export type Variant = Schemas['Variant'];
type PerformanceEvent = Schemas['PerformanceEvent'];
type PaymentProviderRequest = Schemas['PaymentProviderRequest'];

export type { paths };

/** A product of the catalogue file: the API's Product plus the link it is looked up by. */
export type CatalogProduct = Product & { link: string };

export interface Catalog {
  store: { id: string; domain: string };
  products: CatalogProduct[];
}

type OrderStatus = Schemas['OrderStatus'];

export type DemoOrderItem = {
  productId: string;
  variantId: string;
  name: string;
  variantName: string;
  sku: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** Root-relative like the catalogue; answers make it absolute on the request's origin. */
  image: string | null;
};

/** What the demo stores and answers for an order (the contract's Order is `{ id }` plus any fields). */
export type DemoOrder = {
  id: string;
  storeId: string;
  status: OrderStatus;
  items: DemoOrderItem[];
  subtotal: number;
  shipping: number;
  tax: number;
  /** What paying the order charges: subtotal, shipping and tax. */
  total: number;
  currency: 'USD';
  createdAt: string;
  paidAt: string | null;
};

/**
 * PayPal's side of an order once a capture ran: PayPal completes the order whether its capture was taken or declined,
 * and refuses any later capture (ORDER_ALREADY_CAPTURED).
 */
export type PayPalCapture = { id: string; status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'FAILED'; amount: number };

export type DemoPaymentIntent = {
  id: string;
  orderId: string;
  provider: PaymentProviderRequest;
  currency: string;
  amount: number;
  createdAt: string;
};

export type DemoPayment = {
  id: string;
  orderId: string;
  paymentIntentId: string;
  provider: PaymentProviderRequest;
  status: 'COMPLETED' | 'PENDING';
  amount: number;
  currency: string;
  createdAt: string;
};

export type TrackedEvent = {
  storeId: string;
  event: PerformanceEvent;
  value: number;
  productId: string;
  at: string;
  /** The request's `demo-session` cookie, when it had one: tests running side by side read back only their own. */
  session?: string;
};
