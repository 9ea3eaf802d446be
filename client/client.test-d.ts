// Type tests: compiled by `tsc --noEmit` / `astro check`, never run. Each @ts-expect-error fails the type check if
// the line below it stops being an error, so these prove the client rejects wrong paths, params and bodies.
import type { CommerceClient, Order, PaymentIntentResponse, Product } from './index.ts';

export async function typeTests(api: CommerceClient): Promise<void> {
  const product = await api.GET('/stores/{id}/products/{link}', {
    params: { path: { id: 'haven-home.test', link: 'haven-cam-360' } },
  });
  // Non-ok answers reject, so data needs no undefined check.
  const typed: Product = product.data;
  const price: number | undefined = typed.variants[0]?.price;
  void price;

  const order = await api.POST('/orders/store/{storeId}', {
    params: { path: { storeId: 'haven-home' }, header: { 'Idempotency-Key': 'k1' } },
    body: { items: [{ productId: 'p', variantId: 'v', quantity: 1 }] },
  });
  const created: Order = order.data;
  const id: string = created.id;

  const intent = await api.POST('/orders/{id}/payment-intent', {
    params: { path: { id } },
    body: { provider: 'paypal', metadata: { orderId: id, provider: 'paypal', currency: 'USD' } },
  });
  const answer: PaymentIntentResponse = intent.data;
  void answer;

  await api.POST('/analytics/track', {
    params: { query: { storeId: 's' } },
    body: { value: 1, event: 'PRODUCT_VIEW', productId: 'p' },
  });
  await api.GET('/users/me');

  // @ts-expect-error a path the spec does not have
  await api.GET('/stores/{id}/productz/{link}', { params: { path: { id: 'a', link: 'b' } } });
  // @ts-expect-error a missing path parameter
  await api.GET('/stores/{id}/products/{link}', { params: { path: { id: 'a' } } });
  // @ts-expect-error no params at all where the path has some
  await api.GET('/orders/{id}');
  // @ts-expect-error a method the path does not have
  await api.PUT('/users/login');
  // @ts-expect-error order create needs a body
  await api.POST('/orders/store/{storeId}', { params: { path: { storeId: 's' } } });
  await api.POST('/orders/store/{storeId}', {
    params: { path: { storeId: 's' } },
    // @ts-expect-error quantity is an integer, not a string
    body: { items: [{ productId: 'p', variantId: 'v', quantity: '1' }] },
  });
  await api.POST('/orders/{id}/process-payment', {
    params: { path: { id } },
    // @ts-expect-error request bodies use the lowercase provider
    body: { provider: 'PAYPAL', paymentIntentId: 'i' },
  });
  // @ts-expect-error analytics track needs the storeId query parameter
  await api.POST('/analytics/track', { body: { value: 1, event: 'PRODUCT_VIEW', productId: 'p' } });
  await api.POST('/analytics/track', {
    params: { query: { storeId: 's' } },
    // @ts-expect-error CART_ADD is an AnalyticsEventType, not a PerformanceEvent
    body: { value: 1, event: 'CART_ADD', productId: 'p' },
  });
  // @ts-expect-error includeDeleted is a boolean
  await api.GET('/orders/store/{storeId}', { params: { path: { storeId: 's' }, query: { includeDeleted: 'yes' } } });
}
