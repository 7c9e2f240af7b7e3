/**
 * The contact form's hourly caps. The database enforces them (private.limit_contact_messages,
 * migration 20261123002100_contact_messages_only_through_the_function.sql); they are named here
 * so the function's messages and the tests speak of the same numbers. Change both together.
 */
export const CONTACT_PER_EMAIL_HOURLY_CAP = 3
export const CONTACT_PER_NETWORK_HOURLY_CAP = 5
/** Across every sender: a flood from many addresses cannot fill the inbox unbounded. */
export const CONTACT_GLOBAL_HOURLY_CAP = 100
/** Bytes of request body read at most: a 5,000-character message in JSON, with room to spare. */
export const CONTACT_MAX_BODY_BYTES = 64 * 1024
