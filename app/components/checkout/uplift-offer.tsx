// Uplift's pay-monthly offer on the payment page. Given the
// server's decision (lib/uplift.ts upliftScriptFor: English, site flag, currency, key) it injects the
// script only when that decision is not null, initialises it into its own container and keeps the
// amount current. It reports the page's Uplift state through callbacks: onInitialized
// (upliftInitialized = true), onPaymentButtonChange (showPaymentButton: false while "Pay monthly" is
// selected) and onApproved (Uplift's single-use card token, to charge through the card processor).
import { useEffect, useRef, useState } from "react";
import type { UpliftScript } from "../../../lib/uplift.ts";
import { browserUpliftHost, loadUplift, type UpliftPayments } from "./uplift-loader.ts";

export interface UpliftOfferProps {
  /** upliftScriptFor(...) from the loader: null renders nothing and requests nothing. */
  script: UpliftScript | null;
  amountMinor: number;
  currency: string;
  onInitialized?: () => void;
  onPaymentButtonChange?: (show: boolean) => void;
  onApproved?: (cardToken: string) => void;
}

export function UpliftOffer(props: UpliftOfferProps) {
  if (props.script === null) return null;
  return <UpliftOfferLoaded {...props} script={props.script} />;
}

function UpliftOfferLoaded({
  script,
  amountMinor,
  currency,
  onInitialized,
  onPaymentButtonChange,
  onApproved,
}: UpliftOfferProps & { script: UpliftScript }) {
  const container = useRef<HTMLDivElement>(null);
  const [payments, setPayments] = useState<UpliftPayments | null>(null);
  // The latest callbacks, read when Uplift calls back: a new closure each render must not re-init it.
  const callbacks = useRef({ onInitialized, onPaymentButtonChange, onApproved });
  callbacks.current = { onInitialized, onPaymentButtonChange, onApproved };
  const amount = useRef({ amountMinor, currency });
  amount.current = { amountMinor, currency };

  useEffect(() => {
    let cancelled = false;
    loadUplift(browserUpliftHost(), script)
      ?.then((api) => {
        if (cancelled || !container.current) return;
        api.init({
          apiKey: script.apiKey,
          locale: "en-US",
          currency: amount.current.currency,
          checkout: true,
          container: container.current,
          onChange: ({ selected }) => callbacks.current.onPaymentButtonChange?.(!selected),
          onApproved: ({ cardToken }) => callbacks.current.onApproved?.(cardToken),
        });
        api.load(amount.current);
        setPayments(api);
        callbacks.current.onInitialized?.();
      })
      .catch((error: unknown) => {
        // Uplift is an extra way to pay: when it fails the page keeps its own pay button.
        console.warn(error);
      });
    return () => {
      cancelled = true;
      container.current?.replaceChildren();
      callbacks.current.onPaymentButtonChange?.(true);
    };
  }, [script]);

  useEffect(() => {
    payments?.load({ amountMinor, currency });
  }, [payments, amountMinor, currency]);

  // Uplift's markup is its own; the frame and spacing around it are ours, so it sits in the form like a method.
  return (
    <div
      ref={container}
      className="min-h-12 rounded-lg border border-slate-200 p-3 text-sm text-slate-800 [&_[data-uplift=headline]]:font-semibold [&_button]:mt-2 [&_button]:mr-2 [&_button]:rounded-md [&_button]:border [&_button]:border-sea-700 [&_button]:px-3 [&_button]:py-1 [&_button]:font-semibold [&_button]:text-sea-800 [&_label]:mt-2 [&_label]:flex [&_label]:items-center [&_label]:gap-2"
      data-testid="uplift-offer"
    />
  );
}
