// The whole wallet slot of a placement when its button cannot be offered at all.
import type { WalletPlacement } from '../wallet/props.ts';
import { WalletUnavailable, type Notice } from './WalletUnavailable.tsx';

/** Marked rejected, for tests and check-deploy to tell it from a notice inside a working button. */
export function WalletRejected({ placement, ...notice }: Notice & { placement: WalletPlacement }) {
  return (
    <div data-wallet-status="rejected" data-wallet-placement={placement}>
      <WalletUnavailable {...notice} />
    </div>
  );
}
