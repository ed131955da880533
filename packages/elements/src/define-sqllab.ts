/** Side-effecting entry `@lumen-bi/elements/define/sqllab`: registers <bi-sqllab> only. */
import './element-types';
import { defineElement } from './define-element';
import { sqlLabElementClass } from './sqllab-element';

defineElement('bi-sqllab', sqlLabElementClass);
