/**
 * The contact form's hourly caps. The database enforces them (private.limit_contact_messages,
 * migration 20261128004100_contact_busy_hours_keep_first_messages.sql); they are named here
 * so the function's messages and the tests speak of the same numbers. Change both together.
 */
export const CONTACT_PER_EMAIL_HOURLY_CAP = 3
export const CONTACT_PER_NETWORK_HOURLY_CAP = 5
/**
 * Across every sender, an hour with this many messages is busy: a network or an address that
 * already wrote this hour is refused, while a first message from anyone else is still kept. A
 * flood from a few dozen networks then silences only those networks, not the form.
 */
export const CONTACT_BUSY_HOURLY_COUNT = 100
/** Across every sender, no more than this: a flood from any number of networks stays bounded. */
export const CONTACT_GLOBAL_HOURLY_CAP = 1000
/** Bytes of request body read at most: a 5,000-character message in JSON, with room to spare. */
export const CONTACT_MAX_BODY_BYTES = 64 * 1024
