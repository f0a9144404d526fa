// A disclosure menu (WAI-ARIA APG "disclosure navigation"): a button with aria-expanded that shows a
// panel of links. Arrow keys move between the links, Escape closes and returns focus to the button,
// and leaving the menu (focus or pointer elsewhere) closes it. The panel stays in the DOM while
// closed (hidden), so its links are in the server HTML and aria-controls always points somewhere.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface DisclosureProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Content of the button (its accessible name). */
  button: ReactNode;
  buttonClassName?: string;
  panelClassName?: string;
  className?: string;
  children: ReactNode;
  /** Marks the button as a top-level item that Left/Right arrows move between. */
  topLevel?: boolean;
}

const ITEM_SELECTOR = "a[href], button:not([disabled])";

function itemsOf(panel: HTMLElement | null): HTMLElement[] {
  return panel ? Array.from(panel.querySelectorAll<HTMLElement>(ITEM_SELECTOR)) : [];
}

/** Moves focus among the top-level items of the same menu bar (Left/Right, Home/End). */
export function moveTopLevelFocus(event: KeyboardEvent<HTMLElement>): boolean {
  const bar = event.currentTarget.closest("[data-menubar]");
  if (!bar) return false;
  const items = Array.from(bar.querySelectorAll<HTMLElement>("[data-menubar-item]"));
  const index = items.indexOf(event.currentTarget);
  if (index < 0) return false;
  let next: number | null = null;
  if (event.key === "ArrowRight") next = (index + 1) % items.length;
  else if (event.key === "ArrowLeft") next = (index - 1 + items.length) % items.length;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = items.length - 1;
  if (next === null) return false;
  event.preventDefault();
  items[next]?.focus();
  return true;
}

export function Disclosure({
  open,
  onOpenChange,
  button,
  buttonClassName,
  panelClassName,
  className = "relative",
  children,
  topLevel = false,
}: DisclosureProps) {
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });

  useEffect(() => {
    if (!open) return;
    const target = focusOnOpen.current;
    focusOnOpen.current = null;
    if (target) {
      const items = itemsOf(panelRef.current);
      (target === "first" ? items[0] : items[items.length - 1])?.focus();
    }
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) onOpenChangeRef.current(false);
    };
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePointer);
  }, [open]);

  function openAndFocus(target: "first" | "last") {
    if (open) {
      const items = itemsOf(panelRef.current);
      (target === "first" ? items[0] : items[items.length - 1])?.focus();
      return;
    }
    focusOnOpen.current = target;
    onOpenChange(true);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openAndFocus("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAndFocus("last");
    } else if (topLevel && moveTopLevelFocus(event)) {
      onOpenChange(false);
    }
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = itemsOf(panelRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (event.key === "ArrowDown") next = (index + 1) % items.length;
    else if (event.key === "ArrowUp") next = (index - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    if (next === null || items.length === 0) return;
    event.preventDefault();
    items[next]?.focus();
  }

  function onWrapperKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      onOpenChange(false);
      buttonRef.current?.focus();
    }
  }

  return (
    <div
      ref={wrapperRef}
      className={className}
      onKeyDown={onWrapperKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !wrapperRef.current?.contains(next)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
        onKeyDown={onButtonKeyDown}
        className={buttonClassName}
        {...(topLevel ? { "data-menubar-item": "" } : {})}
      >
        {button}
      </button>
      <div id={panelId} ref={panelRef} hidden={!open} onKeyDown={onPanelKeyDown} className={panelClassName}>
        {children}
      </div>
    </div>
  );
}
