/** Venues and their mixes. */
import { z } from 'zod';
import { VENUE_GRADIENTS, VENUE_TYPES } from '../constants';
import { RankedSongSchema } from './song';
import { noControlChars } from './common';

export const VenueTypeSchema = z.enum(VENUE_TYPES, { message: 'Choose a venue type' });
export const VenueGradientSchema = z.enum(VENUE_GRADIENTS, { message: 'Choose one of the six themes' });

export const VenueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  type: VenueTypeSchema,
  ownerId: z.string(),
  isActive: z.boolean(),
  gradient: z.string(),
  createdAt: z.string(),
  /** Songs in the venue's mix. */
  songCount: z.number().int(),
});
export type Venue = z.infer<typeof VenueSchema>;

const name = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, { message: 'Name is required' })
  .max(100, { message: 'Name must be at most 100 characters' })
  .refine(noControlChars, { message: 'Name contains characters that are not allowed' });
const location = z
  .string({ message: 'Location is required' })
  .trim()
  .min(1, { message: 'Location is required' })
  .max(200, { message: 'Location must be at most 200 characters' })
  .refine(noControlChars, { message: 'Location contains characters that are not allowed' });
const descriptionText = z
  .string()
  .trim()
  .max(500, { message: 'Description must be at most 500 characters' })
  .refine(noControlChars, { message: 'Description contains characters that are not allowed' })
  .nullish();
/** On creation a missing or empty description is null. */
const description = descriptionText.transform((d) => (d ? d : null));
/** In an edit a missing description stays as it is (undefined); an empty one or null clears it. */
const descriptionEdit = descriptionText.transform((d) => (d === undefined ? undefined : d ? d : null));

export const CreateVenueSchema = z.strictObject({
  name,
  location,
  type: VenueTypeSchema.default('other'),
  description,
  gradient: VenueGradientSchema.optional(),
});
export type CreateVenueInput = z.input<typeof CreateVenueSchema>;

/** The owner's edit: any subset of the fields, plus deactivation. Fields not sent are left as they are. */
export const UpdateVenueSchema = z.strictObject({
  name: name.optional(),
  location: location.optional(),
  type: VenueTypeSchema.optional(),
  description: descriptionEdit,
  gradient: VenueGradientSchema.optional(),
  isActive: z.boolean({ message: 'isActive must be true or false' }).optional(),
});
export type UpdateVenueInput = z.input<typeof UpdateVenueSchema>;

export const MixInfoSchema = z.object({
  name: z.string(),
  type: z.enum(['global', 'venue', 'community']),
  venueId: z.number().int().optional(),
  playlistId: z.number().int().optional(),
});

/** The spec's mix response. */
export const MixResponseSchema = z.object({
  songs: z.array(RankedSongSchema),
  mixInfo: MixInfoSchema,
  /** Seconds; songs without a duration count as 180 (spec section 3). */
  totalDuration: z.number().int(),
  totalSongs: z.number().int(),
});
export type MixResponse = z.infer<typeof MixResponseSchema>;
