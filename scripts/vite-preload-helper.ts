// A smaller stand-in for the helper Vite puts around every dynamic import() of the browser build
// (ADR 0086). Before a chunk is imported, the helper adds a modulepreload link for each chunk it
// imports in turn (so they download side by side, not one after the other) and a stylesheet link for
// its CSS, and waits for the CSS. Vite's own does the same with fallbacks this site does not need
// (import.meta.resolve, a settled-promise polyfill, an event to cancel a failed preload, which nothing
// listens to), and it sat in every page's first load: 1.3 KB gzip, against about 0.4 for this one.
// The helper's module id and its call, __vitePreload(load, deps), are Vite's; should a version change
// them, this plugin's module goes unused and Vite's helper comes back, bytes and all, but working.
import type { Plugin } from "vite";

const HELPER_ID = "\0vite/preload-helper.js";

export function preloadHelper(): Plugin {
  let base = "/";
  return {
    name: "travesia:preload-helper",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      base = config.base;
    },
    load(id) {
      if (id !== HELPER_ID) return null;
      return `
const done = new Set();
export const __vitePreload = (load, deps) => {
  const waits = [];
  if (deps && deps.length) {
    const meta = document.querySelector("meta[property=csp-nonce]");
    const nonce = meta && (meta.nonce || meta.getAttribute("nonce"));
    for (const present of document.getElementsByTagName("link")) done.add(present.href);
    for (const dep of deps) {
      const href = new URL(${JSON.stringify(base)} + dep, location.href).href;
      if (done.has(href)) continue;
      done.add(href);
      const css = dep.endsWith(".css");
      const link = document.createElement("link");
      link.rel = css ? "stylesheet" : "modulepreload";
      if (!css) link.as = "script";
      link.crossOrigin = "";
      link.href = href;
      if (nonce) link.setAttribute("nonce", nonce);
      document.head.appendChild(link);
      if (css)
        waits.push(
          new Promise((resolve, reject) => {
            link.onload = resolve;
            link.onerror = () => {
              done.delete(href);
              link.remove();
              reject(new Error("Unable to preload CSS for " + href));
            };
          }),
        );
    }
  }
  return Promise.all(waits).then(load);
};
`;
    },
  };
}
