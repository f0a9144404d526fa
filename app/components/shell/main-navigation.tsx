// The main navigation on wide screens: a bar of disclosure menus (ui/disclosure.tsx). Its code loads on
// demand (ui/hydrate-on-demand.tsx): until then its server HTML is there, its links work as plain links.
// Below the lg breakpoint it is hidden and the off-canvas menu (mobile-menu.tsx) lists the same pages.
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { Disclosure, moveTopLevelFocus } from "../ui/disclosure.tsx";
import { ArrowRightIcon, ChevronDownIcon } from "../ui/icons.tsx";
import { FOCUS_RING } from "../ui/styles.ts";
import { buildMainMenu, hintKeyOf } from "./navigation.ts";

export function MainNavigation() {
  const t = useTranslate();
  const menu = buildMainMenu(useLanguage());
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const setGroupOpen = useCallback(
    (id: string) => (open: boolean) => setOpenMenu((current) => (open ? id : current === id ? null : current)),
    [],
  );
  if (menu.length === 0) return null;
  return (
    <nav aria-label={t("a11y.mainNavigation")} className="hidden lg:block">
      <ul data-menubar className="flex items-center gap-1">
        {menu.map((group) => {
          const single = group.single ? group.links[0] : undefined;
          if (single) {
            return (
              <li key={group.id}>
                <Link
                  to={single.href}
                  data-menubar-item=""
                  onKeyDown={moveTopLevelFocus}
                  className={`inline-flex min-h-11 items-center rounded-full px-4 text-[0.95rem] font-semibold text-slate-800 hover:bg-sea-50 hover:text-sea-900 ${FOCUS_RING}`}
                >
                  {t(group.label)}
                </Link>
              </li>
            );
          }
          const open = openMenu === group.id;
          return (
            <li key={group.id}>
              <Disclosure
                topLevel
                open={open}
                onOpenChange={setGroupOpen(group.id)}
                buttonClassName={`inline-flex min-h-11 items-center gap-1 rounded-full px-4 text-[0.95rem] font-semibold hover:bg-sea-50 hover:text-sea-900 ${FOCUS_RING} ${
                  open ? "bg-sea-50 text-sea-900" : "text-slate-800"
                }`}
                panelClassName="absolute left-0 top-full z-50 mt-3 w-80 origin-top-left animate-menu-in rounded-2xl bg-white p-2 shadow-2xl ring-1 ring-sea-950/10"
                button={
                  <>
                    {t(group.label)}
                    <ChevronDownIcon
                      className={`size-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
                    />
                  </>
                }
              >
                <ul>
                  {group.links.map((link) => {
                    const hint = hintKeyOf(link.pageId);
                    return (
                      <li key={link.pageId}>
                        <Link
                          to={link.href}
                          onClick={() => setOpenMenu(null)}
                          className={`group flex items-start justify-between gap-3 rounded-xl px-3 py-2.5 hover:bg-sea-50 ${FOCUS_RING}`}
                        >
                          <span>
                            <span className="block font-semibold text-sea-950">{t(`page.${link.pageId}`)}</span>
                            {hint ? <span className="mt-0.5 block text-sm text-slate-600">{t(hint)}</span> : null}
                          </span>
                          <ArrowRightIcon className="mt-1 size-4 shrink-0 text-sea-700 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 motion-reduce:transition-none" />
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </Disclosure>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
