/** A paragraph, or a bulleted list when the block is an array. */
export type LegalBlock = string | string[];

export type LegalSection = { id: string; title: string; blocks: LegalBlock[] };

export type LegalDocument = { title: string; lastUpdated: string; summary: string; sections: LegalSection[] };
