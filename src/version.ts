/** This package's version (a test keeps it equal to package.json's). */
export const VERSION = '0.1.0';
/** The day this version was released. */
export const RELEASE_DATE = '2026-11-21';
