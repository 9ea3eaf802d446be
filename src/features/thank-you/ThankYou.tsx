// /thank-you: shows at once the order kept at payment; the backend is asked only with a token or nothing kept, and
// its refusal is no error for the shopper.
import { startTransition, useCallback, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { formatOrderDate, receiptOf, sameReceipt, statusLabel, type Receipt } from './invoice.ts';
import { keptOrder, PAYMENT_UNDER_REVIEW, shownLines, type KnownOrder } from './receipt.ts';
import { getApi, holdsToken } from '../../api/client.ts';
import ThankYouActions from './ThankYouActions.tsx';
import ThankYouConfetti from './ThankYouConfetti.tsx';
import ThankYouProgress from './ThankYouProgress.tsx';
import ThankYouSummary from './ThankYouSummary.tsx';
import { CheckIcon, ReceiptIcon, WarningIcon } from '../../ui/icons.tsx';
import { StatePanel } from '../../ui/StatePanel.tsx';
import type { ContactCard, PromiseTexts } from '../settings/index.ts';
import { isPrerendering, whenShown } from '../../browser/activation.ts';
import { inBackground, logLoadFailure } from '../../browser/leaving.ts';
import { href } from '../../lib/href.ts';
import { orderTrackingPath } from '../../lib/pages.ts';

interface Props {
  seller: string[];
  support: ContactCard[];
  storeName: string;
  promised: Pick<PromiseTexts, 'processing' | 'delivery' | 'support'>;
}

type View =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'unavailable'; orderId: string }
  | { kind: 'not-found'; orderId: string }
  | { kind: 'error'; orderId: string }
  | { kind: 'ready'; receipt: Receipt };

let receiptStore: typeof import('./receipt-store.ts') | undefined;

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined;
const isRefusal = (error: unknown) => statusOf(error) === 401 || statusOf(error) === 403;

export default function ThankYou({ seller, support, storeName, promised }: Props) {
  const [view, setView] = useState<View>({ kind: 'loading' });

  const load = useCallback(async (opened = false) => {
    const show = (next: View) => startTransition(() => setView(next));
    // Shown from a prerender: the first frame's content is decided in the task that shows it.
    const showFirst = (next: View | ((drawn: View) => View)) =>
      opened ? flushSync(() => setView(next)) : startTransition(() => setView(next));
    const orderId = new URLSearchParams(window.location.search).get('orderId')?.trim();
    if (!orderId) return showFirst({ kind: 'missing' });
    const { findReceipt, keepReceipt } = receiptStore ?? (await import('./receipt-store.ts'));
    const kept = findReceipt(orderId);
    if (kept) {
      const ready: View = { kind: 'ready', receipt: receiptOf(kept) };
      showFirst((drawn) => (drawn.kind === 'ready' && sameReceipt(drawn.receipt, ready.receipt) ? drawn : ready));
      // Without a token the contract's answer is a refusal: asking would only log an error on every confirmation.
      if (!holdsToken()) return;
    } else showFirst({ kind: 'loading' });

    let answer: unknown;
    try {
      const api = await getApi();
      answer = (await api.GET('/orders/{id}', { params: { path: { id: orderId } } })).data;
    } catch (error) {
      if (kept) {
        if (!isRefusal(error))
          console.warn(
            'Thank-you: showing the order kept in this browser; the backend could not be asked for a newer one.',
            error,
          );
        return;
      }
      if (isRefusal(error)) return show({ kind: 'unavailable', orderId });
      if (statusOf(error) === 404) return show({ kind: 'not-found', orderId });
      logLoadFailure('Thank-you: could not load the order.', error);
      return show({ kind: 'error', orderId });
    }
    const known: KnownOrder = kept
      ? { lines: shownLines(kept), status: kept.status, createdAt: kept.createdAt }
      : { lines: [] };
    const read = keptOrder(answer, known);
    // What the payment said it took: the order answer does not say it.
    const taken = {
      ...(kept?.charged !== undefined ? { charged: kept.charged } : {}),
      ...(kept?.takenIn ? { takenIn: kept.takenIn } : {}),
    };
    const order = read ? { ...read, ...taken } : read;
    if (!order) {
      if (kept) return;
      console.error('Thank-you: the order answer has no order id.', answer);
      return show({ kind: 'error', orderId });
    }
    if (kept) keepReceipt(order);
    show({ kind: 'ready', receipt: receiptOf(order) });
  }, []);
  // Prerendered: draws the receipt told ahead once kept ones read synchronously; shown, the kept one wins.
  useEffect(() => {
    const prerendered = isPrerendering();
    let live = true;
    let stopFollowing = () => {};
    if (prerendered)
      inBackground(
        import('./receipt-store.ts')
          .then((store) => {
            receiptStore = store;
            return import('./receipt-ahead.ts');
          })
          .then(({ followAnnouncedReceipts }) => {
            if (!live || !isPrerendering()) return;
            stopFollowing = followAnnouncedReceipts((order) =>
              startTransition(() => setView({ kind: 'ready', receipt: receiptOf(order) })),
            );
          }),
      );
    const stopWaiting = whenShown(() => {
      stopFollowing();
      void load(prerendered);
    });
    return () => {
      live = false;
      stopFollowing();
      stopWaiting();
    };
  }, [load]);

  // Laid out while hidden: the frame that shows it only paints.
  useLayoutEffect(() => {
    if (view.kind === 'ready' && isPrerendering()) document.documentElement.getBoundingClientRect();
  }, [view]);

  if (view.kind === 'loading') return <ThankYouSkeleton />;
  if (view.kind === 'missing') {
    return (
      <Problem
        title="No order to show"
        text="This page confirms an order, but the link you followed has no order number in it."
      />
    );
  }
  if (view.kind === 'unavailable') {
    return <NoDetails orderId={view.orderId} support={support} hours={promised.support} />;
  }
  if (view.kind === 'not-found') {
    return (
      <Problem
        title="We couldn't find that order"
        text={`There is no order with the number “${view.orderId}”. Please check the link in your confirmation, or contact our support team.`}
      />
    );
  }
  if (view.kind === 'error') {
    return (
      <Problem
        title="We couldn't load your order"
        text={`Order ${view.orderId} could not be loaded right now. Your order is safe; please try again in a moment.`}
      >
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
        <span
          className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700"
          aria-hidden="true"
        >
          <CheckIcon className="h-8 w-8" strokeWidth={2.5} />
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">Thank you for your order!</h1>
        <p className="mt-3 text-muted">
          Order number <strong className="font-semibold break-all text-ink">{receipt.orderId}</strong>
          {receipt.placedAt && <> · Placed {formatOrderDate(receipt.placedAt)}</>}
          {status && <> · {status}</>}
        </p>
        {receipt.status === PAYMENT_UNDER_REVIEW && (
          <p className="mt-3 max-w-prose rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {receipt.paidWith ?? 'The payment service'} is reviewing your payment, which can take up to a few days. Your
            order is placed, nothing more is needed from you, and we ship it once the payment clears.
          </p>
        )}
      </header>

      <section aria-labelledby="progress-title" className="mt-8 rounded-2xl border border-slate-200 px-3 py-5 sm:px-6">
        <h2 id="progress-title" className="sr-only">
          Order progress
        </h2>
        <ThankYouProgress />
        <p className="mt-4 text-center text-sm text-muted">
          Orders are processed in {promised.processing} and delivered in {promised.delivery}.
        </p>
      </section>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ThankYouSummary receipt={receipt} />
        <div className="space-y-6">
          <ThankYouActions receipt={receipt} seller={seller} storeName={storeName} />
          <SupportCard support={support} hours={promised.support} />
        </div>
      </div>
    </div>
  );
}

/** No kept order and no answer: what the page can honestly say. */
function NoDetails({ orderId, support, hours }: { orderId: string; support: ContactCard[]; hours: string }) {
  return (
    <div className="mx-auto max-w-xl">
      <StatePanel
        icon={<ReceiptIcon className="h-7 w-7" />}
        tone="brand"
        title="Your order details are in your confirmation"
        actions={
          <>
            <a href={href(orderTrackingPath(orderId))} target="_blank" rel="noopener" className="btn-primary h-12">
              Track order
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a href={href('/')} className="btn-outline h-12">
              Back to the shop
            </a>
          </>
        }
      >
        <p>
          Order number <strong className="font-semibold break-all text-ink">{orderId}</strong>
        </p>
        <p>
          This browser has no copy of the order, and its details are only shown where it was placed. Your order
          confirmation lists the items, the total and the delivery estimate.
        </p>
      </StatePanel>
      <div className="mt-4 sm:mt-0">
        <SupportCard support={support} hours={hours} />
      </div>
    </div>
  );
}

function SupportCard({ support, hours }: { support: ContactCard[]; hours: string }) {
  return (
    <section aria-labelledby="support-title" className="rounded-2xl bg-brand-50 p-5 sm:p-6">
      <h2 id="support-title" className="text-lg font-semibold">
        Need help?
      </h2>
      <p className="mt-1 text-sm text-muted">Our support team is available {hours}. Have your order number ready.</p>
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
          <a href={href('/support')} className="font-medium text-brand-700 underline underline-offset-2">
            Visit the support center
          </a>
        </li>
      </ul>
    </section>
  );
}

function Problem({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <StatePanel
      icon={<WarningIcon className="h-7 w-7" />}
      tone="warning"
      title={title}
      actions={
        <>
          {children}
          <a href={href('/order-tracking')} className="btn-outline h-12">
            Track an order
          </a>
          <a href={href('/')} className={children ? 'btn-outline h-12' : 'btn-primary h-12'}>
            Back to the shop
          </a>
        </>
      }
    >
      <p>{text}</p>
    </StatePanel>
  );
}

/** The server's render: the loaded page's boxes (measured for a one-line order), so nothing jumps on arrival. */
function ThankYouSkeleton() {
  const bar = 'rounded-full bg-slate-200';
  return (
    <div aria-busy="true">
      <h1 className="sr-only">Order confirmation</h1>
      <p role="status" className="sr-only">
        Loading your order…
      </p>
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
