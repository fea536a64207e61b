// Placeholder for the browser client of `validate serve` (issue 13 replaces it).
// The API it will call is described in docs/server.md.
"use strict";
