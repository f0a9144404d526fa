// Our sandbox of Uplift's pay-monthly script, served where
// UPLIFT_SCRIPT_URL points by default. It plays the third party's script: `window.Uplift.Payments`
// with init (validates the key), load (the amount), an offer rendered into the page's container, a
// "Pay monthly" option that tells the page to hide its own pay button, and an in-page approval dialog
// that hands the merchant a single-use card token, which the merchant charges through its card
// processor — as Uplift's virtual cards are. 12 months at 0 % APR, each payment rounded up.
import { createHash } from "node:crypto";
import { Hono } from "hono";
import { SANDBOX_UPLIFT_CARD_TOKEN, SANDBOX_UPLIFT_SCRIPT_PATH } from "../lib/uplift.ts";

/** The sandbox's plan: 12 monthly payments without interest. */
export const SANDBOX_UPLIFT_MONTHS = 12;

// Plain ES2017 for any browser, no dependencies, DOM built with createElement (nothing parsed as HTML).
export const SANDBOX_UPLIFT_SCRIPT = `/* Uplift Payments — Travesía sandbox. No real credit is offered. */
(function () {
  "use strict";
  if (window.Uplift && window.Uplift.Payments) return;
  var MONTHS = ${SANDBOX_UPLIFT_MONTHS};
  var TOKEN = ${JSON.stringify(SANDBOX_UPLIFT_CARD_TOKEN)};
  var state = { options: null, amountMinor: null, currency: null, selected: false, nodes: null };

  function fractionDigits(currency) {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currency }).resolvedOptions().maximumFractionDigits;
  }
  function money(minor, currency) {
    var digits = fractionDigits(currency);
    var text = new Intl.NumberFormat("en-US", { style: "currency", currency: currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / Math.pow(10, digits));
    return currency === "USD" ? "US" + text : text;
  }
  function monthlyMinor(amountMinor) {
    return Math.ceil(amountMinor / MONTHS);
  }
  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text) node.textContent = text;
    return node;
  }
  function call(name, value) {
    var callback = state.options && state.options[name];
    if (typeof callback === "function") callback(value);
  }
  function setSelected(selected) {
    if (state.selected === selected) return;
    state.selected = selected;
    if (state.nodes) {
      state.nodes.checkbox.checked = selected;
      state.nodes.proceed.hidden = !selected;
    }
    call("onChange", { selected: selected });
  }
  function render() {
    var options = state.options;
    if (!options || !options.container) return;
    var container = options.container;
    if (!state.nodes) {
      var root = element("section", { "class": "uplift-offer", "aria-label": "Pay monthly with Uplift", "data-uplift": "offer" });
      var headline = element("p", { "class": "uplift-offer__headline", "data-uplift": "headline" });
      var terms = element("p", { "class": "uplift-offer__terms" }, MONTHS + " monthly payments, 0% APR. Sandbox: no real credit is offered.");
      var label = element("label", { "class": "uplift-offer__option" });
      var checkbox = element("input", { type: "checkbox", name: "uplift-pay-monthly", "data-uplift": "select" });
      label.appendChild(checkbox);
      label.appendChild(document.createTextNode(" Pay monthly"));
      var proceed = element("button", { type: "button", "class": "uplift-offer__continue", "data-uplift": "continue" }, "Continue with Uplift");
      proceed.hidden = true;
      var dialog = element("dialog", { "class": "uplift-dialog", "aria-labelledby": "uplift-dialog-title", "data-uplift": "dialog" });
      var title = element("h2", { id: "uplift-dialog-title" }, "Uplift sandbox: approve your plan");
      var plan = element("p", { "data-uplift": "plan" });
      var approve = element("button", { type: "button", "data-uplift": "approve" }, "Approve plan");
      var cancel = element("button", { type: "button", "data-uplift": "cancel" }, "Cancel");
      dialog.appendChild(title);
      dialog.appendChild(plan);
      dialog.appendChild(approve);
      dialog.appendChild(cancel);
      [headline, terms, label, proceed, dialog].forEach(function (node) { root.appendChild(node); });
      checkbox.addEventListener("change", function () { setSelected(checkbox.checked); });
      proceed.addEventListener("click", function () {
        if (typeof dialog.showModal === "function") dialog.showModal(); else dialog.setAttribute("open", "");
      });
      function close() {
        if (typeof dialog.close === "function") dialog.close(); else dialog.removeAttribute("open");
      }
      cancel.addEventListener("click", close);
      approve.addEventListener("click", function () {
        close();
        call("onApproved", { cardToken: TOKEN });
      });
      state.nodes = { root: root, headline: headline, checkbox: checkbox, proceed: proceed, plan: plan };
      container.appendChild(root);
    }
    var known = state.amountMinor !== null && state.currency !== null;
    state.nodes.root.hidden = !known;
    if (known) {
      var monthly = money(monthlyMinor(state.amountMinor), state.currency);
      state.nodes.headline.textContent = "Pay monthly from " + monthly + "/mo with Uplift";
      state.nodes.plan.textContent = MONTHS + " payments of " + monthly + " (total " + money(state.amountMinor, state.currency) + ", 0% APR).";
    }
  }

  window.Uplift = {
    Payments: {
      version: "sandbox-1",
      init: function (options) {
        if (!options || typeof options.apiKey !== "string" || options.apiKey.trim() === "") {
          throw new Error("Uplift: init needs a non-empty apiKey");
        }
        if (state.nodes && state.nodes.root.parentNode) state.nodes.root.parentNode.removeChild(state.nodes.root);
        state.options = options;
        state.nodes = null;
        state.selected = false;
        if (options.currency) state.currency = String(options.currency).toUpperCase();
        render();
      },
      load: function (amount) {
        if (!amount || !Number.isSafeInteger(amount.amountMinor) || amount.amountMinor <= 0) return;
        state.amountMinor = amount.amountMinor;
        if (amount.currency) state.currency = String(amount.currency).toUpperCase();
        render();
      },
      deselect: function () { setSelected(false); }
    }
  };
})();
`;

const ETAG = `"${createHash("sha256").update(SANDBOX_UPLIFT_SCRIPT).digest("base64url").slice(0, 22)}"`;

export function sandboxUpliftRoutes() {
  const router = new Hono();
  router.get(SANDBOX_UPLIFT_SCRIPT_PATH, (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    // Cacheable like a third party's script: an hour, revalidated by its ETag.
    c.header("Cache-Control", "public, max-age=3600");
    c.header("ETag", ETAG);
    if (c.req.header("If-None-Match") === ETAG) return c.body(null, 304);
    return c.body(SANDBOX_UPLIFT_SCRIPT, 200);
  });
  return router;
}
