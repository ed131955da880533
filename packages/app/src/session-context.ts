import type { SessionStore } from '@lumen-bi/views';
import { createContext, useContext } from 'react';

/**
 * The app's session store, for the few pages that change what the shell shows about the signed-in user
 * (the profile page's name and e-mail). Pages render without props, so it comes through context.
 */
export const SessionContext = createContext<SessionStore | null>(null);

export const useSession = (): SessionStore | null => useContext(SessionContext);
