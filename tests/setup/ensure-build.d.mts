/** Builds the production build into `buildDir` when missing or stale; returns the directory. */
export function ensureBuild(buildDir?: string): string;
