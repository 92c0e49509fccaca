// Runs on every page before any interaction (a few hundred bytes): shows the prices in the
// currency the visitor chose earlier (cookie), or in the storefront default.
import { applyCurrency, readCurrencyData } from './apply-prices.ts';
import { readCurrencyCookie } from '../../stores/currency-cookie.ts';

const data = readCurrencyData();
if (data) applyCurrency(readCurrencyCookie(document.cookie) ?? data.defaultCurrency, data);
