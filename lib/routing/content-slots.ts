// The content slots the pages render (seeded by db/seed-personalization.ts with the same ids).
export const HOME_BANNER_SLOT = "home-banner";
export const PROMOTIONS_BANNER_SLOT = "promotions-banner";
