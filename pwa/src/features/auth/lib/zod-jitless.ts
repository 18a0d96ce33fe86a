import { z } from 'zod';

// Zod probes `new Function` to compile fast parsers; our CSP forbids eval, so the probe only logs a CSP
// violation. Turn the compiler off before any schema is built: this module is loaded before the auth client
// (see auth-loader.ts), which is where the browser first meets zod.
z.config({ jitless: true });
