// One record in a provenance chain (a type the record page's components share).
export type ChainLink = {
  evalId: string;
  raterType: string;
  raterId: string | null;
  createdAt: Date;
  derivedFrom: string | null;
  depth: number;
};
