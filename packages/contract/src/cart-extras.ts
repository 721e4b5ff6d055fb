import * as z from 'zod/mini';
import { optionalWireFlag, restaurantRef } from './action-fields';
import { flag, kopecks, wireId, wireInt } from './common';
import { orderTypeSchema } from './menu';
import { cartLineInput, MAX_EXTRA_COUNT } from './order';
import { defineAction } from './rest';

/**
 * The cart's extras (SPEC 2 Cart, SPEC 3 Cutlery item and Recommended item, SPEC 5 free counts):
 * cartRecommends and cartPribors, actions of the generic call (SPEC 7). Ids are those
 * order/create takes back in recommendedItems and pribors.
 */

/** The counts the guest has already chosen: [{ id, cnt }]. */
const chosenCounts = z.optional(
  z
    .array(
      z.object({
        id: wireId,
        cnt: wireInt(0, MAX_EXTRA_COUNT),
      }),
    )
    .check(z.maxLength(50, 'не больше 50')),
);
const cartItems = z.optional(z.array(cartLineInput).check(z.maxLength(100, 'не больше 100 строк')));

export const recommendedItemView = z.object({
  /** The recommendation's id (order/create recommendedItems[].id). */
  id: z.int(),
  dish_id: z.int(),
  name: z.string(),
  /** The count chosen so far (from `items`), else 0. */
  cnt: z.int(),
  price: kopecks,
  /** Only the quantity above free_cnt is charged (SPEC 5). */
  free_cnt: z.int(),
  /** 1: shown apart, under its own heading (drinks, desserts); 0: with the sauces. */
  separated: flag,
  img: z.string(),
  weight: z.string(),
});

export const cartRecommendsAction = defineAction({
  name: 'cartRecommends',
  auth: 'public',
  summary:
    'Items to suggest with the cart: the recommendations for the order type, without dishes already in cart_items and without dishes stopped, not sold or locked at the restaurant. separated 0 or 1 keeps only that kind (absent: both); show_separated says whether separated items are offered at all. items [{id, cnt}] carries the counts chosen so far.',
  fields: z.object({
    order_type: orderTypeSchema,
    restoran_id: restaurantRef,
    cart_items: cartItems,
    separated: optionalWireFlag,
    items: chosenCounts,
  }),
  response: z.object({ items: z.array(recommendedItemView), show_separated: flag }),
});

export const cutleryItemView = z.object({
  /** The cutlery id (order/create pribors[].id). */
  id: z.int(),
  name: z.string(),
  /** The count chosen so far (from `items`, within 0..max), else 0. */
  cnt: z.int(),
  price: kopecks,
  free_cnt: z.int(),
  max: z.int(),
});

export const cartPriborsAction = defineAction({
  name: 'cartPribors',
  auth: 'public',
  summary:
    'The cutlery offered for the order type, with free counts and maxima (SPEC 5: only the quantity above free_cnt is charged; the count stays within 0..max). items [{id, cnt}] carries the counts chosen so far; cart_items is accepted and checked.',
  fields: z.object({
    order_type: orderTypeSchema,
    restoran_id: restaurantRef,
    cart_items: cartItems,
    items: chosenCounts,
  }),
  response: z.object({ items: z.array(cutleryItemView) }),
});
