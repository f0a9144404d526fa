// Link previews (Open Graph, Twitter) show raster images only: every illustration a page may share is
// rendered from its SVG to a PNG at build time (scripts/vite-og-images.ts) under /images/og/.

/** The folders and files whose SVGs get a PNG twin. */
export const OG_SOURCE_FOLDERS = ["/images/products/"] as const;
export const DEFAULT_OG_SVG = "/images/home/hero-crossing.svg";

/** Width of the rendered PNGs: large previews want at least 1200 px. */
export const OG_IMAGE_WIDTH = 1200;

/** Whether a public SVG has a PNG twin. */
export function hasRasterTwin(svgPath: string): boolean {
  return (
    svgPath === DEFAULT_OG_SVG ||
    OG_SOURCE_FOLDERS.some((folder) => svgPath.startsWith(folder) && /^[\w-]+\.svg$/.test(svgPath.slice(folder.length)))
  );
}

/** The PNG of a public SVG ("/images/products/xcaret.svg" → "/images/og/xcaret.png"); the site's default for any other image. */
export function rasterImageOf(svgPath: string | null | undefined): string {
  const source = svgPath && hasRasterTwin(svgPath) ? svgPath : DEFAULT_OG_SVG;
  const name = source.slice(source.lastIndexOf("/") + 1, -".svg".length);
  return `/images/og/${name}.png`;
}

/** What a route module may export as `handle` to show its own image in link previews. */
export interface OgImageHandle {
  /** The public SVG the page shows, from its loader's data. */
  ogImage?: (data: unknown) => string | null | undefined;
}

/** The preview image of the page the matches render: the deepest route's own, else the site's default. */
export function ogImageOfMatches(matches: readonly { handle?: unknown; loaderData?: unknown }[]): string {
  for (const match of [...matches].reverse()) {
    const handle = match.handle as OgImageHandle | undefined;
    const svg = handle?.ogImage?.(match.loaderData);
    if (svg) return rasterImageOf(svg);
  }
  return rasterImageOf(DEFAULT_OG_SVG);
}
