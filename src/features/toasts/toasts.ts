// Raising and dismissing toasts, loaded with the first toast rather than with the page (the store of toasts on
// screen, which the page needs at once, is in store.ts).
import { $toasts, type Toast, type ToastVariant } from './store.ts';

export { $toasts, type Toast, type ToastVariant };

const DEFAULT_TOAST_MS = 4000;
/** At most this many toasts stay on screen; older ones make way. */
const MAX_TOASTS = 3;

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
// The toaster's code loads on the first toast: a toast's time on screen starts when it can be seen, or a
// short one (770 ms) could expire before it was ever shown.
let attached = false;

function startTimer(t: Toast): void {
  if (!timers.has(t.id))
    timers.set(
      t.id,
      setTimeout(() => dismissToast(t.id), t.duration),
    );
}

/** Called by the toaster once it is on screen; starts the clocks of the toasts waiting for it. */
export function attachToaster(): void {
  attached = true;
  for (const t of $toasts.get()) startTimer(t);
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export function toast(input: {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}): number {
  const id = nextId++;
  const t: Toast = { variant: 'default', duration: DEFAULT_TOAST_MS, ...input, id };
  const list = [...$toasts.get(), t];
  for (const old of list.slice(0, Math.max(0, list.length - MAX_TOASTS))) dismissToast(old.id);
  $toasts.set([...$toasts.get(), t]);
  if (attached) startTimer(t);
  return id;
}
