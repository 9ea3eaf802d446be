// The toasts on screen, as a store: all that a page needs of toasts at first load (the header's cart button
// watches it to load the toaster). Raising and dismissing toasts is in toasts.ts, loaded with the first toast.
import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds on screen. */
  duration: number;
}

export const $toasts = atom<Toast[]>([]);
