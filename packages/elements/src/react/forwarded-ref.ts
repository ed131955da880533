import { useCallback, type ForwardedRef, type MutableRefObject } from 'react';

/**
 * One callback ref that fills the component's own ref and the host's forwarded one, so a host gets the
 * element (and its methods) while the component keeps wiring it.
 */
export function useForwardedElementRef<E>(own: MutableRefObject<E | null> | { current: E | null }, forwarded: ForwardedRef<E>): (element: E | null) => void {
  return useCallback(
    (element: E | null) => {
      own.current = element;
      if (typeof forwarded === 'function') forwarded(element);
      else if (forwarded) forwarded.current = element;
    },
    [own, forwarded],
  );
}
