// Where the browser remembers that the app banner was dismissed. A module of its own so that the e2e
// tier, which runs outside Vite, can read it without loading the banner's component and its icons.
export const APP_BANNER_STORAGE_KEY = "travesia.appBanner.dismissed";
