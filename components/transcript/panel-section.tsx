// A titled side panel of the item view: a labelled section with an h2.
import type { ReactNode } from "react";
import styles from "./transcript.module.css";

export function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={styles.panel}>
      <h2 className={styles.heading}>{title}</h2>
      {children}
    </section>
  );
}
