/*
 * The packages module's one entry for other modules (and its routes). A package is a named
 * bundle of services with one price ("5 cuts for 180"). Sold at the till as a `package` line, it
 * leaves the client one credit row per service of the bundle (quantity × line quantity). A later
 * service line with `use_package_credit` spends credits of that service, oldest package first,
 * by a conditional update (`remaining >= n`) that a check constraint backs: credits never go below
 * zero, also under concurrent sales. The module is split by subject:
 *
 *   reads.ts    packages as the API shows them, with their services
 *   writes.ts   creating, changing and deleting a package; a sold one is kept
 *   credits.ts  the credits a sale grants, spends and a client holds
 */

export { getPackage, listPackages } from './reads.js';
export { createPackage, deletePackage, updatePackage } from './writes.js';
export { grantPackage, listCredits, spendCredits } from './credits.js';
