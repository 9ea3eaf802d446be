// The invoice downloads as a Blob through a temporary link: no inline script or data: URL for the CSP.
import { useState } from 'react';
import { invoiceFileName, invoiceText, type Receipt } from './invoice.ts';
import { PathIcon } from '../../ui/icons.tsx';
import { href } from '../../lib/href.ts';
import { orderTrackingPath, thankYouPath } from '../../lib/pages.ts';

const SHARE_COPIED = 'Order link copied to clipboard!';
const SHARE_FAILED = 'Unable to share order. Please copy the URL manually.';

function downloadInvoice(receipt: Receipt, seller: readonly string[]): void {
  const blob = new Blob([invoiceText(receipt, { seller, issuedAt: new Date() })], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = invoiceFileName(receipt.orderId);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL only has to outlive that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Web Share first; else copy the link; else ask the shopper to copy it. */
async function shareOrder(orderId: string, storeName: string): Promise<void> {
  const url = new URL(href(thankYouPath(orderId)), window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `My ${storeName} order`, text: `Order ${orderId}`, url });
      return;
    } catch (error) {
      // The shopper closed the share sheet.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(url);
    window.alert(SHARE_COPIED);
  } catch {
    window.alert(SHARE_FAILED);
  }
}

const icon = (d: string) => <PathIcon d={d} strokeWidth={1.8} className="h-5 w-5 shrink-0" />;

export default function ThankYouActions({
  receipt,
  seller,
  storeName,
}: {
  receipt: Receipt;
  seller: readonly string[];
  storeName: string;
}) {
  const [sharing, setSharing] = useState(false);
  const action = 'btn-outline h-12 w-full justify-start';
  return (
    <section aria-labelledby="next-title" className="rounded-2xl border border-slate-200 p-5 sm:p-6">
      <h2 id="next-title" className="text-lg font-semibold">
        Your order
      </h2>
      <div className="mt-4 grid gap-2">
        <button type="button" className={action} onClick={() => downloadInvoice(receipt, seller)}>
          {icon('M12 4v11m0 0-4-4m4 4 4-4M5 19h14')}
          Download invoice
        </button>
        <button
          type="button"
          className={action}
          disabled={sharing}
          onClick={() => {
            setSharing(true);
            void shareOrder(receipt.orderId, storeName).finally(() => setSharing(false));
          }}
        >
          {icon(
            'M18 8a3 3 0 1 0-2.8-4M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm12 6a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
          )}
          Share order
        </button>
        <a href={href(orderTrackingPath(receipt.orderId))} target="_blank" rel="noopener" className={action}>
          {icon(
            'M3 7h11v9H3zM14 10h4l3 3v3h-7M7.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm10 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
          )}
          Track order
          <span className="sr-only"> (opens in a new tab)</span>
          <span className="ml-auto text-muted" aria-hidden="true">
            ↗
          </span>
        </a>
      </div>
    </section>
  );
}
