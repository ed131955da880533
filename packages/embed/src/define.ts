/**
 * Side-effecting entry: registers `<bi-embed>`. Import it once (`import '@lumen-bi/embed/define'`);
 * importing the package root never registers anything.
 */
import { BiEmbedElement } from './bi-embed-element';

// In Node (SSR) there is no registry: nothing to register.
if (typeof customElements !== 'undefined' && !customElements.get('bi-embed')) customElements.define('bi-embed', BiEmbedElement);
