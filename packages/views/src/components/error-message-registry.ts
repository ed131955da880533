import type { ErrorExtra, StructuredError } from '@lumen-bi/core';
import type { ComponentType } from 'react';

/** What every error message component receives: the normalised error and the panel's options. */
export interface ErrorMessageProps {
  error: {
    message: string;
    error_type: string | null;
    extra: ErrorExtra | null;
    stack: string | null;
    level: StructuredError['level'];
    /** The server's own words when `message` is the error type's standard one and they say more. */
    detail?: string | null;
  };
  /** The caller's title, when it gave one. */
  title?: string;
  requestAccessHref?: string;
}

export type ErrorMessageComponent = ComponentType<ErrorMessageProps>;

/** Maps error_type codes to the components that render them (the incumbent's error message registry). */
export interface ErrorMessageRegistry {
  register(errorType: string, component: ErrorMessageComponent): ErrorMessageRegistry;
  get(errorType: string | null): ErrorMessageComponent | undefined;
}

/**
 * Creates an empty registry; hosts add or override components per error type.
 *
 * @example
 * const registry = createErrorMessageRegistry().register('OAUTH2_REDIRECT', MyOAuthPanel);
 */
export function createErrorMessageRegistry(entries: Iterable<[string, ErrorMessageComponent]> = []): ErrorMessageRegistry {
  const map = new Map<string, ErrorMessageComponent>(entries);
  const registry: ErrorMessageRegistry = {
    register(errorType, component) {
      map.set(errorType, component);
      return registry;
    },
    get: (errorType) => (errorType === null ? undefined : map.get(errorType)),
  };
  return registry;
}
