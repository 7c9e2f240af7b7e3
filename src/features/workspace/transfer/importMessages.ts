/**
 * The code an import needs (the dialog, or what writes the documents) could not be fetched,
 * though the browser thinks it is online. Said by the Import… button and by the dialog.
 */
export const IMPORT_NOT_STARTED =
  'Folio could not be reached, so nothing was imported. Check your connection and try again.'
