import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'

/**
 * What an answer of the API holds, declared once per entity by its model as one zod object (`postResponse`): the
 * model reads with the Prisma select made from it (`selectOf`) and types its rows with it (`z.infer`: dates as Date,
 * as Prisma gives them), the public reads declare their tables with that same select, and the OpenAPI document
 * (app/openapi) describes the answers with it, so the three cannot drift. Dates are written as ISO 8601 text in JSON.
 */
extendZodWithOpenApi(z)

export { z }

export const responseId = () => z.number().int().positive()
export const responseTime = () =>
  z.date().openapi({ type: 'string', format: 'date-time', description: 'ISO 8601, UTC' })
export const nullableResponseTime = (description = 'ISO 8601, UTC, or null') =>
  z
    .date()
    .nullable()
    .openapi({ type: ['string', 'null'], format: 'date-time', description })

/** A stored image's file name, or null; served at `/uploads/{kind}/{image}`. */
export const storedImage = (kind: string) =>
  z
    .string()
    .nullable()
    .openapi({
      description: `The stored file name only (null when there is none); served at \`/uploads/${kind}/{image}\`.`,
    })

export const altText = () =>
  z.string().max(250).openapi({
    description: "The image's alt text (beyond the original client); empty falls back to the title, caption or name.",
  })

/** Drafts and scheduled publishing (beyond the original client). */
export const publishingShape = {
  status: z
    .enum(['draft', 'published'])
    .openapi({ description: 'Drafts and scheduled publishing (beyond the original client).' }),
  published_at: nullableResponseTime(
    'When the public may see it (with status `published`); a future time is scheduled.',
  ),
}

/** The answers' created and updated times. */
export const timestamps = { created_at: responseTime(), updated_at: responseTime() }

type Unwrapped<T> =
  T extends z.ZodNullable<infer U> ? Unwrapped<U> : T extends z.ZodOptional<infer U> ? Unwrapped<U> : T

/** The Prisma select of a response shape: `true` for each field, a nested object's own select for a relation. */
export type SelectOf<S extends z.ZodRawShape> = {
  [K in keyof S]: Unwrapped<S[K]> extends z.ZodObject<infer Inner extends z.ZodRawShape>
    ? { select: SelectOf<Inner> }
    : true
}

const unwrapped = (schema: z.ZodTypeAny): z.ZodTypeAny =>
  schema instanceof z.ZodNullable || schema instanceof z.ZodOptional ? unwrapped(schema.unwrap()) : schema

/** The Prisma select of a response shape (see SelectOf), in the shape's field order. */
export function selectOf<S extends z.ZodRawShape>(shape: z.ZodObject<S>): SelectOf<S> {
  return Object.fromEntries(
    Object.entries(shape.shape).map(([field, schema]) => {
      const inner = unwrapped(schema as z.ZodTypeAny)
      return [field, inner instanceof z.ZodObject ? { select: selectOf(inner) } : true]
    }),
  ) as SelectOf<S>
}
