// All a page needs of toasts at first load; raising them (toasts.ts) loads with the first one.
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
