// Accessible tabs (WAI-ARIA APG, automatic activation): role=tablist/tab/tabpanel, one tab in the
// tab order (roving tabindex), Left/Right arrows wrap, Home/End jump. The first tab is selected on the
// server, so the HTML is complete before hydration.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface TabDefinition {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabsProps {
  tabs: readonly TabDefinition[];
  /** Accessible name of the tab list. */
  label: string;
  tabListClassName?: string;
  tabClassName?: (selected: boolean) => string;
  panelClassName?: string;
}

export function Tabs({ tabs, label, tabListClassName, tabClassName, panelClassName }: TabsProps) {
  const baseId = useId();
  const [selectedId, setSelectedId] = useState(tabs[0]?.id);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  function select(index: number) {
    const tab = tabs[index];
    if (!tab) return;
    setSelectedId(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    select(next);
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className={tabListClassName}>
        {tabs.map((tab, index) => {
          const selected = tab.id === selectedId;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setSelectedId(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={tabClassName?.(selected)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selectedId}
          tabIndex={0}
          className={panelClassName}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
