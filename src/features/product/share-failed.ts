// What the share button says when the link could not be copied: a toast with the link to copy by hand. Loaded
// only then, with the toast code, since neither is part of the first load.
import { toast } from '../../stores/toasts.ts';

export function shareFailed(url: string): void {
  toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
}
