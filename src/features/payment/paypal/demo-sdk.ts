// The demo's stand-in for PayPal's core script, loaded once per page before PayPal's loader, which fetches only
// from paypal.com and takes a v6 `window.paypal` already in place.
import type { PayPalV6Namespace } from '@paypal/paypal-js/sdk-v6';

let loading: Promise<void> | null = null;

const inPlace = () => (window as { paypal?: Partial<PayPalV6Namespace> }).paypal?.version?.startsWith('6') === true;

export function loadDemoSdk(url: string): Promise<void> {
  if (inPlace()) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.addEventListener('load', () =>
      inPlace() ? resolve() : reject(new Error(`${url} loaded, but defined no v6 window.paypal`)),
    );
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`${url} could not be loaded`));
    });
    document.head.append(script);
  }).catch((error: unknown) => {
    // A failed load may be tried again.
    loading = null;
    throw error;
  });
  return loading;
}
