import { useCallback, useEffect, useRef } from 'react';
import { BI_ERROR, emitElementEvent, toErrorDetail, type BiErrorDetail, type BiErrorSource } from './element-events';

export interface ElementErrorOptions {
  /** The element's api-url: a NETWORK failure towards another origin is probed for a CORS refusal. */
  apiUrl?: string | null;
  /** Called with every detail after its `bi-error` was dispatched (the views show fatal ones in place). */
  onReported?: (detail: BiErrorDetail) => void;
}

/**
 * A stable `report(error, source)` that dispatches `bi-error` on the element, and reports an attribute
 * parse failure once per distinct message.
 */
export function useElementErrors(host: HTMLElement | null, attributeError: unknown, options: ElementErrorOptions = {}): (error: unknown, source: BiErrorSource) => void {
  const hostRef = useRef(host);
  hostRef.current = host;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const report = useCallback((error: unknown, source: BiErrorSource) => {
    const detail = toErrorDetail(error, source);
    const dispatch = (final: BiErrorDetail) => {
      emitElementEvent(hostRef.current, BI_ERROR, final);
      optionsRef.current.onReported?.(final);
    };
    if (detail.code !== 'NETWORK') return dispatch(detail);
    // Only the server's answer to a no-cors request tells a refused origin from a server that is down. The
    // probe is imported here, on a network failure only, so an element that loads fine never downloads it;
    // if it cannot be downloaded either, the failure stays NETWORK.
    void import('./origin-probe')
      .then(({ probeNetworkFailure }) => probeNetworkFailure(optionsRef.current.apiUrl ?? ''))
      .then((code) => dispatch({ ...detail, code }), () => dispatch(detail));
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
