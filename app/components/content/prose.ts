// Typography for HTML rendered from content Markdown. Tailwind arbitrary variants keep the styles
// next to the components that use them (no global stylesheet rules, no typography plugin).
export const PROSE = [
  "text-base leading-7 text-slate-800",
  "[&_p]:my-4 [&_p:first-child]:mt-0",
  "[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-sea-950",
  "[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-slate-900",
  "[&_[id]]:scroll-mt-24",
  "[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_li]:pl-1",
  "[&_a]:font-medium [&_a]:text-sea-800 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-sea-950",
  "[&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_blockquote]:my-6 [&_blockquote]:rounded-r-lg [&_blockquote]:border-l-4 [&_blockquote]:border-sea-600 [&_blockquote]:bg-sea-50 [&_blockquote]:px-4 [&_blockquote]:py-3",
  "[&_.table-scroll]:my-6 [&_.table-scroll]:overflow-x-auto [&_.table-scroll]:rounded-lg [&_.table-scroll]:border [&_.table-scroll]:border-slate-200 [&_.table-scroll:focus-visible]:outline-2 [&_.table-scroll:focus-visible]:outline-sea-700",
  "[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm",
  "[&_th]:bg-sand-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_th]:text-slate-900",
  "[&_td]:border-t [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
  "[&_img]:my-6 [&_img]:h-auto [&_img]:w-full [&_img]:rounded-lg",
  "[&_hr]:my-10 [&_hr]:border-slate-200",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1",
].join(" ");

export const FOCUS_RING =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 rounded-sm";
