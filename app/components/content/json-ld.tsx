// schema.org data in a <script type="application/ld+json">. It carries the request's CSP nonce so the
// policy treats it like our other inline scripts; the JSON is escaped so content cannot close it.
import { useRootData } from "../../i18n/use-translate.ts";
import { serializeJsonLd, type JsonLd } from "../../content/structured-data.ts";

export function JsonLdScript({ data }: { data: JsonLd }) {
  const nonce = useRootData()?.nonce;
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // Browsers hide a nonce from the DOM after parsing; the server's value is the one that counts.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
