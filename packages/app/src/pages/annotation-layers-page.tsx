import { AnnotationLayerList } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** Settings → Manage → Annotation Layers (/annotationlayer/list/), in its own lazy chunk. */
export function AnnotationLayersPage() {
  return <AnnotationLayerList {...useListPage()} />;
}
