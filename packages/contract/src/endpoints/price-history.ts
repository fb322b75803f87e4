import { itemPriceHistory, itemPriceHistoryQuery, priceIndexParams, priceIndexQuery, priceIndexResponse } from '../price-history.ts';
import { defineEndpoint } from '../endpoint.ts';

/** How prices moved across a category's editions: one item's costs, and the category's price index. */
export const priceHistoryEndpoints = {
  itemHistory: defineEndpoint({
    method: 'GET',
    path: '/api/price-history/',
    access: 'user',
    tag: 'catalog',
    summary: "One item's cost in every edition of its category, oldest first",
    query: itemPriceHistoryQuery,
    response: { 200: itemPriceHistory },
    errors: [400, 401, 403, 404, 429],
  }),
  index: defineEndpoint({
    method: 'GET',
    path: '/api/price-index/:categoryId/',
    access: 'user',
    tag: 'catalog',
    summary: "A category's price index: the median change per group and month",
    params: priceIndexParams,
    query: priceIndexQuery,
    response: { 200: priceIndexResponse },
    errors: [400, 401, 403, 404, 429],
  }),
} as const;
