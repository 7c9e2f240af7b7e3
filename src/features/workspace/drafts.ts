/**
 * The workspace's entry for signing out: what this device keeps of a person's unsaved notes
 * (decision 0014), counted and, if they choose, deleted before a sign-out of this device. A
 * narrow entry because the header's account menu brings it to every page a signed-in person
 * opens; through index.ts the dashboard would come along.
 */
export { draftedDocumentsOf, forgetDraftsOf, type DraftedDocument } from './localDrafts'
