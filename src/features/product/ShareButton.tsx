// Copies a link to the product with the selected variant and confirms for 1.5 s.
import { useEffect, useRef, useState } from 'react';

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
      const { shareFailed } = await import('./share-failed.ts');
      shareFailed(url);
    }
  };
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={() => void share()}
        className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="18" cy="5" r="2.5" />
          <circle cx="6" cy="12" r="2.5" />
          <circle cx="18" cy="19" r="2.5" />
          <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
        </svg>
        Share
      </button>
      <span role="status" className="text-sm font-medium text-emerald-700">
        {copied ? 'Link with selected variant copied!' : ''}
      </span>
    </div>
  );
}
