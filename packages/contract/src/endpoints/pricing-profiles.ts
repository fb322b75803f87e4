import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pricingProfile, pricingProfileInput, pricingProfileParams, pricingProfilesResponse } from '../pricing-profiles.ts';

/** Pricing profiles: named sets of pricing rules, one the default (product §3.7a). */
export const pricingProfileEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/pricing-profiles/',
    access: 'user',
    tag: 'catalog',
    summary: 'Your pricing profiles, the default first',
    response: { 200: pricingProfilesResponse },
    errors: [401, 403],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/pricing-profiles/',
    access: 'user',
    tag: 'catalog',
    summary: 'Add a pricing profile (marked default, it becomes the default)',
    body: pricingProfileInput,
    response: { 201: pricingProfile },
    errors: [400, 401, 403],
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/api/pricing-profiles/:profileId/',
    access: 'user',
    tag: 'catalog',
    summary: 'Replace a pricing profile (marked default, it becomes the default)',
    params: pricingProfileParams,
    body: pricingProfileInput,
    response: { 200: pricingProfile },
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/pricing-profiles/:profileId/',
    access: 'user',
    tag: 'catalog',
    summary: 'Delete a pricing profile (not the default, nor the last)',
    params: pricingProfileParams,
    response: { 204: z.null() },
    errors: [400, 401, 403, 404, 409],
  }),
} as const;
