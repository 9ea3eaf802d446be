// /thank-you?orderId=... (SPEC §2): the paid order, fetched by id in the browser (the page is static). The server
// renders a skeleton of the loaded page's size; a missing or unknown id gets a clear message and a way back.
import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import { formatOrderDate, readReceipt, statusLabel, type Receipt } from '../lib/invoice.ts';
import { getApi } from '../stores/api.ts';
import ThankYouActions from './ThankYouActions.tsx';
import ThankYouConfetti from './ThankYouConfetti.tsx';
import ThankYouProgress from './ThankYouProgress.tsx';
import ThankYouSummary from './ThankYouSummary.tsx';

export interface SupportChannel {
  label: string;
  value: string;
  href: string;
  note?: string | undefined;
}

interface Props {
  /** Invoice header: who sells, and how to reach them. */
  seller: string[];
  support: SupportChannel[];
}

type View =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'not-found'; orderId: string }
  | { kind: 'error'; orderId: string }
  | { kind: 'ready'; receipt: Receipt };

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 404;

export default function ThankYou({ seller, support }: Props) {
  const [view, setView] = useState<View>({ kind: 'loading' });

  const load = useCallback(async () => {
    const orderId = new URLSearchParams(window.location.search).get('orderId')?.trim();
    if (!orderId) return setView({ kind: 'missing' });
    setView({ kind: 'loading' });
    // The answer replaces the skeleton in a transition, which React renders in tasks of a few milliseconds
    // instead of one long task (TBT, issue 7); the skeleton stays until the page is ready.
    const show = (next: View) => startTransition(() => setView(next));
    try {
      const api = await getApi();
      const { data } = await api.GET('/orders/{id}', { params: { path: { id: orderId } } });
      show({ kind: 'ready', receipt: readReceipt(data) });
    } catch (error) {
      if (isNotFound(error)) return show({ kind: 'not-found', orderId });
      console.error('Thank-you: could not load the order.', error);
      show({ kind: 'error', orderId });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (view.kind === 'loading') return <ThankYouSkeleton />;
  if (view.kind === 'missing') {
    return <Problem title="No order to show" text="This page confirms an order, but the link you followed has no order number in it." />;
  }
  if (view.kind === 'not-found') {
    return (
      <Problem title="We couldn't find that order" text={`There is no order with the number “${view.orderId}”. Please check the link in your confirmation, or contact our support team.`} />
    );
  }
  if (view.kind === 'error') {
    return (
      <Problem title="We couldn't load your order" text={`Order ${view.orderId} could not be loaded right now. Your order is safe; please try again in a moment.`}>
        <button type="button" onClick={() => void load()} className="btn-primary h-12">
          Try again
        </button>
      </Problem>
    );
  }

  const { receipt } = view;
  const status = statusLabel(receipt.status);
  return (
    <div>
      <ThankYouConfetti />
      <header className="flex flex-col items-center text-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">Thank you for your order!</h1>
        <p className="mt-3 text-muted">
          Order number <strong className="font-semibold text-ink break-all">{receipt.orderId}</strong>
          {receipt.placedAt && <> · Placed {formatOrderDate(receipt.placedAt)}</>}
          {status && <> · {status}</>}
        </p>
      </header>

      <section aria-labelledby="progress-title" className="mt-8 rounded-2xl border border-slate-200 px-3 py-5 sm:px-6">
        <h2 id="progress-title" className="sr-only">Order progress</h2>
        <ThankYouProgress />
        <p className="mt-4 text-center text-sm text-muted">Orders are processed in 1-2 business days and delivered in 5-10 business days.</p>
      </section>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ThankYouSummary receipt={receipt} />
        <div className="space-y-6">
          <ThankYouActions receipt={receipt} seller={seller} />
          <SupportCard support={support} />
        </div>
      </div>
    </div>
  );
}

function SupportCard({ support }: { support: SupportChannel[] }) {
  return (
    <section aria-labelledby="support-title" className="rounded-2xl bg-brand-50 p-5 sm:p-6">
      <h2 id="support-title" className="text-lg font-semibold">Need help?</h2>
      <p className="mt-1 text-sm text-muted">Our support team is available 24/7. Have your order number ready.</p>
      <ul className="mt-4 space-y-3 text-sm">
        {support.map((c) => (
          <li key={c.href}>
            <span className="block text-muted">{c.label}</span>
            <a href={c.href} className="font-semibold break-words text-brand-700 underline-offset-4 hover:underline">
              {c.value}
            </a>
          </li>
        ))}
        <li>
          <a href="/support" className="font-medium text-brand-700 underline underline-offset-2">
            Visit the support center
          </a>
        </li>
      </ul>
    </section>
  );
}

function Problem({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-10 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-700" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance">{title}</h1>
      <p className="mt-3 text-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {children}
        <a href="/order-tracking" className="btn-outline h-12">
          Track an order
        </a>
        <a href="/" className={children ? 'btn-outline h-12' : 'btn-primary h-12'}>
          Back to the shop
        </a>
      </div>
    </div>
  );
}

/** The server's render: the loaded page's boxes (measured for a one-line order), so nothing jumps on arrival. */
function ThankYouSkeleton() {
  const bar = 'rounded-full bg-slate-200';
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">Loading your order…</p>
      <div aria-hidden="true">
        <div className="flex flex-col items-center">
          <div className="h-16 w-16 rounded-full bg-slate-100" />
          <div className="mt-4 flex h-18 w-full flex-col items-center justify-center gap-3 sm:h-10">
            <div className={`${bar} h-7 w-3/4 sm:w-1/2`} />
          </div>
          <div className="mt-3 flex h-12 w-full items-center justify-center sm:h-6">
            <div className={`${bar} h-4 w-3/4 sm:w-1/2`} />
          </div>
        </div>
        <div className="mt-8 h-42.5 rounded-2xl border border-slate-200 sm:h-34.5" />
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="h-90.5 rounded-2xl border border-slate-200 bg-slate-50 sm:h-86.5" />
          <div className="space-y-6">
            <div className="h-61 rounded-2xl border border-slate-200 sm:h-63" />
            <div className="h-63.5 rounded-2xl bg-brand-50 lg:h-65.5" />
          </div>
        </div>
      </div>
    </div>
  );
}
