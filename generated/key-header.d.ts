// Made by scripts/lib/generate.ts from the security scheme of openapi/: do not edit.

/** The header the API key goes in, as the document's security scheme names it. */
export type KeyHeader = "Authorization";
