import { z } from 'zod'
import { validationError, type FieldErrors } from '~/utils/http.server'

/**
 * An item's optional point (docs/api.md "Village map (peta desa)": development projects, products and events): a
 * latitude and a longitude, both or neither, keys `Latitude` and `Longitude`. A form may write a decimal comma; blank
 * or null is none.
 */
export const coordinate = (label: string, limit: number) => {
  const message = `${label} must be a number from -${limit} to ${limit}`
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return null
      if (typeof value === 'string') {
        const text = value.trim().replace(',', '.')
        return text === '' ? null : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN
      }
      return value
    },
    z.number({ invalid_type_error: message }).min(-limit, message).max(limit, message).nullable(),
  )
}

export const locationFields = { latitude: coordinate('Latitude', 90), longitude: coordinate('Longitude', 180) }

/** The error of a half point (on the missing one), or none. */
export function pointErrors(data: { latitude?: number | null; longitude?: number | null }): FieldErrors {
  const latitude = data.latitude ?? null
  const longitude = data.longitude ?? null
  if (latitude !== null && longitude === null) return { Longitude: 'Longitude is required with a latitude' }
  if (longitude !== null && latitude === null) return { Latitude: 'Latitude is required with a longitude' }
  return {}
}

/** The parsed fields, once their point is whole (else the 422). */
export function withWholePoint<T extends { latitude?: number | null; longitude?: number | null }>(data: T): T {
  const errors = pointErrors(data)
  if (Object.keys(errors).length) throw validationError(errors)
  return data
}
