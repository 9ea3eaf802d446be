import type { WalletPlacement } from '../wallet/props.ts';
import { WalletUnavailable, type Notice } from './WalletUnavailable.tsx';

/** A placement's whole wallet slot when its button cannot be offered, marked for tests and check-deploy. */
export function WalletRejected({ placement, ...notice }: Notice & { placement: WalletPlacement }) {
  return (
    <div data-wallet-status="rejected" data-wallet-placement={placement}>
      <WalletUnavailable {...notice} />
    </div>
  );
}
