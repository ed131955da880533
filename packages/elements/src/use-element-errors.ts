import { useCallback, useEffect, useRef } from 'react';
import { BI_ERROR, emitElementEvent, toErrorDetail, type BiErrorSource } from './element-events';

/**
 * A stable `report(error, source)` that dispatches `bi-error` on the element, and reports an attribute
 * parse failure once per distinct message.
 */
export function useElementErrors(host: HTMLElement | null, attributeError: unknown): (error: unknown, source: BiErrorSource) => void {
  const hostRef = useRef(host);
  hostRef.current = host;
  const report = useCallback((error: unknown, source: BiErrorSource) => {
    const detail = toErrorDetail(error, source);
    emitElementEvent(hostRef.current, BI_ERROR, detail);
  }, []);
  const message = attributeError instanceof Error ? attributeError.message : null;
  useEffect(() => {
    if (message) report(attributeError, 'attribute');
    // Only a new message is a new failure.
  }, [message]);
  return report;
}

/** Runs `parse`, returning its value or the error it threw (reported by useElementErrors). */
export function tryParse<T>(parse: () => T): { value: T | undefined; error: unknown } {
  try {
    return { value: parse(), error: null };
  } catch (error) {
    return { value: undefined, error };
  }
}
