// The payment methods of the cart's currency (listed per currency), fetched from
// /api/currencies/{code}/payment-methods whenever the currency changes. A failed call says so with
// its own label ("Error obteniendo métodos de pagos para esta divisa") instead of a wrong list.
import { useEffect, useState } from "react";
import { useTranslate } from "../../i18n/use-translate.ts";

interface Method {
  id: number;
  api_code: string;
  name: string;
}

type State = { status: "loading" } | { status: "ready"; methods: Method[] } | { status: "failed" };

export function PaymentMethods({ currency }: { currency: string }) {
  const t = useTranslate();
  const [state, setState] = useState<State>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    fetch(`/api/currencies/${encodeURIComponent(currency)}/payment-methods`, {
      headers: { Accept: "application/json" },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`payment methods answered ${response.status}`);
        const body = (await response.json()) as { payment_methods?: Method[] };
        if (!Array.isArray(body.payment_methods)) throw new Error("payment methods: unexpected answer");
        setState({ status: "ready", methods: body.payment_methods });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "failed" });
      });
    return () => controller.abort();
  }, [currency]);

  return (
    <div className="min-h-14 text-sm" data-testid="payment-methods">
      <p className="font-semibold text-sea-950">{t("cart.paymentMethods")}</p>
      {state.status === "loading" ? <p className="text-slate-600">{t("cart.paymentMethodsLoading")}</p> : null}
      {state.status === "failed" ? (
        <p role="alert" className="text-coral-700">
          {t("currency.paymentMethodsError")}
        </p>
      ) : null}
      {state.status === "ready" ? (
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {state.methods.map((method) => (
            <li
              key={method.id}
              className="rounded border border-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-800"
            >
              {method.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
