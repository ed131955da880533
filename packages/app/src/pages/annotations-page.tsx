import { AnnotationList } from '@lumen-bi/views';
import { ANNOTATIONS_PATH } from '../router/routes';
import { useLocation } from '../router/history-location';
import { useListPage } from './use-list-page';

/** One annotation layer's annotations (/annotationlayer/{id}/annotation/), in its own lazy chunk; the id comes from the address. */
export function AnnotationsPage() {
  const list = useListPage();
  const { pathname } = useLocation();
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const layerId = Number(ANNOTATIONS_PATH.exec(path)?.[1]);
  return <AnnotationList key={layerId} {...list} layerId={layerId} />;
}
