// Console: products and complements. Every product with a button to retire it or put it back on sale
// and a link to its edit form, a form for a new product (its park or tour, texts in every language,
// picture, ages and fares), one for a new complement (an admission and its tour), and the parks and
// tours with their hours and capacity. Refusals show on what they are about.
import { Form, Link, useNavigation } from "react-router";
import { CARD } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { useConsoleT } from "../console-i18n.ts";
import { ChoiceField, InputField } from "../fields.tsx";
import { ActivitiesSection } from "./activities-section.tsx";
import { EditProduct, PictureFileField, ProductTextFields } from "./product-edit-form.tsx";
import { RefusalBox } from "./refusal.tsx";
import type { ProductsPageData } from "./products.server.ts";
import type { Refusal } from "./shared.server.ts";
import { ThreeLanguages } from "./three-languages.tsx";

type Product = ProductsPageData["products"][number];
type T = ReturnType<typeof useConsoleT>;

/** The kinds the console adds (the flow refuses any other): the ferry is one product, sold per crossing. */
const KINDS = ["park_admission", "park_tour", "catamaran_tour"] as const;
const STATUS = "rounded-full px-2 py-0.5 text-xs font-semibold";
const GRID = "grid gap-3 sm:grid-cols-3";

export function ProductsPage({ page, refusal }: { page: ProductsPageData; refusal: Refusal | null }) {
  const t = useConsoleT();
  const here = (target: string) => (refusal && refusal.target === target ? <RefusalBox refusal={refusal} /> : null);
  const onSale = page.products.filter((product) => product.active && product.kind !== "ferry");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-sea-950">{t("products.title")}</h1>
      <p className="text-sm text-slate-700">{t("products.intro")}</p>
      {page.done ? <Done done={page.done} t={t} /> : null}
      {refusal && refusal.target === null ? <RefusalBox refusal={refusal} /> : null}
      {page.editing ? <EditProduct product={page.editing} refusal={here("edit-product")} /> : null}

      <section className="space-y-3" aria-labelledby="products-list">
        <h2 id="products-list" className="text-xl font-bold text-sea-950">
          {t("products.list")}
        </h2>
        <ul className="grid gap-3 md:grid-cols-2">
          {page.products.map((product) => (
            <li key={product.id} data-testid="product" data-product-code={product.code} data-product-id={product.id}>
              <ProductRow product={product} refusal={here(`product-${product.id}`)} />
            </li>
          ))}
        </ul>
      </section>

      <NewProduct activities={page.activities} refusal={here("new-product")} />
      <NewComplement products={onSale} refusal={here("new-complement")} />
      <ActivitiesSection
        activities={page.activities}
        activity={page.activity}
        refusal={here(page.activity ? "edit-activity" : "new-activity")}
        added={page.done?.kind === "activityAdded" ? page.done.name : null}
      />
    </div>
  );
}

function Done({ done, t }: { done: NonNullable<ProductsPageData["done"]>; t: T }) {
  return (
    <div
      role="status"
      data-testid="products-done"
      className="space-y-1 rounded-lg border border-sea-700 bg-sea-50 p-3 text-sm font-semibold text-sea-900"
    >
      <p>{t(`products.done.${done.kind}`, { name: done.name })}</p>
      {done.aheadCount > 0 ? (
        <p data-testid="bookings-ahead" className="font-normal">
          {t("products.done.bookingsAhead", { count: done.aheadCount, references: done.bookingsAhead.join(", ") })}
        </p>
      ) : null}
    </div>
  );
}

function ProductRow({ product, refusal }: { product: Product; refusal: React.ReactNode }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  return (
    <section className={`${CARD} space-y-2`} aria-labelledby={`product-${product.id}-title`}>
      <h3
        id={`product-${product.id}-title`}
        className="flex flex-wrap items-center gap-2 text-base font-bold text-sea-950"
      >
        {product.label} <span className="text-sm font-normal text-slate-600">({product.code})</span>
        <span className={`${STATUS} ${product.active ? "bg-sea-50 text-sea-900" : "bg-slate-100 text-slate-700"}`}>
          {product.active ? t("products.onSale") : t("products.retired")}
        </span>
      </h3>
      <p className="text-sm text-slate-700">
        {[
          t(`products.kind.${product.kind}`),
          product.activity,
          product.complementCode ? t("products.complementOf", { code: product.complementCode }) : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {refusal}
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value={product.active ? "retire" : "reinstate"} />
        <input type="hidden" name="id" value={product.id} />
        <button
          type="submit"
          className={buttonClass("secondary")}
          disabled={busy}
          aria-label={`${product.active ? t("products.retire") : t("products.reinstate")}: ${product.label}`}
          data-testid={product.active ? "retire-product" : "reinstate-product"}
        >
          {product.active ? t("products.retire") : t("products.reinstate")}
        </button>
        <Link
          to={`?edit=${product.id}#edit-product`}
          className={buttonClass("secondary")}
          aria-label={`${t("products.edit")}: ${product.label}`}
          data-testid="edit-product"
        >
          {t("products.edit")}
        </Link>
      </Form>
    </section>
  );
}

function NewProduct({ activities, refusal }: { activities: ProductsPageData["activities"]; refusal: React.ReactNode }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const fare = (name: "touristAdult" | "touristChild" | "residentAdult" | "residentChild", required: boolean) => (
    <InputField
      id={`new-product-${name}`}
      label={t(`products.${name}`)}
      name={name}
      inputMode="decimal"
      required={required}
      maxLength={12}
      wrapperClassName="w-40"
    />
  );
  return (
    <section className={`${CARD} space-y-3`} aria-labelledby="new-product-title">
      <h2 id="new-product-title" className="text-xl font-bold text-sea-950">
        {t("products.new")}
      </h2>
      <p className="text-sm text-slate-700">{t("products.noPage")}</p>
      {refusal}
      <Form method="post" encType="multipart/form-data" className="space-y-3" data-testid="new-product-form">
        <input type="hidden" name="intent" value="add-product" />
        <div className={GRID}>
          <InputField id="new-product-code" label={t("products.code")} name="code" required maxLength={40} />
          <ChoiceField
            id="new-product-kind"
            name="kind"
            label={t("products.kindLabel")}
            choices={KINDS.map((kind) => ({ value: kind, label: t(`products.kind.${kind}`) }))}
          />
          <ChoiceField
            id="new-product-activity"
            name="activityId"
            label={t("products.activity")}
            choices={activities.map((activity) => ({ value: activity.id, label: activity.name }))}
          />
        </div>
        <ProductTextFields prefix="new-product" />
        <InputField id="new-product-image" label={t("products.image")} name="image" maxLength={300} />
        <PictureFileField id="new-product-picture" />
        <ThreeLanguages
          prefix="new-product"
          name="imageAlt"
          label={(language) => t("products.imageAlt", { language })}
          maxLength={160}
        />
        <div className="flex flex-wrap items-end gap-3">
          <InputField
            id="new-product-child-from"
            label={t("products.childFrom")}
            name="childFromAge"
            type="number"
            min={0}
            max={17}
            defaultValue={5}
            required
            wrapperClassName="w-40"
          />
          <InputField
            id="new-product-adult-from"
            label={t("products.adultFrom")}
            name="adultFromAge"
            type="number"
            min={1}
            max={18}
            defaultValue={12}
            required
            wrapperClassName="w-40"
          />
        </div>
        <p className="text-sm text-slate-700">{t("products.agesHint")}</p>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-sea-950">{t("products.fares")}</legend>
          <div className="flex flex-wrap items-end gap-3">
            {fare("touristAdult", true)}
            {fare("touristChild", true)}
            {fare("residentAdult", false)}
            {fare("residentChild", false)}
          </div>
          <p className="text-sm text-slate-700">{t("products.residentHint")}</p>
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          <InputField
            id="new-product-order"
            label={t("products.sortOrder")}
            name="sortOrder"
            type="number"
            min={-1000}
            max={1000}
            defaultValue={0}
            wrapperClassName="w-40"
          />
          <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="add-product">
            {t("products.add")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function NewComplement({ products, refusal }: { products: Product[]; refusal: React.ReactNode }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const admissions = products.filter((product) => product.complementCode === null);
  const choices = (list: Product[]) =>
    list.map((product) => ({ value: product.id, label: `${product.label} (${product.code})` }));
  return (
    <section className={`${CARD} space-y-3`} aria-labelledby="new-complement-title">
      <h2 id="new-complement-title" className="text-xl font-bold text-sea-950">
        {t("products.complement.new")}
      </h2>
      <p className="text-sm text-slate-700">{t("products.complement.hint")}</p>
      {refusal}
      <Form method="post" className="space-y-3" data-testid="new-complement-form">
        <input type="hidden" name="intent" value="add-complement" />
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceField
            id="new-complement-admission"
            name="admissionId"
            label={t("products.complement.admission")}
            choices={choices(admissions)}
          />
          <ChoiceField
            id="new-complement-upgrade"
            name="upgradeId"
            label={t("products.complement.upgrade")}
            choices={choices(products)}
          />
        </div>
        <div className={GRID}>
          <InputField
            id="new-complement-code"
            label={t("products.complement.code")}
            name="code"
            required
            maxLength={40}
          />
          <InputField
            id="new-complement-unit"
            label={t("products.complement.businessUnit")}
            name="businessUnit"
            required
            maxLength={80}
          />
          <InputField
            id="new-complement-unit-code"
            label={t("products.complement.businessUnitCode")}
            name="businessUnitCode"
            required
            maxLength={10}
          />
        </div>
        <InputField id="new-complement-image" label={t("products.image")} name="image" required maxLength={300} />
        <ThreeLanguages
          prefix="new-complement"
          name="title"
          label={(language) => t("products.complement.title", { language })}
          maxLength={120}
          required
        />
        <ThreeLanguages
          prefix="new-complement"
          name="subtitle"
          label={(language) => t("products.complement.subtitle", { language })}
          maxLength={200}
          required
        />
        <ThreeLanguages
          prefix="new-complement"
          name="text"
          label={(language) => t("products.complement.text", { language })}
          maxLength={4000}
          required
          long
        />
        <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="add-complement">
          {t("products.complement.add")}
        </button>
      </Form>
    </section>
  );
}
