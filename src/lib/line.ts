// A purchase's line as the shop keeps it: the cart's; a payment's record and a receipt keep picks of it.
import * as v from 'valibot';
import { MAX_PRICE } from './money.ts';

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(500));
const Label = v.pipe(v.string(), v.maxLength(500));
const Cents = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_PRICE));

export const LineSchema = v.object({
  id: Id,
  productId: Label,
  variantId: v.optional(Id),
  name: v.pipe(Label, v.minLength(1)),
  price: Cents,
  originalPrice: v.optional(Cents),
  image: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  variantName: v.optional(Label),
  size: v.optional(Label),
  maxQuantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)),
});

export type Line = v.InferOutput<typeof LineSchema>;
