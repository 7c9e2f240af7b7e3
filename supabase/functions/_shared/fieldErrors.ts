/** A form's errors by field name, in words a person can act on; a field without one is fine. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>
