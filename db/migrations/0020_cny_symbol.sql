-- The yuan was printed "¥" like the yen, and the currency switcher lists both: CLDR's "CN¥" tells them apart.
UPDATE "currencies" SET "symbol" = 'CN¥', "presentation_symbol" = 'CN¥' WHERE "iso_code" = 'CNY' AND "presentation_symbol" = '¥';
