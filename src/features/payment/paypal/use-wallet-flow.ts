// PayPal's one-time payment session mapped onto the payment core's flow (attempt/flow.ts).
import type { OnShippingAddressChangeData, PayPalOneTimePaymentSessionOptions } from '@paypal/paypal-js/sdk-v6';
import { useWalletFlow, type WalletFlow } from '../attempt/flow.ts';
import type { WalletButtonProps } from '../wallet/props.ts';
import { shipsTo } from './sdk-options.ts';
import { paypal } from './provider.ts';

type SessionCallbacks = Required<
  Pick<PayPalOneTimePaymentSessionOptions, 'onApprove' | 'onCancel' | 'onError' | 'onShippingAddressChange'>
>;

export interface PayPalFlow extends SessionCallbacks {
  disabled: boolean;
  pause: WalletFlow['pause'];
  begin: WalletFlow['begin'];
  unopened: WalletFlow['unopened'];
  createOrder: () => Promise<{ orderId: string }>;
}

export function usePayPalFlow(owner: string, props: WalletButtonProps): PayPalFlow {
  const flow = useWalletFlow(owner, props, paypal);
  return {
    disabled: flow.disabled,
    pause: flow.pause,
    begin: () => flow.begin(),
    unopened: () => flow.unopened(),
    // PayPal's order is the payment intent the backend made for the shop's order.
    createOrder: async () => ({ orderId: await flow.createOrder() }),
    onApprove: (data) => flow.approve(data.orderId),
    onCancel: () => flow.cancel(),
    onError: (error) => flow.error(error),
    // Refused inside PayPal's window, before the buyer can approve.
    onShippingAddressChange: (data: OnShippingAddressChangeData) =>
      shipsTo(data.shippingAddress.countryCode)
        ? Promise.resolve()
        : Promise.reject(new Error(data.errors.COUNTRY_ERROR)),
  };
}
