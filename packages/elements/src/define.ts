/**
 * The side-effecting entry that will register the custom elements (`@lumen-bi/elements/define`), kept apart
 * so importing the classes never registers anything. No element exists yet, so it registers nothing.
 */
export {};
