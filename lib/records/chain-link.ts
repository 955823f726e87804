// One record in a provenance chain (a type the record page's components share).
export type ChainLink = {
  evalId: string;
  raterType: string;
  raterId: string | null;
  /** The person's display name (raters and SMEs); absent for judges and visitors. */
  raterName?: string | null;
  createdAt: Date;
  derivedFrom: string | null;
  depth: number;
};
