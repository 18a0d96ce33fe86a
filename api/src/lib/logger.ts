import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, name = 'api'): Logger {
  return pino({
    name,
    level,
    // Never write credentials into logs.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.access_token',
        '*.refresh_token',
      ],
      censor: '[redacted]',
    },
  });
}
