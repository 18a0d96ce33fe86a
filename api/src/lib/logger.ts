import { pino, type DestinationStream, type Logger } from 'pino';
import { redactSecrets } from './redact.js';
import { currentRequestId } from './request-context.js';

export type { Logger };

/**
 * The log sink every line passes through last: secret query values and path segments are cut from the
 * finished line, wherever in it they sit (request URL, error message, stack, any field).
 */
export function redactingDestination(inner: DestinationStream): DestinationStream {
  return {
    write: (line: string) => inner.write(redactSecrets(line)),
  };
}

export function createLogger(
  level: string,
  name = 'api',
  destination: DestinationStream = pino.destination({ dest: 1, sync: true }),
): Logger {
  return pino(
    {
      name,
      level,
      // Every line written while a request or cron tick runs names it (children inherit this). A new
      // object each time: pino merges the line's fields into it.
      mixin: () => {
        const reqId = currentRequestId();
        return reqId === undefined ? {} : { reqId };
      },
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
    },
    redactingDestination(destination),
  );
}
