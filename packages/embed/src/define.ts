/**
 * Side-effecting entry: registers `<bi-embed>`. Import it once (`import '@lumen-bi/embed/define'`);
 * importing the package root never registers anything.
 */
import { BiEmbedElement } from './bi-embed-element';

if (!customElements.get('bi-embed')) customElements.define('bi-embed', BiEmbedElement);
