// Console: one product's edit form (opened by `?edit=<id>`): its texts in every language, its picture
// by address or uploaded as a file (a plain multipart form, so it works with JavaScript off), its age
// bands (not the ferry's) and its order on the site. Fares are the Prices page's.
import { Form, Link, useLocation, useNavigation } from "react-router";
import { CARD, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { useConsoleT } from "../console-i18n.ts";
import { Field, InputField } from "../fields.tsx";
import type { ProductsPageData } from "./products.server.ts";
import { ThreeLanguages } from "./three-languages.tsx";

type Editing = NonNullable<ProductsPageData["editing"]>;

/** The picture file field: the types the site accepts, checked again by content on the server. */
export function PictureFileField({ id }: { id: string }) {
  const t = useConsoleT();
  return (
    <div className="space-y-1">
      <Field id={id} label={t("products.pictureFile")}>
        <input
          id={id}
          name="pictureFile"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby={`${id}-hint`}
          className={INPUT}
        />
      </Field>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {t("products.pictureHint")}
      </p>
    </div>
  );
}

/** A product's name, summary and description in every language: the new-product and edit forms' own. */
export function ProductTextFields({
  prefix,
  values,
}: {
  prefix: string;
  values?: Pick<Editing, "name" | "summary" | "description">;
}) {
  const t = useConsoleT();
  return (
    <>
      <ThreeLanguages
        prefix={prefix}
        name="name"
        label={(language) => t("products.name", { language })}
        maxLength={80}
        required
        values={values?.name}
      />
      <ThreeLanguages
        prefix={prefix}
        name="summary"
        label={(language) => t("products.summaryField", { language })}
        maxLength={300}
        required
        values={values?.summary}
      />
      <ThreeLanguages
        prefix={prefix}
        name="description"
        label={(language) => t("products.description", { language })}
        maxLength={4000}
        long
        values={values?.description}
      />
    </>
  );
}

export function EditProduct({ product, refusal }: { product: Editing; refusal: React.ReactNode }) {
  const t = useConsoleT();
  const busy = useNavigation().state !== "idle";
  const { pathname } = useLocation();
  const prefix = "edit-product";
  return (
    <section id="edit-product" className={`${CARD} space-y-3`} aria-labelledby="edit-product-title">
      <h2 id="edit-product-title" className="text-xl font-bold text-sea-950">
        {t("products.editTitle", { name: product.label })}{" "}
        <span className="text-sm font-normal text-slate-600">({product.code})</span>
      </h2>
      <p className="text-sm text-slate-700">{t("products.editHint")}</p>
      {refusal}
      {/* Keyed by product: another product's edit form starts from its own stored values. */}
      <Form
        key={product.id}
        method="post"
        encType="multipart/form-data"
        className="space-y-3"
        data-testid="edit-product-form"
      >
        <input type="hidden" name="intent" value="edit-product" />
        <input type="hidden" name="id" value={product.id} />
        <ProductTextFields prefix={prefix} values={product} />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <figure className="w-40 shrink-0">
            <img
              src={product.image}
              alt=""
              className="h-24 w-40 rounded-lg border border-slate-200 object-cover"
              data-testid="picture-now"
            />
            <figcaption className="mt-1 text-xs text-slate-600">{t("products.pictureNow")}</figcaption>
          </figure>
          <div className="min-w-0 flex-1 space-y-3">
            <InputField
              id={`${prefix}-image`}
              label={t("products.image")}
              name="image"
              maxLength={300}
              defaultValue={product.image}
              required
            />
            <PictureFileField id={`${prefix}-picture`} />
          </div>
        </div>
        <ThreeLanguages
          prefix={prefix}
          name="imageAlt"
          label={(language) => t("products.imageAlt", { language })}
          maxLength={160}
          values={product.imageAlt}
        />
        {product.kind === "ferry" ? (
          <p className="text-sm text-slate-700">{t("products.ferryBands")}</p>
        ) : (
          <div className="space-y-1">
            <div className="flex flex-wrap items-end gap-3">
              <InputField
                id={`${prefix}-child-from`}
                label={t("products.childFrom")}
                name="childFromAge"
                type="number"
                min={0}
                max={17}
                defaultValue={product.bands.childFromAge}
                required
                wrapperClassName="w-40"
              />
              <InputField
                id={`${prefix}-adult-from`}
                label={t("products.adultFrom")}
                name="adultFromAge"
                type="number"
                min={1}
                max={18}
                defaultValue={product.bands.adultFromAge}
                required
                wrapperClassName="w-40"
              />
            </div>
            <p className="text-sm text-slate-700">{t("products.agesHint")}</p>
          </div>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <InputField
            id={`${prefix}-order`}
            label={t("products.sortOrder")}
            name="sortOrder"
            type="number"
            min={-1000}
            max={1000}
            defaultValue={product.sortOrder}
            wrapperClassName="w-40"
          />
          <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="save-product">
            {t("products.save")}
          </button>
          <Link to={pathname} className={buttonClass("secondary")}>
            {t("products.close")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
