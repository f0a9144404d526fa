// Markup the server rendered and the browser keeps as it is (ADR 0072): its string is in the document
// once, not again in the page's loader data. The server reads it from the document's map; the browser
// from the page's data after a client-side navigation, else, on the render that hydrates the server's
// element, from that element (so a render from scratch, after a hydration error, still has it).
import { createElement, useContext, useState, type HTMLAttributes } from "react";
import { ServerMarkupContext } from "../../../lib/content/server-markup.ts";

type Props = HTMLAttributes<HTMLElement> & {
  as: "div" | "span" | "h2" | "script";
  /** The markup's name, unique within the page (CONTENT_MARKUP). */
  name: string;
  /** The page data's markup: present after a client-side navigation, absent from a document's data. */
  markup: Readonly<Record<string, string>> | undefined;
  type?: string;
  nonce?: string;
};

export function StaticHtml({ as, name, markup, ...attributes }: Props) {
  const fromServer = useContext(ServerMarkupContext);
  const given = markup?.[name] ?? fromServer?.get(name);
  const [rendered] = useState(() => given ?? renderedMarkup(name));
  return createElement(as, {
    ...attributes,
    "data-markup": name,
    dangerouslySetInnerHTML: { __html: given ?? rendered },
  });
}

/** What the server rendered under this name, read from the document before React takes the element over. */
function renderedMarkup(name: string): string {
  if (typeof document === "undefined") return "";
  return document.querySelector(`[data-markup="${CSS.escape(name)}"]`)?.innerHTML ?? "";
}
