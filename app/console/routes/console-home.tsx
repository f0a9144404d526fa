// The console's home: the sections the signed-in staff member's role opens, each with a line saying
// what it is for.
import { Link } from "react-router";
import { CARD } from "../../components/booking/styles.ts";
import { FOCUS_RING } from "../../components/ui/styles.ts";
import { useConsoleLayoutData, useConsoleT } from "../console-i18n.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-home";

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, null);
  return null;
}

export const headers = () => PRIVATE_NO_STORE;

export default function ConsoleHome() {
  const t = useConsoleT();
  const { nav } = useConsoleLayoutData();
  const sections = nav.filter((entry) => entry.pageId !== "consoleHome");
  return (
    <section className="space-y-4">
      <h1 className="text-3xl font-bold text-sea-950">{t("console.home.title")}</h1>
      <p className="text-slate-700">{t("console.home.summary")}</p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="console-sections">
        {sections.map((entry) => (
          <li key={entry.pageId}>
            <Link to={entry.path} className={`${CARD} block h-full hover:border-sea-700 ${FOCUS_RING}`}>
              <span className="block text-lg font-semibold text-sea-950">{t(entry.title)}</span>
              <span className="mt-1 block text-sm text-slate-700">{t(entry.summary)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
