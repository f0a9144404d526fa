// Console route: products and complements (ADR 0070). Thin: the gate, then app/console/operations/products.server.ts decides.
import { languageOfPath } from "../../../lib/language.ts";
import { ProductsPage } from "../operations/products-page.tsx";
import { loadProductsPage, submitProductsPage } from "../operations/products.server.ts";
import type { Refusal } from "../operations/shared.server.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-products";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "pricing");
  return loadProductsPage(args, languageOfPath(new URL(args.request.url).pathname));
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaffPage(args, "pricing");
  return submitProductsPage(args, actor, languageOfPath(new URL(args.request.url).pathname));
}

export const headers = () => PRIVATE_NO_STORE;

export default function ConsoleProducts({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = (actionData as { refusal?: Refusal } | undefined)?.refusal ?? null;
  return <ProductsPage page={loaderData} refusal={refusal} />;
}
