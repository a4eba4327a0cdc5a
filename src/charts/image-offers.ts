/**
 * A head start for drawing the images: each share card and chart image is offered here as
 * its route makes it, in its getStaticPaths (which Astro runs for every route before it renders
 * any), so that a build draws it while the pages render.
 * Only a head start, never a source: the build draws from the bytes it reads back from
 * dist/, and uses an offered drawing only when its SVG is exactly those bytes
 * (src/passes/rasterise.ts). Outside a build (`astro dev`, a test) nothing takes the offers.
 */
import { processSlot } from '../core/process-slot.ts';

/** Whoever takes the offers: `rel` is the image's path in the built site, `svg` its text as its route made it. */
export interface ImageTaker {
  offer(rel: string, svg: string): void;
}

// Shared by the integration and the pages' bundle, which load this module separately.
const slot = processSlot<ImageTaker | undefined>('image-offers');

/** Called by the build for the span of one build: `undefined` when it is over. */
export function takeImageOffers(taker: ImageTaker | undefined): void {
  slot.set(taker);
}

/** Offers a rendered image to the build, if one is taking offers. */
export function offerImage(rel: string, svg: string): void {
  slot.get()?.offer(rel, svg);
}
