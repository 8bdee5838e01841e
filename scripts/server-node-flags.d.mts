/** The Node flags of server/package.json's `serve` script, for every other launch of the server. */
export declare function serverNodeFlags(): string[];
