// PayPal's button callbacks mapped onto the payment core's flow (wallet-flow.ts), and nothing more.
import type { PayPalButtonsComponentProps } from '@paypal/react-paypal-js';
import { useWalletFlow, type WalletPause } from '../wallet-flow.ts';
import type { WalletButtonProps } from '../wallet-props.ts';

type Callbacks = Required<
  Pick<PayPalButtonsComponentProps, 'onClick' | 'createOrder' | 'onApprove' | 'onCancel' | 'onError'>
>;

export interface PayPalFlow extends Callbacks {
  disabled: boolean;
  pause: WalletPause;
}

const PAYPAL = { name: 'PayPal' };

export function usePayPalFlow(owner: string, props: WalletButtonProps): PayPalFlow {
  const flow = useWalletFlow(owner, props, PAYPAL);
  return {
    disabled: flow.disabled,
    pause: flow.pause,
    // Real PayPal buttons still call onClick while disabled: refusing here is what keeps one attempt per page.
    onClick: (_data, actions) => (flow.begin() ? actions.resolve() : actions.reject()),
    createOrder: () => flow.createOrder(),
    onApprove: async (data, actions) => {
      if ((await flow.approve(data.orderID)) === 'restart') actions.restart();
    },
    onCancel: () => flow.cancel(),
    onError: (error) => flow.error(error),
  };
}
