"use client";
// "Item n of N" and the time spent on this item, so a rater can pace a day's queue.
import { useEffect, useState } from "react";

function minutesSeconds(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export function ItemClock({ position }: { position?: { index: number; total: number } }) {
  const [start] = useState(() => Date.now());
  const [now, setNow] = useState(start);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="item-clock" data-testid="item-clock">
      {position ? (
        <span data-testid="item-position">
          Item {position.index} of {position.total}
        </span>
      ) : null}
      {position ? " · " : null}
      <span aria-label="Time on this item">{minutesSeconds(now - start)} on this item</span>
    </p>
  );
}
