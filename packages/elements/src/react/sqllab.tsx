import { forwardRef, type ForwardedRef } from 'react';
import type { FetchGuestToken } from '../element-api';
import type { BiQueryErrorDetail, BiQuerySuccessDetail } from '../element-events';
import { sqlLabElementClass, type BiSqlLabElement } from '../sqllab-element';
import { definedOnly } from './attribute-values';
import { commonAttributes, detailOf, type BiCommonProps } from './common-props';
import { useForwardedElementRef } from './forwarded-ref';
import { renderElement } from './render-element';
import { useBiElement } from './use-bi-element';

export interface SqlLabProps extends BiCommonProps {
  /** A guest token that grants SQL Lab on named databases (docs/embedding.md); absent: the browser's session. */
  guestToken?: string;
  /** A fresh guest token (with a SQL Lab grant) from the host's backend; called at once and before each exp. */
  fetchGuestToken?: FetchGuestToken;
  databaseId?: number;
  schema?: string;
  /** The host's tab's SQL; a change replaces it without running it. */
  sql?: string;
  /** Title of the host's tab; default "Embedded query". */
  tabTitle?: string;
  onQuerySuccess?: (detail: BiQuerySuccessDetail) => void;
  onQueryError?: (detail: BiQueryErrorDetail) => void;
}

/**
 * `<bi-sqllab>` as a React component (React 18 and 19). The ref is the element (`ref.current.run()`).
 *
 * @example
 * <SqlLab databaseId={1} sql="SELECT 42 AS answer" onQuerySuccess={(q) => console.log(q.rowCount)} style={{ height: '80vh' }} />
 */
export const SqlLab = forwardRef(function SqlLab(props: SqlLabProps, forwarded: ForwardedRef<BiSqlLabElement>) {
  const ref = useBiElement<BiSqlLabElement>({
    tag: 'bi-sqllab',
    elementClass: sqlLabElementClass,
    properties: { fetchGuestToken: props.fetchGuestToken },
    listeners: {
      'bi-ready': detailOf(props.onReady),
      'bi-error': detailOf(props.onError),
      'bi-query-success': detailOf(props.onQuerySuccess),
      'bi-query-error': detailOf(props.onQueryError),
    },
  });
  const attributes = definedOnly({
    ...commonAttributes(props),
    'guest-token': props.guestToken,
    'database-id': props.databaseId,
    schema: props.schema,
    sql: props.sql,
    'tab-title': props.tabTitle,
  });
  return renderElement('bi-sqllab', attributes, useForwardedElementRef(ref, forwarded), props.style);
});
