import { varchar } from 'drizzle-orm/pg-core';

/** Room for any IPv6 address with a zone; a longer client address is cut to it. */
export const CLIENT_ADDRESS_MAX_LENGTH = 64;

/** The column every table that records where a request came from stores the address in. */
export const clientAddressColumn = () => varchar('ip', { length: CLIENT_ADDRESS_MAX_LENGTH });

/**
 * The client address as it is stored and compared. Behind a proxy (TRUST_PROXY) it is read from
 * X-Forwarded-For, which a caller can fill with anything: a value too long for the column must not
 * fail the request that records it. Cut before any lookup too, so that a per-address count finds
 * the rows written for the same address.
 */
export function storableClientAddress(ip: string): string {
  return ip.slice(0, CLIENT_ADDRESS_MAX_LENGTH);
}
