/** The landing page's pricing facts (spec §1 and §9). */
export const TRIAL_DAYS = 30;
export const MONTHLY_PRICE_DOLLARS = 21;
