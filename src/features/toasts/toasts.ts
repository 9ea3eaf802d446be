// Raising and dismissing toasts, loaded with the first one.
import { $toasts, type Toast, type ToastVariant } from './store.ts';

export { $toasts, type Toast, type ToastVariant };

const DEFAULT_TOAST_MS = 4000;
const MAX_TOASTS = 3;

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
// A toast's time starts once it can be seen, or a short one could expire before the toaster loaded.
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
