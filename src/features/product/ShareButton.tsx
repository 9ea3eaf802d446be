// Copies a link to the product with the selected variant and confirms for 1.5 s.
import { useEffect, useRef, useState } from 'react';
import { ShareIcon } from '../../ui/icons.tsx';

const SHARE_CONFIRM_MS = 1500;

export default function ShareButton() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const share = async () => {
    // The address bar already carries ?variant=, kept current by the picker.
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), SHARE_CONFIRM_MS);
    } catch {
      // The link to copy by hand, in a toast: its code loads only now, as it is not part of the first load.
      const { toast } = await import('../toasts/toasts.ts');
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={() => void share()}
        className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
      >
        <ShareIcon className="h-4 w-4" />
        Share
      </button>
      <span role="status" className="text-sm font-medium text-emerald-700">
        {copied ? 'Link with selected variant copied!' : ''}
      </span>
    </div>
  );
}
