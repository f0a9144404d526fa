import { findFeaturedProducts } from "../../modules/catalog/index.ts";
import { languageOfPath } from "../../lib/language.ts";
import { servicesContext } from "../context.ts";
import { useTranslate } from "../i18n/use-translate.ts";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const language = languageOfPath(new URL(request.url).pathname);
  return { products: await findFeaturedProducts(db, language) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useTranslate();
  return (
    <div>
      <h1>{t("home.hero.title")}</h1>
      <ul>
        {loaderData.products.map((product) => (
          <li key={product.id}>{product.name}</li>
        ))}
      </ul>
    </div>
  );
}
