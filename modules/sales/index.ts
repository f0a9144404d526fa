export {
  MAX_REPORT_DAYS,
  SALES_CSV_COLUMNS,
  aggregateSales,
  csvField,
  mxnMinorOfPricing,
  mxnShareOf,
  plainDecimal,
  readReportRange,
  salesCsv,
  type CurrencyTotal,
  type SalesCsvColumn,
  type SalesFact,
  type SalesReport,
  type SalesRow,
} from "./report.ts";
export { findSalesReport } from "./queries.ts";
