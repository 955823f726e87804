// How a suite's gold items are used, in words: the items a suite holds come
// from their import (an item is gold when it has a calibration target), while
// the gold share decides how often they are handed out. At 0 % they are handed
// out only after every other item (lib/queues/next-item.ts), which "10 items
// (1 gold)" did not say. Client-safe.
export function goldDescription(suite: { items: number; goldItems: number; goldShare: number }): string {
  const items = `${suite.items} item${suite.items === 1 ? "" : "s"}`;
  if (suite.goldItems === 0) return `${items}, none of them gold`;
  const gold = `${suite.goldItems} of them gold`;
  const percent = Math.round(suite.goldShare * 100);
  if (percent === 0) return `${items} (${gold}, handed out only after every other item: gold share 0 %)`;
  return `${items} (${gold}, mixed in at ${percent} % of each rater's items)`;
}
