// Quantity input with minus/plus (minimum 1, no upper bound on the product page: the cart enforces the cap).
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

interface Props {
  id: string;
  store: ReadableAtom<number>;
  onChange: (value: number) => void;
  compact?: boolean;
}

export default function QuantityStepper({ id, store, onChange, compact = false }: Props) {
  const value = useStore(store, { ssr: 'initial' });
  // The field may be briefly empty while typing; the store keeps the last valid number.
  const [text, setText] = useState(String(value));
  // A new value from the store replaces what is typed, adjusted during render.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(String(value));
  }
  return (
    <div>
      {!compact && (
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-muted">
          Quantity
        </label>
      )}
      <div className="stepper" data-compact={compact || undefined}>
        <button type="button" onClick={() => onChange(value - 1)} disabled={value <= 1} aria-label="Decrease quantity">
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={text}
          aria-label={compact ? 'Quantity' : undefined}
          onChange={(e) => {
            setText(e.target.value);
            const n = Number(e.target.value);
            if (e.target.value !== '' && Number.isFinite(n)) onChange(n);
          }}
          onBlur={() => setText(String(store.get()))}
        />
        <button type="button" onClick={() => onChange(value + 1)} aria-label="Increase quantity">
          +
        </button>
      </div>
    </div>
  );
}
