// Page order and link targets of the editable sections: what only shows across files (two sections with one anchor
// or position) is checked here.

export interface OrderedEntry {
  id: string;
  filePath?: string | undefined;
  data: { order: number; anchor?: string };
}

/** Throws, naming both files, when two entries share an order or an anchor. */
export function orderSections<T extends OrderedEntry>(collection: string, entries: readonly T[]): T[] {
  const where = (e: T) => e.filePath ?? `${collection}/${e.id}`;
  const seen = { order: new Map<number, T>(), anchor: new Map<string, T>() };
  for (const entry of entries) {
    const sameOrder = seen.order.get(entry.data.order);
    if (sameOrder) {
      throw new Error(
        `${where(entry)}: order ${entry.data.order} is already used by ${where(sameOrder)}; give each file its own order.`,
      );
    }
    seen.order.set(entry.data.order, entry);
    const { anchor } = entry.data;
    if (anchor === undefined) continue;
    const sameAnchor = seen.anchor.get(anchor);
    if (sameAnchor) {
      throw new Error(
        `${where(entry)}: anchor "${anchor}" is already used by ${where(sameAnchor)}; anchors must be unique.`,
      );
    }
    seen.anchor.set(anchor, entry);
  }
  return [...entries].sort((a, b) => a.data.order - b.data.order);
}
