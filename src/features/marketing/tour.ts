/** The product tour's pictures of each capability beyond the editor (see ./index.ts). */
export { AttachmentMock } from './AttachmentMock'
export { ConflictMock } from './ConflictMock'
export { RealtimeMock } from './RealtimeMock'
export { TwoFactorMock } from './TwoFactorMock'
