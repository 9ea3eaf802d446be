// The payment banner's own React root, made once a pending payment is found (record/recovery.ts).
import { createRoot } from 'react-dom/client';
import PaymentBanner from './PaymentBanner.tsx';

let mounted = false;

export function mount(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<PaymentBanner />);
}
