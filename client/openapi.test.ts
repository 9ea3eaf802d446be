// The contract file itself: the backend's documented facts (version, base path, enumerations) and the team's named
// schemas that others build on.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Schema {
  type?: string | string[];
  enum?: string[];
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean;
  description?: string;
  minItems?: number;
}
interface Spec {
  openapi: string;
  info: { version: string };
  servers: { url: string }[];
  security: Record<string, unknown>[];
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean }[] }>>;
  components: { schemas: Record<string, Schema> };
}
const spec = parse(readFileSync(new URL('./openapi.yaml', import.meta.url), 'utf8')) as Spec;
const schemas = spec.components.schemas;

// The backend's enumerations, value for value, in the backend's order.
const ENUMS: Record<string, string[]> = {
  AddressType: ['SHIPPING', 'BILLING'],
  AnalyticsEventType: ['SALE', 'PRODUCT_VIEW', 'CART_ADD', 'CHECKOUT_START', 'CUSTOMER_SIGNUP'],
  AuditAction: ['OTHER', 'CREATE', 'UPDATE', 'DELETE', 'LOGIN', 'LOGOUT'],
  DiscountType: ['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING'],
  DomainStatus: ['ACTIVE', 'INACTIVE', 'VERIFYING', 'FAILED'],
  KeyStatus: ['ACTIVE', 'INACTIVE', 'REVOKED'],
  OrderStatus: ['PENDING', 'PAID', 'FULFILLED', 'CANCELLED', 'REFUNDED'],
  PaymentEnv: ['TEST', 'LIVE'],
  PaymentProvider: ['STRIPE', 'PAYPAL', 'SQUARE', 'OTHER'],
  PaymentStatus: ['FAILED', 'PENDING', 'COMPLETED', 'REFUNDED', 'DISPUTED', 'DISPUTE_RESOLVED'],
  PerformanceEvent: ['PRODUCT_VIEW', 'CHECKOUT_START', 'ADD_TO_CART', 'ORDER_COMPLETE'],
  RoleType: ['ADMIN', 'MANAGER', 'STAFF', 'CUSTOMER'],
  ShippingProviderType: ['CUSTOM', 'STANDARD', 'EXPRESS', 'INTERNATIONAL'],
  ShippingStatus: ['PENDING', 'SHIPPED', 'DELIVERED', 'RETURNED'],
  StorePolicyType: ['REFUND_POLICY', 'SHIPPING_POLICY', 'PRIVACY_POLICY', 'TERMS_OF_SERVICE', 'LEGAL_NOTICE', 'CUSTOM'],
  TransactionStatus: ['FAILED', 'PENDING', 'COMPLETED'],
  TransactionType: ['PAYMENT', 'REFUND'],
  UpsellType: ['RELATED', 'UPSELL', 'CROSS_SELL'],
  WebhookStatus: ['FAILED', 'RECEIVED', 'PROCESSED'],
  LanguageCode: ['EN', 'ES', 'FR', 'DE', 'IT', 'PT', 'RU', 'ZH', 'JA', 'KO', 'AR', 'HI', 'VI'],
  Permission: [
    'VIEW_DASHBOARD',
    'MANAGE_PRODUCTS',
    'MANAGE_ORDERS',
    'MANAGE_CUSTOMERS',
    'MANAGE_DISCOUNTS',
    'MANAGE_SETTINGS',
    'MANAGE_STAFF',
    'MANAGE_ROLES',
    'VIEW_ANALYTICS',
    'EXPORT_DATA',
  ],
  PaymentProviderRequest: ['stripe', 'paypal'],
};

// Named schemas the storefront and the demo backend rely on: [required fields, optional fields, open to extra fields].
const NAMED: Record<string, [string[], string[], boolean]> = {
  ApiError: [['code', 'message', 'statusCode'], ['details', 'traceId'], false],
  ProductImage: [['url'], [], true],
  Variant: [['id', 'name', 'sku', 'price', 'stock', 'images'], ['regularPrice'], true],
  Product: [['id', 'name', 'variants'], ['seoTitle', 'seoDescription', 'description'], true],
  OrderItemInput: [['productId', 'variantId', 'quantity'], [], false],
  OrderCreateRequest: [['items'], [], false],
  Order: [['id'], ['subtotal', 'shipping', 'tax', 'total', 'currency'], true],
  OrderPaymentStatus: [['orderId', 'status'], ['amount', 'currency'], true],
  PaymentIntentRequest: [['provider', 'metadata'], [], false],
  PaymentIntentResponse: [[], ['id', 'error', 'paymentIntent', 'amount', 'currency'], true],
  ProcessPaymentRequest: [['provider', 'paymentIntentId'], [], false],
  ProcessPaymentResponse: [[], ['details', 'debug_id', 'status', 'amount', 'purchase_units'], true],
  AnalyticsTrackRequest: [['value', 'event', 'productId'], [], false],
  RefreshTokenRequest: [['refreshToken'], [], false],
  RefreshTokenResponse: [['accessToken'], [], true],
};

describe('openapi.yaml', () => {
  it('is OpenAPI 3.1, version 1.6.0, under /api/v1, bearer by default', () => {
    expect(spec.openapi).toMatch(/^3\.1\./);
    expect(spec.info.version).toBe('1.6.0');
    expect(spec.servers).toEqual([expect.objectContaining({ url: '/api/v1' })]);
    expect(spec.security).toEqual([{ bearerAuth: [] }]);
  });

  it.each(Object.entries(ENUMS))('enumeration %s has exactly the backend values', (name, values) => {
    expect(schemas[name]).toMatchObject({ type: 'string', enum: values });
  });

  it('says that SQUARE names the provider the backend leaves unnamed', () => {
    expect(schemas.PaymentProvider?.description).toMatch(/SQUARE.*plausible/);
  });

  it.each(Object.entries(NAMED))('%s has the agreed fields', (name, [required, optional, open]) => {
    const schema = schemas[name] as Schema;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual([...required, ...optional].sort());
    expect((schema.required ?? []).slice().sort()).toEqual(required.slice().sort());
    // Unset would mean open in JSON Schema too: closed shapes say so explicitly, so the demo refuses extra fields.
    expect(schema.additionalProperties).toBe(open);
  });

  it('keeps the nested shapes the storefront reads', () => {
    expect(schemas.PaymentIntentRequest?.properties?.metadata?.required).toEqual(['orderId', 'provider', 'currency']);
    expect(schemas.PaymentIntentRequest?.properties?.metadata?.additionalProperties).toBe(false);
    expect(schemas.PaymentIntentResponse?.properties?.error?.required).toEqual(['issue', 'description']);
    expect(schemas.PaymentIntentResponse?.properties?.paymentIntent?.required).toEqual(['debug_id']);
    expect(schemas.OrderCreateRequest?.properties?.items?.minItems).toBe(1);
    expect(schemas.Variant?.properties?.regularPrice?.type).toEqual(['number', 'null']);
  });

  it('documents unshown payloads as open objects rather than inventing fields', () => {
    expect(schemas.OpenObject).toMatchObject({ type: 'object', additionalProperties: true });
    expect(schemas.OpenObject?.properties).toBeUndefined();
    expect(schemas.OpenObject?.description).toMatch(/does not show/);
  });

  it('lets order create carry an optional Idempotency-Key header', () => {
    const header = spec.paths['/orders/store/{storeId}']?.post?.parameters?.find((p) => p.name === 'Idempotency-Key');
    expect(header).toMatchObject({ in: 'header', required: false });
  });
});
