// A fresh random id for keys that must never repeat (idempotency, capture, a tab's name).

/** A UUID where the browser offers one (secure pages), else 32 random hex digits. */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
