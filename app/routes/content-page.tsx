// Every editorial page of content/ (ferry, promotions, FAQ, history, legal texts …): the URL says
// which page and language; the text was parsed when the server started. A page that needs more than
// text (the ferry booking widget) gets its own route that calls loadContentView and passes its extra
// UI to <ContentArticle lead={…}>.
import { ContentArticle } from "../components/content/content-article.tsx";
import { loadContentView } from "../content/content-view.server.ts";
import { contentMeta } from "../content/meta.ts";
import type { Route } from "./+types/content-page";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadContentView(request, context);
}

export const meta: Route.MetaFunction = ({ loaderData }) => contentMeta(loaderData);

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <ContentArticle view={loaderData} />;
}
