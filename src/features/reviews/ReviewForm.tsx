// A local review form: submitting sends nothing, thanks the shopper for 2 s and clears the form.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { StarIcon } from '../../ui/icons.tsx';

const REVIEW_THANKS_MS = 2000;

export default function ReviewForm() {
  const [rating, setRating] = useState(5);
  const [thanked, setThanked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    e.currentTarget.reset();
    setRating(5);
    setThanked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setThanked(false), REVIEW_THANKS_MS);
  };
  const field = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:border-brand-600';
  return (
    // method="dialog": before hydration a submit goes nowhere, so the review never lands in a URL.
    <form method="dialog" onSubmit={submit} className="space-y-4" aria-labelledby="review-form-title">
      <h3 id="review-form-title" className="text-lg font-semibold">
        Write a review
      </h3>
      <fieldset>
        <legend className="text-sm font-medium">Rating</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="sr-only"
                required
              />
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}
              </span>
              <StarIcon className={`h-8 w-8 ${n <= rating ? 'text-amber-500' : 'text-slate-300'}`} />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium">
          Name
          <input name="name" required autoComplete="name" className={field} />
        </label>
        <label className="block text-sm font-medium">
          Title
          <input name="title" required className={field} />
        </label>
      </div>
      <label className="block text-sm font-medium">
        Review
        <textarea name="content" required rows={4} className={field} />
      </label>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-dark h-12">
          Submit review
        </button>
        <p role="status" className="font-medium text-emerald-700">
          {thanked ? 'Thank you for your review!' : ''}
        </p>
      </div>
    </form>
  );
}
